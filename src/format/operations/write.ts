// Immutable updates: every helper returns new objects along the changed path and shares
// everything else, so the input stays as it was and unchanged parts keep their identity.
// Key order is the user's: a replaced key keeps its place; a new key goes after a natural
// neighbour.
import { isObject } from '../model/json';
import type { BacklogEntry, Link, Node, Tree, WorkingFile } from '../model/types';
import type { Status } from '../model/vocabulary';
import { listOf, treeEntries, treeOf, type ItemList, type Place } from './read';

type Item = Node | Link;

function hasOwn(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/**
 * A copy of `object` with `key` set to `value`. An existing key keeps its position; a new one
 * goes right after whichever key of `after` comes last in the object, or at the end.
 */
export function setKey<T extends object>(object: T, key: string, value: unknown, after: readonly string[] = []): T {
  const entries = Object.entries(object);
  const existing = entries.findIndex(([k]) => k === key);
  if (existing >= 0) {
    entries[existing] = [key, value];
  } else {
    const anchor = Math.max(...after.map((k) => entries.findIndex(([existingKey]) => existingKey === k)), -1);
    entries.splice(anchor >= 0 ? anchor + 1 : entries.length, 0, [key, value]);
  }
  return Object.fromEntries(entries) as T;
}

export function withoutKey<T extends object>(object: T, key: string): T {
  if (!hasOwn(object, key)) return object;
  return Object.fromEntries(Object.entries(object).filter(([k]) => k !== key)) as T;
}

/** Where `status` goes when an item has none: after its statement, as the format writes it. */
const STATUS_AFTER = ['id', 'kind', 'from', 'to', 'text', 'relation'];

export function withStatus<T extends Item>(item: T, status: Status): T {
  return item.status === status ? item : setKey(item, 'status', status, STATUS_AFTER);
}

/** An edited item states its status explicitly (an unversioned draft's items may lack it). */
export function touched<T extends Item>(item: T): T {
  return hasOwn(item, 'status') ? item : withStatus(item, 'proposed');
}

/** Sets a list field (assumptions, traces, accepted_by…), dropping the key when it empties. */
export function withList<T extends object>(object: T, key: string, list: readonly unknown[], after: readonly string[] = []): T {
  return list.length === 0 ? withoutKey(object, key) : setKey(object, key, list, after);
}

export function setTree(file: WorkingFile, key: string, tree: Tree): WorkingFile {
  const trees = isObject(file.trees) ? file.trees : {};
  return { ...file, trees: setKey(trees, key, tree) };
}

export function setList(file: WorkingFile, treeKey: string, list: ItemList | 'backlog', items: unknown[], tree: Tree): WorkingFile {
  return setTree(file, treeKey, setKey(tree, list, items, list === 'backlog' ? ['nodes', 'links'] : list === 'links' ? ['nodes'] : []));
}

export function replaceItem<T extends Item>(file: WorkingFile, place: Place<T>, item: T): WorkingFile {
  // Only the item's own list is copied: an edit costs its tree's list, not every item of the file.
  const tree = treeOf(file, place.tree);
  const items = tree && Array.isArray(tree[place.list]) ? listOf(tree, place.list) : undefined;
  const current = items?.[place.index];
  if (!tree || !items || !isObject(current) || typeof current.id !== 'string' || current === item) return file;
  const next = items.slice();
  next[place.index] = item;
  return setTree(file, place.tree, setKey(tree, place.list, next));
}

/**
 * Maps every node and link of every tree (or of the trees in `only`): return the item to keep it,
 * a new item to replace it, or null to remove it. Unchanged trees and lists keep their identity.
 */
export function mapItems(file: WorkingFile, change: (item: Item, place: Place<Item>) => Item | null, only?: ReadonlySet<string>): WorkingFile {
  let result = file;
  for (const [key, tree] of treeEntries(file)) {
    if (only && !only.has(key)) continue;
    let newTree = tree;
    for (const list of ['nodes', 'links'] as const) {
      if (!Array.isArray(tree[list])) continue;
      const items = listOf(tree, list);
      let changed = false;
      const next: unknown[] = [];
      items.forEach((item, index) => {
        if (!isObject(item) || typeof item.id !== 'string') {
          next.push(item); // unreadable items stay for the user to repair
          return;
        }
        const mapped = change(item as unknown as Item, { tree: key, list, index, item: item as unknown as Item });
        if (mapped !== item) changed = true;
        if (mapped !== null) next.push(mapped);
      });
      if (changed) newTree = setKey(newTree, list, next);
    }
    if (newTree !== tree) result = setTree(result, key, newTree);
  }
  return result;
}

/** Maps every backlog entry of every tree, like `mapItems`. */
export function mapBacklog(file: WorkingFile, change: (entry: BacklogEntry, tree: string, index: number) => BacklogEntry | null): WorkingFile {
  let result = file;
  for (const [key, tree] of treeEntries(file)) {
    if (!Array.isArray(tree.backlog)) continue;
    let changed = false;
    const next: unknown[] = [];
    listOf(tree, 'backlog').forEach((entry, index) => {
      if (!isObject(entry)) {
        next.push(entry);
        return;
      }
      const mapped = change(entry as unknown as BacklogEntry, key, index);
      if (mapped !== entry) changed = true;
      if (mapped !== null) next.push(mapped);
    });
    if (changed) result = setTree(result, key, setKey(tree, 'backlog', next));
  }
  return result;
}
