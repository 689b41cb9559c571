// The merge of everything around the trees' entries: the top-level fields, the participants,
// and the trees themselves (their own keys, whether they exist, and their lists put together
// in order from the merged entries).
import { deepEqual } from '../model/json';
import { filePlace, participantPlace, treeFieldPlace, treePlace, type ConflictPlace, type Ledger, type MergeSide } from './ledger';
import { mergeOrder } from './order';
import { LISTS, peopleOf, type Entry, type ListName, type Rec, type Side } from './sides';
import { treeName } from '../operations/read';
import type { Json } from '../model/types';
import { capital } from '../validate/item';

function union(...orders: Iterable<string>[]): string[] {
  const all = new Set<string>();
  for (const order of orders) for (const key of order) all.add(key);
  return [...all];
}

/** Each key merged on its own; the result holds the keys that are there after the merge. */
function mergeMaps(
  base: ReadonlyMap<string, Json> | undefined,
  mine: ReadonlyMap<string, Json>,
  theirs: ReadonlyMap<string, Json>,
  ledger: Ledger,
  place: (key: string, base: Json | undefined, mine: Json | undefined, theirs: Json | undefined) => ConflictPlace,
): Map<string, Json> {
  const result = new Map<string, Json>();
  for (const key of union(theirs.keys(), mine.keys(), base?.keys() ?? [])) {
    const b = base?.get(key);
    const m = mine.get(key);
    const t = theirs.get(key);
    const value = ledger.resolve(b, m, t, () => place(key, b, m, t));
    if (value !== undefined) result.set(key, value);
  }
  return result;
}

/** Top-level keys other than participants and trees (when those are merged by item). */
export function mergeFileFields(base: Side, mine: Side, theirs: Side, ledger: Ledger): Map<string, Json> {
  return mergeMaps(base.fields, mine.fields, theirs.fields, ledger, filePlace);
}

export function mergeParticipants(base: Side, mine: Side, theirs: Side, ledger: Ledger): Map<string, Json> {
  return mergeMaps(base.participants, mine.participants, theirs.participants, ledger, participantPlace);
}

/**
 * A participant one side removed stays when the merged file still names them (the other side
 * made them a contributor, an endorser, an author of a note, or the driver) and the removing
 * side did not: removing them would leave a name nobody can resolve.
 */
export function keepNamedParticipants(
  participants: Map<string, Json>,
  driver: Json | undefined,
  entries: ReadonlyMap<string, Entry>,
  base: Side,
  mine: Side,
  theirs: Side,
  notes: string[],
): void {
  const removed = [...base.participants.keys()].filter((id) => !participants.has(id));
  if (removed.length === 0) return;
  const namesIn = (items: Iterable<Entry>, fileDriver: Json | undefined): Set<string> => {
    const people = new Set<string>();
    if (typeof fileDriver === 'string') people.add(fileDriver);
    for (const entry of items) for (const id of peopleOf(entry)) people.add(id);
    return people;
  };
  const sideOf = (side: MergeSide) => (side === 'mine' ? mine : theirs);
  const inMerge = namesIn(entries.values(), driver);
  const bySide = new Map<MergeSide, Set<string>>();
  const namedBy = (side: MergeSide): Set<string> => {
    let people = bySide.get(side);
    if (!people) bySide.set(side, (people = namesIn(sideOf(side).entries.values(), sideOf(side).fields.get('driver'))));
    return people;
  };
  for (const id of removed) {
    if (!inMerge.has(id)) continue;
    const removers = (['mine', 'theirs'] as const).filter((side) => !sideOf(side).participants.has(id));
    if (removers.some((side) => namedBy(side).has(id))) continue; // that side's own file names them: its choice stands
    const keeper = removers.length === 1 ? sideOf(removers[0] === 'mine' ? 'theirs' : 'mine') : base;
    participants.set(id, keeper.participants.get(id) ?? base.participants.get(id)!);
    const where = removers.length === 2 ? 'here and on disk' : removers[0] === 'mine' ? 'here' : 'on disk';
    notes.push(`Participant ${id} was removed ${where}, but the merged file still names ${id}, so the participant stays.`);
  }
}

/**
 * The trees, each with its own keys merged and its lists made of the merged entries, in order.
 * A tree one side removed stays while it holds merged entries or is the merged active tree.
 */
