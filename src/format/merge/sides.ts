// One version of a working file (base, mine or theirs) cut into the items the merge compares:
// the top-level fields, participants, trees, and every entry of every tree's lists (nodes and
// links by id, backlog entries by what they say). A value whose shape is not the format's is
// kept whole, as one coarser item, so that nothing is silently dropped. Everything keyed by a
// user's id lives in a Map.
import { deepEqual, isObject } from '../model/json';
import type { Json } from '../model/types';
import { TRACE_FIELDS } from '../model/vocabulary';

export type Rec = { [key: string]: Json };
export type ListName = 'nodes' | 'links' | 'backlog';
export const LISTS: readonly ListName[] = ['nodes', 'links', 'backlog'];

/** node/link: identified by id; backlog: by tree, ref, work, note and occurrence; other: by its whole value. */
export type EntryKind = 'node' | 'link' | 'backlog' | 'other';

export interface Entry {
  /** Unique within one version; the same key names the same item in all three. */
  key: string;
  kind: EntryKind;
  tree: string;
  list: ListName;
  value: Json;
  /** node and link */
  id?: string;
  /** backlog: which of several equal entries (0 for the first) */
  occurrence?: number;
}

/** Which parts are merged item by item; decided once for all three versions. */
export interface Layout {
  participants: boolean;
  trees: boolean;
  /** Tree keys whose lists are merged entry by entry; other trees are merged as whole values. */
  structuredTrees: ReadonlySet<string>;
}

export interface TreeSide {
  value: Json;
  /** The tree's keys in its order (structured trees). */
  keys: string[];
  /** Own keys with their values, and each list key present with LIST_PRESENT (structured trees). */
  fields: Map<string, Json>;
}

/** Stands for a list key in a tree's fields: the merge compares only whether the key is there. */
export const LIST_PRESENT = 0;

export interface Side {
  root: Rec;
  keys: string[];
  /** Top-level keys except participants and trees when those are merged item by item. */
  fields: Map<string, Json>;
  participants: Map<string, Json>;
  participantOrder: string[];
  trees: Map<string, TreeSide>;
  treeOrder: string[];
  entries: Map<string, Entry>;
  /** tree key → list → entry keys in list order */
  lists: Map<string, Map<ListName, string[]>>;
}

