// The merge of the trees' entries: nodes and links by id, backlog entries by what they say,
// anything unreadable by its whole value. An entry in all three versions is merged field by
// field (its tree is one more field); an entry one side added is added; an entry one side
// removed is removed, unless the other side changed it or newly uses it, which is a conflict.
// Keeping a removed node undoes the cascade its removal caused on that side; letting it go
// applies the cascade to what the other side added.
import { deepEqual, isObject } from '../model/json';
import { cascade, undoCascade, type Removal } from './cascade';
import { mergeOrder } from './order';
import { isNoteList, mergeNoteLists } from './notes-lists';
import { PROSE_FIELDS, mergeProse } from './prose';
import { TREE_FIELD, entryName, fieldPlace, presencePlace, type ConflictPlace, type Ledger, type MergeSide } from './ledger';
import { linkKey, nodeKey, own, referencesOf, sameEntry, type Entry, type Rec, type Side } from './sides';
import { count, listWords } from '../operations/result';
import { setKey } from '../operations/write';
import type { Json } from '../model/types';

type Entries = Map<string, Entry>;

const other = (side: MergeSide): MergeSide => (side === 'mine' ? 'theirs' : 'mine');

export function mergeEntries(base: Side, mineSide: Side, theirsSide: Side, ledger: Ledger): Entries {
  const versions: Record<MergeSide, Entries> = { mine: mineSide.entries, theirs: theirsSide.entries };
  // What each side newly uses, by target id, from the versions as they came.
  const users: Record<MergeSide, Map<string, Entry[]>> = {
    mine: newReferences(base.entries, versions.mine, versions.theirs),
    theirs: newReferences(base.entries, versions.theirs, versions.mine),
  };
  const kept = new Set<string>(); // keys of base entries one side removed and the merge keeps
  // Removed by a choice, or (links) with a node that is removed: what uses them goes too.
  const letGo: { nodes: Set<string>; links: Set<string> } = { nodes: new Set(), links: new Set() };
  const chosen: string[] = []; // "node n3", what the user chose to let go
  const keptBy: Record<MergeSide, { nodes: Set<string>; links: Set<string> }> = {
    mine: { nodes: new Set(), links: new Set() },
    theirs: { nodes: new Set(), links: new Set() },
  };

  const baseOf = (kind: Entry['kind']) => [...base.entries.values()].filter((entry) => entry.kind === kind);
  const isPresent = (key: string): boolean => {
    const inMine = versions.mine.has(key);
    const inTheirs = versions.theirs.has(key);
    if (inMine && inTheirs) return true;
    if (!inMine && !inTheirs) return false;
    return !base.entries.has(key) || kept.has(key);
  };
  const existsAnywhere = (key: string) => base.entries.has(key) || versions.mine.has(key) || versions.theirs.has(key);
  /** A node that was in some version and is not in the merge. */
  const goneNode = (id: string) => existsAnywhere(nodeKey(id)) && !isPresent(nodeKey(id));
  const goneItem = (id: string) => goneNode(id) || (existsAnywhere(linkKey(id)) && !isPresent(linkKey(id)));

  /** A base entry present on one side only: removed, kept, or a conflict. */
  const settlePresence = (entry: Entry, dependsOnGone: (kept: Entry) => string | undefined) => {
    const inMine = versions.mine.get(entry.key);
    const inTheirs = versions.theirs.get(entry.key);
    if (!inMine === !inTheirs) return;
    const removedBy: MergeSide = inMine ? 'theirs' : 'mine';
    const keeper = (inMine ?? inTheirs)!;
    const edited = !sameEntry(keeper, entry);
    const lost = dependsOnGone(keeper);
    if (lost !== undefined) {
      if (entry.kind === 'link') letGo.links.add(entry.id!);
      if (edited) ledger.notes.push(`${entryName(keeper)} was changed ${removedBy === 'mine' ? 'on disk' : 'here'}, but it is removed with ${lost}, which was removed ${removedBy === 'mine' ? 'here' : 'on disk'}.`);
      return;
    }
    const using = entry.id === undefined ? [] : (users[other(removedBy)].get(entry.id) ?? []).filter((user) => user.key !== entry.key && (entry.kind === 'node' || user.kind === 'backlog'));
    if (!edited && using.length === 0) return; // removed on one side, untouched on the other
    const side = ledger.decide(presencePlace(entry, removedBy, edited, using.map(userName)), entry.value, inMine?.value, inTheirs?.value);
    if (side === removedBy) {
      if (entry.kind === 'node') letGo.nodes.add(entry.id!);
      if (entry.kind === 'link') letGo.links.add(entry.id!);
      if (entry.id !== undefined) chosen.push(`${entry.kind} ${entry.id}`);
    } else {
      kept.add(entry.key);
      if (entry.kind === 'node') keptBy[removedBy].nodes.add(entry.id!);
      if (entry.kind === 'link') keptBy[removedBy].links.add(entry.id!);
    }
  };

  /** Undoes, on each side, the cascade of the removals the merge does not keep. */
  const undo = (kind: 'nodes' | 'links') => {
    for (const side of ['mine', 'theirs'] as const) {
      if (keptBy[side][kind].size === 0) continue;
      const removed = new Set<string>();
      for (const entry of baseOf(kind === 'nodes' ? 'node' : 'link')) if (!versions[side].has(entry.key)) removed.add(entry.id!);
      const none = new Set<string>();
      const removal: Removal = kind === 'nodes' ? { nodes: removed, links: none } : { nodes: none, links: removed };
      const keptRemoval: Removal = kind === 'nodes' ? { nodes: keptBy[side].nodes, links: none } : { nodes: none, links: keptBy[side].links };
      versions[side] = undoCascade(base.entries, versions[side], removal, keptRemoval);
    }
  };

  for (const entry of baseOf('node')) settlePresence(entry, () => undefined);
  undo('nodes');
  for (const entry of baseOf('link')) {
    settlePresence(entry, (link) => {
      const [[, from], [, to]] = referencesOf(link);
      const lost = [...to, ...(from.length > 0 && from.every(goneNode) ? from : [])].filter(goneNode);
      return lost.length > 0 ? `node ${lost[0]}` : undefined;
    });
  }
  undo('links');
  for (const entry of base.entries.values()) {
    if (entry.kind !== 'backlog' && entry.kind !== 'other') continue;
    settlePresence(entry, (kept) => {
      const ref = isObject(kept.value) ? own(kept.value, 'ref') : undefined;
      if (kept.kind !== 'backlog' || typeof ref !== 'string' || !goneItem(ref)) return undefined;
      return goneNode(ref) ? `node ${ref}` : `link ${ref}`;
    });
  }

  const merged: Entries = new Map();
  for (const key of new Set([...versions.theirs.keys(), ...versions.mine.keys()])) {
    if (!isPresent(key)) continue;
    const mine = versions.mine.get(key);
    const theirs = versions.theirs.get(key);
    merged.set(key, mine && theirs ? mergeEntry(base.entries.get(key), mine, theirs, ledger) : (mine ?? theirs)!);
  }
  letGoCascade(merged, letGo, chosen, ledger);
  return merged;
}

