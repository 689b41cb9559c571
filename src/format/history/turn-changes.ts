// What one turn changed: the nodes, links and backlog entries added, changed or removed, and the
// participants, driver, active tree, title and trees, each with its content before and after.
// A turn is one batch of changes made by someone outside this editor (the assistant, the file on
// disk, another window). The list is enough to show the turn and to undo it item by item, without
// either version of the whole file.
import { deepEqual, isObject } from '../model/json';
import type { Json } from '../model/types';
import type { TurnChange, TurnChangeKind } from '../model/turn';

export type { TurnChange, TurnChangeKind, TurnSubject } from '../model/turn';

/** The top-level fields a turn reports on by themselves (participants and trees are itemised). */
const FIELDS = ['project', 'driver', 'active_tree', 'schema_version'] as const;

interface Listed {
  tree: string;
  index: number;
  item: { [key: string]: Json };
}

type Tree = { [key: string]: Json };

function treesOf(data: Json | undefined): [string, Tree][] {
  if (!isObject(data) || !isObject(data.trees)) return [];
  return Object.entries(data.trees).filter((entry): entry is [string, Tree] => isObject(entry[1]));
}

/**
 * The trees to compare, each with its version before and after: only those whose object differs.
 * An edit, a change read from disk or one from the session keeps the objects of the trees it did
 * not touch, and an item is in one tree only: a turn on one tree of six costs that tree.
 */
function changedTrees(before: Json | undefined, after: Json | undefined): { key: string; was?: Tree; now?: Tree }[] {
  const was = new Map(treesOf(before));
  const changed: { key: string; was?: Tree; now?: Tree }[] = [];
  for (const [key, now] of treesOf(after)) {
    const old = was.get(key);
    was.delete(key);
    if (old !== now) changed.push({ key, was: old, now });
  }
  for (const [key, old] of was) changed.push({ key, was: old });
  return changed;
}

/** A tree's nodes or links by id, read once per tree object (a turn compares each version with the one before). */
const listedItems = { nodes: new WeakMap<Tree, Map<string, Listed>>(), links: new WeakMap<Tree, Map<string, Listed>>() };

function itemsOfTree(key: string, tree: Tree, list: 'nodes' | 'links'): Map<string, Listed> {
  let items = listedItems[list].get(tree);
  if (items) return items;
  items = new Map();
  const entries = tree[list];
  if (Array.isArray(entries)) {
    entries.forEach((item, index) => {
      if (isObject(item) && typeof item.id === 'string' && !items!.has(item.id)) items!.set(item.id, { tree: key, index, item });
    });
  }
  listedItems[list].set(tree, items);
  return items;
}

/** The items of `list` in these trees of one version, by id (the first of an id repeated wins). */
function itemsOf(trees: { key: string; tree?: Tree }[], list: 'nodes' | 'links'): Map<string, Listed> {
  const items = new Map<string, Listed>();
  for (const { key, tree } of trees) {
    if (!tree) continue;
    for (const [id, listed] of itemsOfTree(key, tree, list)) if (!items.has(id)) items.set(id, listed);
  }
  return items;
}

function backlogKey(tree: string, entry: { [key: string]: Json }): string {
  return `backlog:${tree}:${JSON.stringify([entry.ref ?? null, entry.work ?? null, entry.note ?? null])}`;
}

/** Backlog entries have no ids: an entry is its content, and equal entries are counted. */
function backlogOf(trees: { key: string; tree?: Tree }[]): Map<string, Listed[]> {
  const entries = new Map<string, Listed[]>();
  for (const { key: tree, tree: value } of trees) {
    const list = value?.backlog;
    if (!Array.isArray(list)) continue;
    list.forEach((entry, index) => {
      if (!isObject(entry)) return;
      const key = backlogKey(tree, entry);
      const same = entries.get(key);
      if (same) same.push({ tree, index, item: entry });
      else entries.set(key, [{ tree, index, item: entry }]);
    });
  }
  return entries;
}

