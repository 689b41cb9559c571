// Both sides added an item with the same new id. When the two are the same item, the merge
// keeps one; otherwise nothing may be lost, so the editor's item (mine) takes a fresh id in the
// file's own style, and every reference to it in the editor's version follows.
import { deepEqual, isObject } from '../model/json';
import { LISTS, linkKey, nodeKey, own, sameEntry, type Layout, type ListName, type Rec, type Side } from './sides';
import { newLinkId, newNodeId } from '../operations/ids';
import { setKey } from '../operations/write';
import type { Json, WorkingFile } from '../model/types';
import { TRACE_FIELDS } from '../model/vocabulary';

export interface Renamed {
  from: string;
  to: string;
}

/** The editor's new items whose id the file on disk also gained for something else, with fresh ids. */
export function clashingIds(base: Side, mine: Side, theirs: Side): Map<string, string> {
  const baseIds = idsOf(base);
  const clashes: { id: string; kind: 'node' | 'link'; tree: string }[] = [];
  for (const entry of mine.entries.values()) {
    if ((entry.kind !== 'node' && entry.kind !== 'link') || baseIds.has(entry.id!)) continue;
    const counterpart = theirs.entries.get(nodeKey(entry.id!)) ?? theirs.entries.get(linkKey(entry.id!));
    if (counterpart === undefined || (counterpart.key === entry.key && sameEntry(counterpart, entry))) continue;
    clashes.push({ id: entry.id!, kind: entry.kind, tree: entry.tree });
  }
  const renames = new Map<string, string>();
  if (clashes.length === 0) return renames;
  const avoid = new Set([...baseIds, ...idsOf(mine), ...idsOf(theirs)]);
  const file = mine.root as unknown as WorkingFile;
  for (const clash of clashes) {
    if (renames.has(clash.id)) continue;
    const fresh = clash.kind === 'node' ? newNodeId(file, avoid, clash.tree) : newLinkId(file, avoid, clash.tree);
    avoid.add(fresh);
    renames.set(clash.id, fresh);
  }
  return renames;
}

/** Every id a version uses for a node or link, repeated ones included. */
function idsOf(side: Side): Set<string> {
  const ids = new Set<string>();
  for (const entry of side.entries.values()) {
    if (isObject(entry.value) && (entry.list === 'nodes' || entry.list === 'links') && typeof entry.value.id === 'string') ids.add(entry.value.id);
  }
  return ids;
}

/** The editor's version with `renames` applied to ids and to every link end, trace and backlog ref. */
export function renameIds(root: Rec, layout: Layout, renames: ReadonlyMap<string, string>): Rec {
  const trees = root.trees as Rec;
  const renamed = Object.entries(trees).map(([key, tree]): [string, Json] => {
    if (!layout.structuredTrees.has(key)) return [key, tree];
    let next = tree as Rec;
    for (const list of LISTS) {
      const items = own(next, list);
      if (Array.isArray(items)) next = setKey(next, list, items.map((item) => renameIn(item, list, renames)));
    }
    return [key, next];
  });
  return setKey(root, 'trees', Object.fromEntries(renamed));
}

function renameIn(item: Json, list: ListName, renames: ReadonlyMap<string, string>): Json {
  if (!isObject(item)) return item;
  const swap = (id: Json): Json => (typeof id === 'string' && renames.has(id) ? renames.get(id)! : id);
  let next: Rec = item;
  const keys = list === 'backlog' ? ['ref'] : list === 'links' ? ['id', 'from', 'to'] : ['id', ...TRACE_FIELDS];
  for (const key of keys) {
    const value = own(next, key);
    if (value === undefined) continue;
    const renamed = Array.isArray(value) ? value.map(swap) : swap(value);
    if (!deepEqual(renamed, value)) next = setKey(next, key, renamed);
  }
  return next;
}