/**
 * Entries of `side` that name an id in a way the base did not: new entries, fields changed from
 * the base, and entries changed on this side that the other side removed (keeping them keeps
 * what they name). Keyed by the id they name.
 */
function newReferences(base: ReadonlyMap<string, Entry>, side: ReadonlyMap<string, Entry>, otherSide: ReadonlyMap<string, Entry>): Map<string, Entry[]> {
  const found = new Map<string, Entry[]>();
  const add = (id: string, entry: Entry) => {
    const list = found.get(id);
    if (!list) found.set(id, [entry]);
    else if (list[list.length - 1] !== entry) list.push(entry);
  };
  for (const entry of side.values()) {
    const before = base.get(entry.key);
    const removedThere = before !== undefined && !otherSide.has(entry.key) && !sameEntry(entry, before);
    for (const [field, ids] of referencesOf(entry)) {
      if (before && !removedThere && deepEqual(own(entry.value as Rec, field), isObject(before.value) ? own(before.value, field) : undefined)) continue;
      for (const id of ids) {
        add(id, entry);
        // Work on a link needs the link, and the link needs its ends.
        const link = entry.kind === 'backlog' ? side.get(linkKey(id)) : undefined;
        if (link) for (const [, ends] of referencesOf(link)) for (const end of ends) add(end, entry);
      }
    }
  }
  return found;
}

function userName(entry: Entry): string {
  if (entry.kind === 'node' || entry.kind === 'link') return `${entry.kind} ${entry.id}`;
  const work = isObject(entry.value) ? own(entry.value, 'work') : undefined;
  const ref = isObject(entry.value) ? own(entry.value, 'ref') : undefined;
  return `the backlog entry ${typeof work === 'string' ? work : '(no work)'} on ${typeof ref === 'string' ? ref : '(no ref)'}`;
}