export function own(record: Rec, key: string): Json | undefined {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

export function nodeKey(id: string): string {
  return `n:${id}`;
}

export function linkKey(id: string): string {
  return `l:${id}`;
}

/** Absent and present values stay apart in an identity (null is a value). */
function part(value: Json | undefined): Json {
  return value === undefined ? 0 : [value];
}

export function decideLayout(base: Rec, mine: Rec, theirs: Rec): Layout {
  const sides = [base, mine, theirs];
  const participants = sides.every((side) => isObject(own(side, 'participants')));
  const trees = sides.every((side) => isObject(own(side, 'trees')));
  const structuredTrees = new Set<string>();
  if (trees) {
    const unfit = new Set<string>();
    for (const side of sides) {
      for (const [key, tree] of Object.entries(side.trees as Rec)) {
        const fit = isObject(tree) && LISTS.every((list) => {
          const value = own(tree, list);
          return value === undefined || Array.isArray(value);
        });
        (fit ? structuredTrees : unfit).add(key);
      }
    }
    for (const key of unfit) structuredTrees.delete(key);
  }
  return { participants, trees, structuredTrees };
}

export function indexSide(root: Rec, layout: Layout): Side {
  const keys = Object.keys(root);
  const fields = new Map<string, Json>();
  for (const key of keys) {
    if ((key === 'participants' && layout.participants) || (key === 'trees' && layout.trees)) continue;
    fields.set(key, root[key]);
  }
  const participants = new Map<string, Json>();
  const participantOrder: string[] = [];
  if (layout.participants) {
    for (const [id, name] of Object.entries(root.participants as Rec)) {
      participants.set(id, name);
      participantOrder.push(id);
    }
  }
  const side: Side = { root, keys, fields, participants, participantOrder, trees: new Map(), treeOrder: [], entries: new Map(), lists: new Map() };
  if (!layout.trees) return side;

  const backlogCounts = new Map<string, number>();
  const otherCounts = new Map<string, number>();
  for (const [treeKey, tree] of Object.entries(root.trees as Rec)) {
    side.treeOrder.push(treeKey);
    if (!layout.structuredTrees.has(treeKey)) {
      side.trees.set(treeKey, { value: tree, keys: [], fields: new Map() });
      continue;
    }
    const record = tree as Rec;
    const treeFields = new Map<string, Json>();
    for (const key of Object.keys(record)) treeFields.set(key, (LISTS as readonly string[]).includes(key) ? LIST_PRESENT : record[key]);
    side.trees.set(treeKey, { value: tree, keys: Object.keys(record), fields: treeFields });
    const lists = new Map<ListName, string[]>();
    side.lists.set(treeKey, lists);
    for (const list of LISTS) {
      const order: string[] = [];
      lists.set(list, order);
      const items = own(record, list);
      if (!Array.isArray(items)) continue;
      for (const value of items) {
        const entry = identify(value, treeKey, list, side.entries, backlogCounts, otherCounts);
        side.entries.set(entry.key, entry);
        order.push(entry.key);
      }
    }
  }
  return side;
}

function identify(
  value: Json,
  tree: string,
  list: ListName,
  seen: ReadonlyMap<string, Entry>,
  backlogCounts: Map<string, number>,
  otherCounts: Map<string, number>,
): Entry {
  if (list !== 'backlog' && isObject(value) && typeof value.id === 'string') {
    const key = list === 'nodes' ? nodeKey(value.id) : linkKey(value.id);
    // A repeated id: the first item keeps the id's identity, the others are compared whole.
    if (!seen.has(key)) return { key, kind: list === 'nodes' ? 'node' : 'link', tree, list, value, id: value.id };
  }
  if (list === 'backlog' && isObject(value)) {
    const identity = JSON.stringify([tree, part(own(value, 'ref')), part(own(value, 'work')), part(own(value, 'note'))]);
    const occurrence = backlogCounts.get(identity) ?? 0;
    backlogCounts.set(identity, occurrence + 1);
    return { key: `b:${identity}#${occurrence}`, kind: 'backlog', tree, list, value, occurrence };
  }
  const identity = JSON.stringify([tree, list, value]);
  const occurrence = otherCounts.get(identity) ?? 0;
  otherCounts.set(identity, occurrence + 1);
  return { key: `o:${identity}#${occurrence}`, kind: 'other', tree, list, value, occurrence };
}

export function sameEntry(a: Entry | undefined, b: Entry | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.tree === b.tree && deepEqual(a.value, b.value);
}

/** The ids an entry names, by field: a link's ends, a node's traces, a backlog entry's ref. */
export function referencesOf(entry: Entry): [field: string, ids: string[]][] {
  const value = entry.value;
  if (!isObject(value)) return [];
  const ids = (field: string): string[] => {
    const list = own(value, field);
    if (typeof list === 'string') return [list];
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
  };
  if (entry.kind === 'link') return [['from', ids('from')], ['to', ids('to')]];
  if (entry.kind === 'node') return TRACE_FIELDS.map((field) => [field, ids(field)]);
  if (entry.kind === 'backlog') return [['ref', ids('ref')]];
  return [];
}

/** Participant ids an entry names: contributors, endorsers, authors of notes. */
export function peopleOf(entry: Entry): string[] {
  const value = entry.value;
  if (!isObject(value) || (entry.kind !== 'node' && entry.kind !== 'link')) return [];
  const people: string[] = [];
  for (const field of ['contributions', 'assumptions', 'challenges']) {
    const list = own(value, field);
    if (!Array.isArray(list)) continue;
    for (const item of list) if (isObject(item) && typeof item.by === 'string') people.push(item.by);
  }
  const endorsers = own(value, 'accepted_by');
  if (Array.isArray(endorsers)) for (const id of endorsers) if (typeof id === 'string') people.push(id);
  return people;
}