type Changed = ReturnType<typeof changedTrees>;
const versionsOf = (changed: Changed) => ({ old: changed.map(({ key, was }) => ({ key, tree: was })), now: changed.map(({ key, now }) => ({ key, tree: now })) });

function itemChanges(changed: Changed, list: 'nodes' | 'links'): TurnChange[] {
  const subject = list === 'nodes' ? 'node' : 'link';
  const versions = versionsOf(changed);
  const old = itemsOf(versions.old, list);
  const now = itemsOf(versions.now, list);
  const changes: TurnChange[] = [];
  for (const [id, { tree, index, item }] of now) {
    const was = old.get(id);
    if (!was) changes.push({ subject, key: id, id, tree, change: 'added', after: item, index });
    else if (!deepEqual(was.item, item) || was.tree !== tree) changes.push({ subject, key: id, id, tree, change: 'changed', before: was.item, after: item });
  }
  for (const [id, { tree, index, item }] of old) {
    // A node that became a link (or the reverse) is reported under both lists.
    if (!now.has(id)) changes.push({ subject, key: id, id, tree, change: 'removed', before: item, index });
  }
  return changes;
}

function backlogChanges(changed: Changed): TurnChange[] {
  const versions = versionsOf(changed);
  const old = backlogOf(versions.old);
  const now = backlogOf(versions.now);
  const changes: TurnChange[] = [];
  const compare = (from: Map<string, Listed[]>, to: Map<string, Listed[]>, change: 'added' | 'removed') => {
    for (const [key, entries] of from) {
      const kept = to.get(key)?.length ?? 0;
      entries.slice(kept).forEach(({ tree, index, item }, n) => {
        const ref = typeof item.ref === 'string' ? item.ref : '';
        changes.push({
          subject: 'backlog',
          key: n + kept === 0 ? key : `${key}#${n + kept}`,
          id: ref,
          tree,
          change,
          ...(change === 'added' ? { after: item } : { before: item }),
          index,
        });
      });
    }
  };
  compare(now, old, 'added');
  compare(old, now, 'removed');
  return changes;
}

function participantChanges(before: Json | undefined, after: Json | undefined): TurnChange[] {
  const old = isObject(before) && isObject(before.participants) ? before.participants : {};
  const now = isObject(after) && isObject(after.participants) ? after.participants : {};
  const changes: TurnChange[] = [];
  const has = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);
  for (const [id, name] of Object.entries(now)) {
    if (!has(old, id)) changes.push({ subject: 'participant', key: `participant:${id}`, id, change: 'added', after: name });
    else if (!deepEqual(old[id], name)) changes.push({ subject: 'participant', key: `participant:${id}`, id, change: 'changed', before: old[id], after: name });
  }
  for (const [id, name] of Object.entries(old)) {
    if (!has(now, id)) changes.push({ subject: 'participant', key: `participant:${id}`, id, change: 'removed', before: name });
  }
  return changes;
}

function fieldChanges(before: Json | undefined, after: Json | undefined): TurnChange[] {
  const changes: TurnChange[] = [];
  const read = (data: Json | undefined, field: string): Json | undefined =>
    isObject(data) && Object.prototype.hasOwnProperty.call(data, field) ? data[field] : undefined;
  for (const field of FIELDS) {
    const was = read(before, field);
    const now = read(after, field);
    if (deepEqual(was ?? null, now ?? null) && (was === undefined) === (now === undefined)) continue;
    const change: TurnChangeKind = was === undefined ? 'added' : now === undefined ? 'removed' : 'changed';
    changes.push({ subject: 'field', key: `field:${field}`, id: field, change, ...(was !== undefined ? { before: was } : {}), ...(now !== undefined ? { after: now } : {}) });
  }
  return changes;
}