/** An entry both sides have: field by field, its tree one more field. */
function mergeEntry(base: Entry | undefined, mine: Entry, theirs: Entry, ledger: Ledger): Entry {
  if (sameEntry(mine, base)) return theirs;
  if (sameEntry(theirs, base)) return mine;
  if (sameEntry(mine, theirs)) return theirs;
  const tree = ledger.resolve(base?.tree, mine.tree, theirs.tree, () => fieldPlace(mine, TREE_FIELD, base?.tree, mine.tree, theirs.tree));
  const baseValue = base?.value;
  let value: Json;
  if (isObject(mine.value) && isObject(theirs.value) && (baseValue === undefined || isObject(baseValue))) {
    value = mergeRecord(baseValue, mine.value, theirs.value, (field, b, m, t) => fieldPlace(mine, field, b, m, t), ledger);
  } else {
    value = ledger.resolve(baseValue, mine.value, theirs.value, () => fieldPlace(mine, 'value', baseValue, mine.value, theirs.value)) ?? null;
  }
  return { ...theirs, tree: typeof tree === 'string' ? tree : theirs.tree, value };
}

/** A record merged key by key, in theirs' key order with mine's new keys after their neighbours. */
export function mergeRecord(
  base: Rec | undefined,
  mine: Rec,
  theirs: Rec,
  place: (field: string, base: Json | undefined, mine: Json | undefined, theirs: Json | undefined) => ConflictPlace,
  ledger: Ledger,
): Rec {
  const values = new Map<string, Json>();
  const baseKeys = base ? Object.keys(base) : [];
  const keys = new Set([...Object.keys(theirs), ...Object.keys(mine), ...baseKeys]);
  for (const key of keys) {
    const b = base ? own(base, key) : undefined;
    const m = own(mine, key);
    const t = own(theirs, key);
    const merged = ledger.together ? mergedTogether(key, b, m, t) : undefined;
    const value = merged ? merged.value : ledger.resolve(b, m, t, () => place(key, b, m, t));
    if (value !== undefined) values.set(key, value);
  }
  const order = mergeOrder((key) => values.has(key), Object.keys(theirs), Object.keys(mine), baseKeys);
  return Object.fromEntries(order.map((key) => [key, values.get(key)!]));
}

/**
 * Between people of one session: a field both sides changed differently, merged where people
 * expect it (a statement word by word, an item's notes note by note); undefined when it is not
 * such a field or the changes overlap (`value` undefined: the field is left out).
 */
function mergedTogether(key: string, base: Json | undefined, mine: Json | undefined, theirs: Json | undefined): { value: Json | undefined } | undefined {
  if (deepEqual(mine, base) || deepEqual(theirs, base) || deepEqual(mine, theirs)) return undefined;
  if (isNoteList(key)) return mergeNoteLists(base, mine, theirs);
  if (!PROSE_FIELDS.has(key) || typeof base !== 'string' || typeof mine !== 'string' || typeof theirs !== 'string') return undefined;
  const text = mergeProse(base, mine, theirs);
  return text === undefined ? undefined : { value: text };
}

/** Removes what the nodes and links the user let go take with them, from everything merged. */
function letGoCascade(merged: Entries, removal: Removal, chosen: string[], ledger: Ledger): void {
  const changes = cascade([...merged.values()], removal);
  if (changes.size === 0) return;
  const removedLinks: string[] = [];
  const trimmedLinks: string[] = [];
  const traced: string[] = [];
  let backlog = 0;
  for (const [key, change] of changes) {
    const entry = merged.get(key)!;
    if (change === null) {
      merged.delete(key);
      if (entry.kind === 'link') {
        removedLinks.push(entry.id!);
        ledger.forget('link', entry.id!);
      } else if (entry.kind === 'backlog') {
        backlog++;
        ledger.forget('backlog', isObject(entry.value) && typeof entry.value.ref === 'string' ? entry.value.ref : '');
      }
    } else {
      merged.set(key, change);
      (entry.kind === 'link' ? trimmedLinks : traced).push(entry.id!);
    }
  }
  const what = chosen.length > 0 ? chosen : [...removal.links].map((id) => `link ${id}`);
  const parts: string[] = [];
  if (removedLinks.length) parts.push(`${count(removedLinks.length, 'link')} removed (${removedLinks.join(', ')})`);
  if (trimmedLinks.length) parts.push(`${count(trimmedLinks.length, 'link')} lost a source (${trimmedLinks.join(', ')})`);
  if (traced.length) parts.push(`traces removed from ${listWords(traced)}`);
  if (backlog) parts.push(`${count(backlog, 'backlog entry', 'backlog entries')} removed`);
  ledger.notes.push(`With ${listWords(what)} removed: ${parts.join('; ')}.`);
}

