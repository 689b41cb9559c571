// Repairs after a merge of edits made at the same time (a group session's shared document): each
// edit was valid alone, but together they can break a rule no single one broke. Two people made
// `n3` offline; one removed a node while another linked to it; one disputed a node while another
// accepted a link to it; both endorsed at once. The repair renames the colliding id, takes out
// what depended on the removed item (the merge's own cascade), returns links whose ends are no
// longer accepted to proposed, and drops repeated endorsers and sources, so that what is
// written validates. Problems the file already had before the merge are the user's to settle
// and are left as they are.
import { deepEqual, isObject } from '../model/json';
import type { Json, WorkingFile } from '../model/types';
import { newLinkId, newNodeId } from '../operations/ids';
import { count, listWords } from '../operations/result';
import { setKey, touched, withStatus } from '../operations/write';
import type { Link } from '../model/types';
import { cascade, type Removal } from './cascade';
import { LISTS, decideLayout, indexSide, own, type Entry, type Rec } from './sides';

export interface RepairPlace {
  tree: string;
  list: 'nodes' | 'links';
  index: number;
}

export interface RenamedItem extends RepairPlace {
  from: string;
  to: string;
}

export interface RepairOptions {
  /** Ids standing for removed items: what refers to them goes, as removing the item takes it. */
  removed?: ReadonlySet<string>;
  /** The state before the merge: only problems it did not have are repaired. */
  before?: Json;
  /** Which of the items sharing an id keeps it (the one that was there first); the first in file order otherwise. */
  keepsId?: (place: RepairPlace) => boolean;
}

export interface RepairOutcome {
  /** The repaired data: the very input when nothing needed repair; unchanged items keep their identity. */
  data: Json;
  /** Items that took a fresh id, at their place in `data`. References to the id stay with the item that kept it. */
  renamed: RenamedItem[];
  /** What was repaired, in plain words. */
  notes: string[];
}

type Item = Rec & { id: string };
interface Located extends RepairPlace {
  item: Item;
}

export function repairMerged(data: Json, options: RepairOptions = {}): RepairOutcome {
  if (!isObject(data) || !isObject(own(data, 'trees'))) return { data, renamed: [], notes: [] };
  const before = options.before !== undefined && isObject(options.before) ? indexItems(options.before) : undefined;
  const notes: string[] = [];
  const renamed = renameCollisions(data, before, options.keepsId);
  let repaired = renamed.length > 0 ? applyRenames(data, renamed) : data;
  if (renamed.length > 0) notes.push(`${count(renamed.length, 'item')} made at the same time as another with the same id took a new id: ${listWords(renamed.map((r) => `${r.from} → ${r.to}`))}.`);
  repaired = cascadeRemovals(repaired, options.removed, notes);
  repaired = dropRepeats(repaired, before, notes);
  repaired = settleLinkStatus(repaired, before, notes);
  return { data: repaired, renamed, notes };
}

/** Every node and link with a string id, in file order. */
function itemsOf(data: Rec): Located[] {
  const found: Located[] = [];
  for (const [tree, value] of Object.entries(data.trees as Rec)) {
    if (!isObject(value)) continue;
    for (const list of ['nodes', 'links'] as const) {
      const items = own(value, list);
      if (!Array.isArray(items)) continue;
      items.forEach((item, index) => {
        if (isObject(item) && typeof item.id === 'string') found.push({ tree, list, index, item: item as Item });
      });
    }
  }
  return found;
}

/** The items of the state before the merge, by id (every item holding it). */
function indexItems(data: Rec): Map<string, Item[]> {
  const byId = new Map<string, Item[]>();
  if (!isObject(own(data, 'trees'))) return byId;
  for (const { item } of itemsOf(data)) byId.set(item.id, [...(byId.get(item.id) ?? []), item]);
  return byId;
}