function treeChanges(before: Json | undefined, after: Json | undefined): TurnChange[] {
  const old = new Set(treesOf(before).map(([key]) => key));
  const now = new Set(treesOf(after).map(([key]) => key));
  const changes: TurnChange[] = [];
  for (const key of now) if (!old.has(key)) changes.push({ subject: 'tree', key: `tree:${key}`, id: key, change: 'added' });
  for (const key of old) if (!now.has(key)) changes.push({ subject: 'tree', key: `tree:${key}`, id: key, change: 'removed' });
  return changes;
}

/** Everything `after` changed compared with `before`, trees and fields first, then nodes, links, backlog. */
export function turnChanges(before: Json | undefined, after: Json | undefined): TurnChange[] {
  if (before === after) return [];
  const trees = changedTrees(before, after);
  return [
    ...fieldChanges(before, after),
    ...participantChanges(before, after),
    ...treeChanges(before, after),
    ...itemChanges(trees, 'nodes'),
    ...itemChanges(trees, 'links'),
    ...backlogChanges(trees),
  ];
}

/**
 * One turn made of several writes: `later` on top of `earlier`. An item added and then changed is
 * added (with its last content); added and then removed, it is no change at all; changed back
 * to what it was, likewise.
 */
export function combineTurnChanges(earlier: readonly TurnChange[], later: readonly TurnChange[]): TurnChange[] {
  const combined = new Map<string, TurnChange>();
  for (const change of earlier) combined.set(change.key, change);
  for (const change of later) {
    const first = combined.get(change.key);
    if (!first) {
      combined.set(change.key, change);
      continue;
    }
    combined.delete(change.key); // re-added below, in the order of its latest change
    const before = first.before;
    const after = change.after;
    if (first.change === 'added') {
      if (change.change !== 'removed') combined.set(change.key, { ...change, change: 'added', before: undefined, after, index: first.index ?? change.index });
      continue;
    }
    if (change.change === 'removed') {
      combined.set(change.key, { ...change, change: 'removed', before, after: undefined, index: first.index ?? change.index });
      continue;
    }
    // first changed or removed, then changed or added again: a change from the first content.
    if (before !== undefined && after !== undefined && deepEqual(before, after)) continue;
    combined.set(change.key, { ...change, change: before === undefined ? 'added' : 'changed', ...(before !== undefined ? { before } : {}), after });
  }
  return [...combined.values()].map(withoutUndefined);
}

function withoutUndefined(change: TurnChange): TurnChange {
  const copy = { ...change };
  for (const key of ['before', 'after', 'index', 'tree'] as const) if (copy[key] === undefined) delete copy[key];
  return copy;
}

/**
 * The changes to undo together with the one keyed `key`: an added node takes the links added with
 * it in the same turn (they cannot stay without it); a removed node comes back with the links
 * removed with it, and a removed link with the nodes it needs.
 */
export function changesToUndoWith(changes: readonly TurnChange[], key: string): TurnChange[] {
  const chosen = changes.find((change) => change.key === key);
  if (!chosen) return [];
  const linkEnds = (change: TurnChange): string[] => {
    const item = change.change === 'removed' ? change.before : change.after;
    if (!isObject(item)) return [];
    const from = Array.isArray(item.from) ? item.from.filter((id): id is string => typeof id === 'string') : [];
    return typeof item.to === 'string' ? [...from, item.to] : from;
  };
  const result = [chosen];
  if (chosen.subject === 'node' && chosen.change === 'added') {
    for (const change of changes) if (change.subject === 'link' && change.change === 'added' && linkEnds(change).includes(chosen.id)) result.push(change);
  }
  if (chosen.subject === 'node' && chosen.change === 'removed') {
    for (const change of changes) if (change.subject === 'link' && change.change === 'removed' && linkEnds(change).includes(chosen.id)) result.push(change);
  }
  if (chosen.subject === 'link' && chosen.change === 'removed') {
    const ends = new Set(linkEnds(chosen));
    for (const change of changes) if (change.subject === 'node' && change.change === 'removed' && ends.has(change.id)) result.push(change);
  }
  return result;
}