export function mergeTrees(
  base: Side,
  mine: Side,
  theirs: Side,
  structured: ReadonlySet<string>,
  entries: ReadonlyMap<string, Entry>,
  activeTree: Json | undefined,
  ledger: Ledger,
): Map<string, Json> {
  const content = new Map<string, Map<ListName, string[]>>();
  for (const entry of entries.values()) {
    let lists = content.get(entry.tree);
    if (!lists) content.set(entry.tree, (lists = new Map()));
    const keys = lists.get(entry.list);
    if (keys) keys.push(entry.key);
    else lists.set(entry.list, [entry.key]);
  }
  const result = new Map<string, Json>();
  for (const key of union(theirs.treeOrder, mine.treeOrder, base.treeOrder, content.keys())) {
    const b = base.trees.get(key);
    const m = mine.trees.get(key);
    const t = theirs.trees.get(key);
    if (!structured.has(key)) {
      const value = ledger.resolve(b?.value, m?.value, t?.value, () => treePlace(key, b?.value, m?.value, t?.value));
      if (value !== undefined) result.set(key, value);
      continue;
    }
    let fields: Map<string, Json> | undefined;
    if (m && t) {
      fields = mergeMaps(b?.fields, m.fields, t.fields, ledger, (field, fb, fm, ft) => treeFieldPlace(key, field, fb, fm, ft));
    } else if (m || t) {
      const keeper = (m ?? t)!;
      const removedBy: MergeSide = m ? 'theirs' : 'mine';
      const edited = b !== undefined && !sameFields(keeper.fields, b.fields);
      if (b === undefined) fields = keeper.fields;
      else if (edited && ledger.decide(treePlace(key, b.value, m?.value, t?.value), b.value, m?.value, t?.value) !== removedBy) fields = keeper.fields;
    }
    const lists = content.get(key);
    if (fields === undefined && (lists !== undefined || key === activeTree)) {
      fields = (t ?? m ?? b)!.fields;
      const removedAt = !m && !t ? 'here and on disk' : !m ? 'here' : 'on disk';
      const why = lists !== undefined ? 'it still holds items the merge keeps' : 'the merged file keeps it as the active tree';
      ledger.notes.push(`${capital(treeName(key))} was removed ${removedAt}, but ${why}, so it stays.`);
    }
    if (fields === undefined) continue;
    const record = fields;
    const listOrder = (list: ListName): Json[] => {
      const keys = lists?.get(list) ?? [];
      const present = new Set(keys);
      const order = (side: Side) => side.lists.get(key)?.get(list) ?? [];
      return mergeOrder((k) => present.has(k), order(theirs), order(mine), order(base), keys).map((k) => entries.get(k)!.value);
    };
    const isList = (k: string): k is ListName => (LISTS as readonly string[]).includes(k);
    const has = (k: string) => record.has(k) || (isList(k) && (lists?.get(k)?.length ?? 0) > 0);
    const keys = mergeOrder(has, t?.keys ?? [], m?.keys ?? [], b?.keys ?? [], LISTS);
    result.set(key, Object.fromEntries(keys.map((k): [string, Json] => [k, isList(k) ? listOrder(k) : record.get(k)!])) as Rec);
  }
  return result;
}

function sameFields(a: ReadonlyMap<string, Json>, b: ReadonlyMap<string, Json>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of a) if (!b.has(key) || !deepEqual(value, b.get(key))) return false;
  return true;
}

/** Ids of nodes and links whose content (or tree) after the merge differs from the editor's. */
export function changedIds(mine: Side | undefined, merged: ReadonlyMap<string, Entry>): string[] {
  const ids = new Set<string>();
  const mineEntries = mine?.entries ?? new Map<string, Entry>();
  const differs = (a: Entry | undefined, b: Entry | undefined) => a === undefined || b === undefined || a.tree !== b.tree || !deepEqual(a.value, b.value);
  for (const [key, entry] of merged) {
    if ((entry.kind === 'node' || entry.kind === 'link') && differs(mineEntries.get(key), entry)) ids.add(entry.id!);
  }
  for (const [key, entry] of mineEntries) {
    if ((entry.kind === 'node' || entry.kind === 'link') && !merged.has(key)) ids.add(entry.id!);
  }
  return [...ids];
}