function renameCollisions(data: Rec, before: Map<string, Item[]> | undefined, keepsId: RepairOptions['keepsId']): RenamedItem[] {
  const byId = new Map<string, Located[]>();
  const items = itemsOf(data);
  for (const located of items) byId.set(located.item.id, [...(byId.get(located.item.id) ?? []), located]);
  const taken = new Set(items.map(({ item }) => item.id));
  const file = data as unknown as WorkingFile;
  const renamed: RenamedItem[] = [];
  for (const [id, holders] of byId) {
    if (holders.length < 2 || (before?.get(id)?.length ?? 0) >= holders.length) continue; // the file's own repeated id
    const keeper = holders.find((holder) => keepsId?.(holder)) ?? holders[0];
    for (const holder of holders) {
      if (holder === keeper) continue;
      const fresh = holder.list === 'nodes' ? newNodeId(file, taken, holder.tree) : newLinkId(file, taken, holder.tree);
      taken.add(fresh);
      renamed.push({ tree: holder.tree, list: holder.list, index: holder.index, from: id, to: fresh });
    }
  }
  return renamed;
}

function applyRenames(data: Rec, renamed: readonly RenamedItem[]): Rec {
  let trees = data.trees as Rec;
  for (const rename of renamed) {
    const tree = trees[rename.tree] as Rec;
    const list = (tree[rename.list] as Json[]).slice();
    list[rename.index] = setKey(list[rename.index] as Rec, 'id', rename.to);
    trees = setKey(trees, rename.tree, setKey(tree, rename.list, list));
  }
  return setKey(data, 'trees', trees);
}

/** The merge's cascade for items removed by someone while someone else used them. */
function cascadeRemovals(data: Rec, removed: ReadonlySet<string> | undefined, notes: string[]): Rec {
  if (!removed || removed.size === 0) return data;
  const layout = decideLayout(data, data, data);
  const side = indexSide(data, layout);
  // A removed reference may have named a node or a link; only what can name each is affected.
  const removal: Removal = { nodes: removed, links: removed };
  const changes = cascade([...side.entries.values()], removal);
  // References to removed items in a `from` list whose other sources are also gone take the link.
  if (changes.size === 0) return data;
  let trees = data.trees as Rec;
  const removedLinks: string[] = [];
  const trimmed: string[] = [];
  const traced: string[] = [];
  let backlog = 0;
  for (const [treeKey, lists] of side.lists) {
    let tree = trees[treeKey] as Rec;
    for (const list of LISTS) {
      const keys = lists.get(list)!;
      if (!keys.some((key) => changes.has(key))) continue;
      const next: Json[] = [];
      for (const key of keys) {
        const entry = side.entries.get(key)!;
        if (!changes.has(key)) {
          next.push(entry.value);
          continue;
        }
        const change = changes.get(key);
        describe(entry, change ?? null, removedLinks, trimmed, traced, () => backlog++);
        if (change) next.push(change.value);
      }
      tree = setKey(tree, list, next);
    }
    trees = setKey(trees, treeKey, tree);
  }
  const parts: string[] = [];
  if (removedLinks.length) parts.push(`${count(removedLinks.length, 'link')} removed (${removedLinks.join(', ')})`);
  if (trimmed.length) parts.push(`${count(trimmed.length, 'link')} lost a source (${trimmed.join(', ')})`);
  if (traced.length) parts.push(`traces removed from ${listWords(traced)}`);
  if (backlog) parts.push(`${count(backlog, 'backlog entry', 'backlog entries')} removed`);
  notes.push(`Someone removed an item while someone else was using it: ${parts.join('; ')}.`);
  return setKey(data, 'trees', trees);
}

function describe(entry: Entry, change: Entry | null, removedLinks: string[], trimmed: string[], traced: string[], backlog: () => void): void {
  if (entry.kind === 'backlog') backlog();
  else if (change === null && entry.kind === 'link') removedLinks.push(entry.id!);
  else if (entry.kind === 'link') trimmed.push(entry.id!);
  else if (entry.kind === 'node') traced.push(entry.id!);
}