/** What an item means (FORMAT.md §6): changing it needs a new endorsement. */
const MEANING: Record<'node' | 'link', readonly string[]> = { node: ['text', 'kind'], link: ['from', 'to', 'relation'] };
const WHERE: Record<MergeSide, string> = { mine: 'here', theirs: 'on disk' };

/**
 * FORMAT.md §6: materially changing accepted reasoning returns it to proposed unless the change
 * is endorsed. An item the merge leaves accepted keeps that status only when one side accepted
 * it with the meaning it has after the merge; acceptance on one side does not cover a change
 * of text, kind, relation or ends made on the other.
 */
export function settleMeaning(merged: Entries, mine: Side, theirs: Side, notes: string[]): void {
  for (const [key, entry] of merged) {
    if ((entry.kind !== 'node' && entry.kind !== 'link') || !isObject(entry.value) || own(entry.value, 'status') !== 'accepted') continue;
    const fields = MEANING[entry.kind];
    const value = entry.value;
    const accepting = (['mine', 'theirs'] as const).filter((side) => {
      const there = (side === 'mine' ? mine : theirs).entries.get(key);
      return there !== undefined && isObject(there.value) && own(there.value, 'status') === 'accepted';
    });
    const differing = (side: MergeSide) => {
      const there = (side === 'mine' ? mine : theirs).entries.get(key)!.value as Rec;
      return fields.filter((field) => !deepEqual(own(there, field), own(value, field)));
    };
    if (accepting.some((side) => differing(side).length === 0)) continue;
    const changed = [...new Set(accepting.flatMap(differing))].map((field) => (field === 'from' || field === 'to' ? 'ends' : field));
    merged.set(key, { ...entry, value: setKey(value, 'status', 'proposed') });
    notes.push(
      `${entryName(entry)} returned to proposed: its ${listWords([...new Set(changed)])} changed after it was accepted ${listWords(accepting.map((side) => WHERE[side]))}, and a change of meaning needs a new endorsement.`,
    );
  }
}

/** Status of each node, for the acceptance rule. */
function nodeStatuses(entries: Iterable<Entry>): Map<string, Json | undefined> {
  const statuses = new Map<string, Json | undefined>();
  for (const entry of entries) if (entry.kind === 'node' && isObject(entry.value)) statuses.set(entry.id!, own(entry.value, 'status'));
  return statuses;
}

/**
 * FORMAT.md §6: an accepted link needs every end accepted. A merged link that is accepted while
 * an end is not returns to proposed, unless one side already had it that way (then the merge
 * did not cause it, and the file says what that side wrote).
 */
export function settleAcceptance(merged: Entries, mine: Side, theirs: Side, notes: string[]): void {
  const statuses = nodeStatuses(merged.values());
  let sides: Map<string, Json | undefined>[] | undefined;
  for (const [key, entry] of merged) {
    if (entry.kind !== 'link' || !isObject(entry.value) || own(entry.value, 'status') !== 'accepted') continue;
    const [[, from], [, to]] = referencesOf(entry);
    const unaccepted = [...new Set([...from, ...to])].filter((end) => statuses.get(end) !== 'accepted');
    if (unaccepted.length === 0) continue;
    sides ??= [nodeStatuses(mine.entries.values()), nodeStatuses(theirs.entries.values())];
    const already = [mine, theirs].some((side, i) => {
      const link = side.entries.get(key);
      return link !== undefined && isObject(link.value) && own(link.value, 'status') === 'accepted' && unaccepted.every((end) => sides![i].get(end) !== 'accepted');
    });
    if (already) continue;
    merged.set(key, { ...entry, value: setKey(entry.value, 'status', 'proposed') });
    notes.push(`Link ${entry.id} returned to proposed: ${listWords(unaccepted)} ${unaccepted.length > 1 ? 'are' : 'is'} not accepted after the merge, and an accepted link needs every end accepted.`);
  }
}
