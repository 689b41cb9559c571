// What differs between two versions of a working file, item by item: the nodes and links added,
// changed or removed, and whether anything else (backlog, people, trees, top-level fields)
// changed. The editor uses it to mark what changed on disk and to say how much.
import { deepEqual, isObject } from '../model/json';
import { rememberLast } from '../model/remember-last';
import type { Json } from '../model/types';
import { TREE_KEYS } from '../model/vocabulary';

export interface ItemChanges {
  /** Nodes and links present after, that were absent or different before. */
  changed: string[];
  /** Nodes and links present before and absent after. */
  removed: string[];
  /** Anything outside nodes and links changed too (backlog, participants, trees, fields). */
  otherChanged: boolean;
}

/** Each version's nodes and links by id (the first of a repeated id), read once per version. */
const itemsById = rememberLast((data: Json | undefined) => listItems(data));

function listItems(data: Json | undefined): Map<string, Json> {
  const items = new Map<string, Json>();
  if (!isObject(data) || !isObject(data.trees)) return items;
  for (const key of TREE_KEYS) {
    const tree = data.trees[key];
    if (!isObject(tree)) continue;
    for (const list of [tree.nodes, tree.links]) {
      if (!Array.isArray(list)) continue;
      for (const item of list) if (isObject(item) && typeof item.id === 'string' && !items.has(item.id)) items.set(item.id, item);
    }
  }
  return items;
}

/** The data with every node and link list emptied: what remains is "everything else". */
function withoutItems(data: Json | undefined): Json | undefined {
  if (!isObject(data) || !isObject(data.trees)) return data;
  const trees: { [key: string]: Json } = Object.create(null);
  for (const [key, tree] of Object.entries(data.trees)) trees[key] = isObject(tree) ? { ...tree, nodes: [], links: [] } : tree;
  return { ...data, trees };
}

export function changedItems(before: Json | undefined, after: Json | undefined): ItemChanges {
  if (before === after) return { changed: [], removed: [], otherChanged: false };
  const old = itemsById(before);
  const now = itemsById(after);
  const changed: string[] = [];
  for (const [id, item] of now) if (!old.has(id) || !deepEqual(old.get(id)!, item)) changed.push(id);
  const removed = [...old.keys()].filter((id) => !now.has(id));
  return { changed, removed, otherChanged: !deepEqual(withoutItems(before) ?? null, withoutItems(after) ?? null) };
}