/** Endorsers and sources added twice at once (two devices, one person) count once. */
function dropRepeats(data: Rec, before: Map<string, Item[]> | undefined, notes: string[]): Rec {
  const fixed: string[] = [];
  const result = mapLocated(data, ({ item, list }) => {
    let next: Item = item;
    for (const field of list === 'links' ? ['accepted_by', 'from'] : ['accepted_by']) {
      const value = own(next, field);
      if (!Array.isArray(value) || new Set(value.map((v) => JSON.stringify(v))).size === value.length) continue;
      const earlier = before?.get(item.id)?.[0];
      const old = earlier ? own(earlier, field) : undefined;
      if (Array.isArray(old) && new Set(old.map((v) => JSON.stringify(v))).size < old.length) continue; // repeated in the file already
      const seen = new Set<string>();
      next = setKey(next, field, value.filter((v) => !seen.has(JSON.stringify(v)) && seen.add(JSON.stringify(v))));
    }
    if (next !== item) fixed.push(item.id);
    return next;
  });
  if (fixed.length) notes.push(`Repeated endorsers or sources counted once on ${listWords(fixed)}.`);
  return result;
}

/**
 * FORMAT.md §6: an accepted link needs every end accepted. A link accepted by one person while
 * another disputed or removed one of its ends returns to proposed.
 */
function settleLinkStatus(data: Rec, before: Map<string, Item[]> | undefined, notes: string[]): Rec {
  const statuses = new Map<string, Json | undefined>();
  for (const { item, list } of itemsOf(data)) if (list === 'nodes' && !statuses.has(item.id)) statuses.set(item.id, own(item, 'status'));
  const unacceptedEnds = (link: Rec, status: (id: string) => Json | undefined): string[] => {
    const from = own(link, 'from');
    const to = own(link, 'to');
    const ends = [...(Array.isArray(from) ? from : []), to].filter((end): end is string => typeof end === 'string');
    return ends.filter((end) => status(end) !== 'accepted');
  };
  const returned: string[] = [];
  const result = mapLocated(data, ({ item, list }) => {
    if (list !== 'links' || own(item, 'status') !== 'accepted') return item;
    const ends = unacceptedEnds(item, (id) => statuses.get(id));
    if (ends.length === 0) return item;
    const earlier = before?.get(item.id)?.[0];
    if (earlier && own(earlier, 'status') === 'accepted' && deepEqual(own(earlier, 'from'), own(item, 'from')) && deepEqual(own(earlier, 'to'), own(item, 'to'))) {
      // Already accepted with these ends before the merge: only an end that was accepted then and is not now is the merge's doing.
      const beforeStatuses = new Map<string, Json | undefined>();
      for (const [id, holders] of before!) beforeStatuses.set(id, own(holders[0], 'status'));
      const wasBroken = unacceptedEnds(earlier, (id) => beforeStatuses.get(id));
      if (ends.every((end) => wasBroken.includes(end))) return item;
    }
    returned.push(item.id);
    return touched(withStatus(item as unknown as Link, 'proposed')) as unknown as Item;
  });
  if (returned.length) notes.push(`${count(returned.length, 'link')} returned to proposed (${returned.join(', ')}): an end is no longer accepted, and an accepted link needs every end accepted.`);
  return result;
}

/** Maps every node and link with a string id; unchanged trees and lists keep their identity. */
function mapLocated(data: Rec, change: (located: Located) => Item): Rec {
  let trees = data.trees as Rec;
  let changed = false;
  for (const [treeKey, value] of Object.entries(trees)) {
    if (!isObject(value)) continue;
    let tree = value;
    for (const list of ['nodes', 'links'] as const) {
      const items = own(tree, list);
      if (!Array.isArray(items)) continue;
      let next: Json[] | undefined;
      items.forEach((item, index) => {
        if (!isObject(item) || typeof item.id !== 'string') return;
        const mapped = change({ tree: treeKey, list, index, item: item as Item });
        if (mapped === item) return;
        next ??= items.slice();
        next[index] = mapped;
      });
      if (next) tree = setKey(tree, list, next);
    }
    if (tree !== value) {
      trees = setKey(trees, treeKey, tree);
      changed = true;
    }
  }
  return changed ? setKey(data, 'trees', trees) : data;
}
