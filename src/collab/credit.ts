// Credit and roles in a group session, as the server enforces them (and the page applies first,
// so that an honest page is never refused). Whatever a participant adds is credited to them;
// their acceptance endorses as themselves; their objection is theirs; they cannot credit,
// endorse or object in anybody else's name, nor change who had an idea, nor change the file's
// people, driver or trees. The driver keeps every power of the editor. An observer changes
// nothing. The verdict compares two views of the document item by item, by internal key.
import { NOTE_LISTS, deepEqual, isObject, type Json } from '../format';
import type { Identity } from '../protocol/collab-protocol';
import type { DocView, ItemPlace } from './read-doc';
import { hasOwn } from './shared-doc';
import { assistantCreditProblem } from './assistant-credit';

/**
 * `notes`: what the person is told of the corrections. `credited`: the one that says what was
 * credited to them, apart: their own page applies that credit itself (it never offers another),
 * so only the server, correcting a page that did not, says it.
 */
export type Verdict =
  | { ok: true; corrections: ReadonlyMap<string, Json>; notes: string[]; credited?: string }
  | { ok: false; reason: string };

/** What an update touched, when the caller knows (the server does, from the Yjs transaction). */
export interface Touched {
  /** Item keys touched; 'all' to compare every item. */
  items: ReadonlySet<string> | 'all';
}

export const TOUCHED_ALL: Touched = { items: 'all' };

/** Top-level keys a participant may change: dismissing a reasoning check is advice, not the file's people. */
const PARTICIPANT_TOP_KEYS = new Set(['causeway_dismissed_checks']);
/** What an item means (FORMAT.md §6); a change of it is endorsed anew. */
const MEANING = ['text', 'kind', 'relation', 'from', 'to'];

type Rec = { [key: string]: Json };

const NO_CORRECTIONS: ReadonlyMap<string, Json> = new Map();

export function checkCredit(editor: Identity, before: DocView, after: DocView, touched: Touched = TOUCHED_ALL): Verdict {
  if (editor.role === 'driver' || editor.role === 'writer') return { ok: true, corrections: NO_CORRECTIONS, notes: [] };
  if (editor.role === 'assistant') {
    const problem = assistantCreditProblem(before, after, touched);
    return problem ? { ok: false, reason: problem } : { ok: true, corrections: NO_CORRECTIONS, notes: [] };
  }
  if (editor.role === 'observer') {
    return sameFile(before, after, touched) ? { ok: true, corrections: NO_CORRECTIONS, notes: [] } : { ok: false, reason: 'An observer can follow the session but not change it.' };
  }
  const top = checkTop(before.data, after.data);
  if (top) return { ok: false, reason: top };
  // Credit names a participant of the file: someone it does not name cannot be credited yet.
  const people = isObject(before.data) && isObject(before.data.participants) ? before.data.participants : {};
  if (!hasOwn(people, editor.id) && !sameFile(before, after, touched)) return { ok: false, reason: `${editor.id} is not among the participants of this file; the driver adds them first.` };
  const corrections = new Map<string, Json>();
  const credited: string[] = [];
  const returned: string[] = [];
  const keptProposed: string[] = [];
  for (const key of keysToCompare(before, after, touched)) {
    const place = after.places.get(key);
    const was = before.places.has(key) ? before.items.get(key) : undefined;
    if (!place) continue; // removed: anyone editing may remove
    const now = after.items.get(key)!;
    const outcome = was === undefined ? checkAdded(editor.id, now, place) : deepEqual(was, now) ? undefined : checkChanged(editor.id, was, now, place);
    if (outcome === undefined) continue;
    if (typeof outcome === 'string') return { ok: false, reason: outcome };
    if (outcome !== now) {
      corrections.set(key, outcome);
      const returnedToProposed = isObject(now) && isObject(outcome) && now.status === 'accepted' && outcome.status === 'proposed';
      const wasAccepted = isObject(was) && was.status === 'accepted';
      (returnedToProposed ? (wasAccepted ? returned : keptProposed) : credited).push(nameOf(now, place));
    }
  }
  const notes: string[] = [];
  if (returned.length > 0) notes.push(`Returned to proposed, changed by ${editor.id} while accepted: ${returned.join(', ')}.`);
  if (keptProposed.length > 0) notes.push(`Kept proposed: accepting it again is for its endorsers to say (${keptProposed.join(', ')}).`);
  return { ok: true, corrections, notes, ...(credited.length > 0 ? { credited: `Credited to ${editor.id}: ${credited.join(', ')}.` } : {}) };
}

/** The view with `corrections` (by key) in place of the items they correct. */
export function withCorrections(view: DocView, corrections: ReadonlyMap<string, Json>): DocView {
  if (corrections.size === 0) return view;
  const items = new Map(view.items);
  let trees = (view.data as Rec).trees as Rec;
  for (const [key, value] of corrections) {
    const place = view.places.get(key)!;
    items.set(key, value);
    const tree = trees[place.tree] as Rec;
    const list = (tree[place.list] as Json[]).slice();
    list[place.index] = value;
    trees = withKey(trees, place.tree, withKey(tree, place.list, list));
  }
  return { ...view, items, data: withKey(view.data as Rec, 'trees', trees) };
}

function keysToCompare(before: DocView, after: DocView, touched: Touched): Iterable<string> {
  if (touched.items !== 'all') return touched.items;
  return new Set([...before.places.keys(), ...after.places.keys()]);
}

function sameFile(before: DocView, after: DocView, touched: Touched): boolean {
  if (touched.items === 'all') return deepEqual(before.data, after.data);
  if (checkTopEqual(before.data, after.data) === false) return false;
  for (const key of touched.items) if (!deepEqual(before.places.has(key) ? before.items.get(key) : undefined, after.places.has(key) ? after.items.get(key) : undefined)) return false;
  return samePlaces(before, after);
}

function checkTopEqual(before: Json, after: Json): boolean {
  return checkTop(before, after, new Set()) === undefined;
}

function samePlaces(before: DocView, after: DocView): boolean {
  if (before.places.size !== after.places.size) return false;
  for (const [key, place] of before.places) {
    const other = after.places.get(key);
    if (!other || other.tree !== place.tree || other.list !== place.list || other.index !== place.index) return false;
  }
  return true;
}

/** The file's people, driver, title, version and trees are the driver's; a reason when they changed. */
function checkTop(before: Json, after: Json, allowed: ReadonlySet<string> = PARTICIPANT_TOP_KEYS): string | undefined {
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (key === 'trees' || allowed.has(key)) continue;
    // Any first edit of an unversioned draft writes `schema_version: 1` (FORMAT.md §1).
    if (key === 'schema_version' && allowed.size > 0 && !hasOwn(b, key) && a[key] === 1) continue;
    if (!deepEqual(hasOwn(b, key) ? b[key] : undefined, hasOwn(a, key) ? a[key] : undefined)) return `Only the driver changes ${key === 'participants' ? 'the participants' : `the file's ${key}`}.`;
  }
  const bt = isObject(b.trees) ? b.trees : undefined;
  const at = isObject(a.trees) ? a.trees : undefined;
  if (!bt || !at) return deepEqual(b.trees, a.trees) ? undefined : 'Only the driver adds or removes trees.';
  const keys = new Set([...Object.keys(bt), ...Object.keys(at)]);
  for (const key of keys) {
    if (!hasOwn(bt, key) || !hasOwn(at, key)) return 'Only the driver adds or removes trees.';
    const was = bt[key];
    const now = at[key];
    if (!isObject(was) || !isObject(now)) {
      if (!deepEqual(was, now)) return 'Only the driver changes a tree that is not in the format’s shape.';
      continue;
    }
    for (const field of new Set([...Object.keys(was), ...Object.keys(now)])) {
      if (field === 'nodes' || field === 'links' || field === 'backlog') {
        if (hasOwn(was, field) !== hasOwn(now, field)) return 'Only the driver changes the lists a tree has.';
        continue;
      }
      if (!deepEqual(was[field], now[field])) return `Only the driver changes the tree's ${field}.`;
    }
  }
  return undefined;
}

function creditOf(person: string): Rec {
  return { by: person, attribution: 'explicit', mode: 'text' };
}

/** An added item: credited to the person; endorsed by them only; their notes are theirs. */
function checkAdded(person: string, item: Json, place: ItemPlace): Json | string {
  if (!isObject(item)) return `${person} added something to ${place.tree} that is not a ${place.list === 'backlog' ? 'backlog entry' : place.list.slice(0, -1)}; it was not kept.`;
  let next: Rec = item;
  const credit = [creditOf(person)];
  if (!deepEqual(own(next, 'contributions'), credit)) next = withKey(next, 'contributions', credit);
  if (place.list === 'backlog') return next;
  const endorsers = own(next, 'accepted_by');
  if (Array.isArray(endorsers)) {
    const others = endorsers.filter((id) => id !== person);
    if (others.length > 0) return `${person} can endorse only as ${person}, not as ${others.join(', ')}.`;
  }
  if (own(next, 'status') === 'accepted' && !(Array.isArray(endorsers) && endorsers.includes(person))) return `An acceptance by ${person} endorses as ${person}.`;
  for (const list of NOTE_LISTS) next = ownNotes(next, list, person);
  return next;
}

/** A changed item: endorsements and objections are the person's own; who had the idea is the driver's to change. */
function checkChanged(person: string, was: Json, now: Json, place: ItemPlace): Json | string | undefined {
  if (!isObject(was) || !isObject(now)) return `Only the driver changes ${place.tree} items that are not in the format's shape.`;
  const name = nameOf(now, place);
  if (!deepEqual(own(was, 'contributions'), own(now, 'contributions'))) return `Only the driver changes who had an idea (${name}).`;
  if (place.list === 'backlog') return now;

  const before = stringList(own(was, 'accepted_by'));
  const after = stringList(own(now, 'accepted_by'));
  const added = after.filter((id) => !before.includes(id));
  const others = added.filter((id) => id !== person);
  if (others.length > 0) return `${person} can endorse only as ${person}, not as ${others.join(', ')}.`;
  const wasAccepted = own(was, 'status') === 'accepted';
  const isAccepted = own(now, 'status') === 'accepted';
  const meaningChanged = MEANING.some((field) => !deepEqual(own(was, field), own(now, field)));
  const withdrawn = before.filter((id) => id !== person && !after.includes(id));
  if (withdrawn.length > 0 && !meaningChanged && !(isAccepted && !wasAccepted)) return `${person} cannot withdraw the endorsement of ${withdrawn.join(', ')}.`;
  // A rewording of an item that is accepted (someone accepted it while this person typed, or the
  // page did not apply the rule): its meaning changed without endorsement, so it returns to
  // proposed (FORMAT.md §6), as the editor would have done. Nothing the person typed is refused.
  const sameEndorsers = deepEqual(own(was, 'accepted_by'), own(now, 'accepted_by'));
  const reEndorsedByThem = after.length === 1 && after[0] === person;
  const reworded = isAccepted && wasAccepted && meaningChanged && sameEndorsers && !reEndorsedByThem;
  // Accepted again by the endorsers it already names, not by this person: what this person's Undo
  // does to an item (and to its links) whose wording they had changed. Accepting it again is each
  // endorser's own say, so it stays proposed; nobody is endorsed in anybody's name.
  const restored = isAccepted && !wasAccepted && added.length === 0 && after.length > 0 && !after.includes(person);
  if (isAccepted && !reworded && !restored && (!wasAccepted || added.length > 0 || meaningChanged) && !after.includes(person)) return `An acceptance by ${person} endorses as ${person}.`;

  let next: Rec = reworded || restored ? withKey(now, 'status', 'proposed') : now;
  // Kept proposed, it keeps every endorser it named: leaving one out is not this person's to do.
  if (restored && withdrawn.length > 0) next = withKey(next, 'accepted_by', own(was, 'accepted_by') ?? []);
  for (const list of NOTE_LISTS) {
    const outcome = changedNotes(own(was, list), own(next, list), person, list, name);
    if (typeof outcome === 'string') return outcome;
    if (outcome !== undefined && outcome !== own(next, list)) next = withKey(next, list, outcome);
  }
  if (own(now, 'status') === 'disputed' && own(was, 'status') !== 'disputed') {
    const objections = newNotes(own(was, 'challenges'), own(next, 'challenges'));
    if (objections.length === 0) return `A dispute needs the objection, as a challenge by ${person}.`;
  }
  return next;
}

/** Notes (assumptions, challenges) on a new item are by the person who added them. */
function ownNotes(item: Rec, list: string, person: string): Rec {
  const notes = own(item, list);
  if (!Array.isArray(notes)) return item;
  const fixed = notes.map((note) => (isObject(note) && note.by !== person ? withKey(note, 'by', person) : note));
  return fixed.some((note, i) => note !== notes[i]) ? withKey(item, list, fixed) : item;
}

/**
 * A note list after a participant's edit: a note they added is by them; a note someone else
 * wrote may not be changed or removed by them.
 */
function changedNotes(was: Json | undefined, now: Json | undefined, person: string, list: string, name: string): Json | undefined | string {
  if (deepEqual(was, now)) return now;
  const before = Array.isArray(was) ? was : [];
  const after = Array.isArray(now) ? now : [];
  if ((was !== undefined && !Array.isArray(was)) || (now !== undefined && !Array.isArray(now))) return `Only the driver changes the ${list} of ${name} while they are not a list.`;
  const remaining = [...after];
  for (const note of before) {
    const index = remaining.findIndex((other) => deepEqual(other, note));
    if (index >= 0) {
      remaining.splice(index, 1);
      continue;
    }
    if (!isObject(note) || note.by !== person) return `${person} can change or remove only their own ${list.slice(0, -1)}s (${name}).`;
  }
  const added = new Set(remaining);
  const fixed = after.map((note) => (added.has(note) && isObject(note) && note.by !== person ? withKey(note, 'by', person) : note));
  return fixed.some((note, i) => note !== after[i]) ? fixed : now;
}

function newNotes(was: Json | undefined, now: Json | undefined): Json[] {
  const remaining = Array.isArray(now) ? [...now] : [];
  for (const note of Array.isArray(was) ? was : []) {
    const index = remaining.findIndex((other) => deepEqual(other, note));
    if (index >= 0) remaining.splice(index, 1);
  }
  return remaining;
}

function stringList(value: Json | undefined): string[] {
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}

function own(record: Rec, key: string): Json | undefined {
  return hasOwn(record, key) ? record[key] : undefined;
}

/** A copy with `key` set, keeping the key's place (or adding it at the end). */
function withKey(record: Rec, key: string, value: Json): Rec {
  const entries = Object.entries(record);
  const at = entries.findIndex(([k]) => k === key);
  if (at >= 0) entries[at] = [key, value];
  else entries.push([key, value]);
  return Object.fromEntries(entries) as Rec;
}

function nameOf(item: Json, place: ItemPlace): string {
  if (place.list === 'backlog') return `a backlog entry of ${place.tree}`;
  const id = isObject(item) && typeof item.id === 'string' ? ` ${item.id}` : '';
  return `${place.list === 'nodes' ? 'node' : 'link'}${id}`;
}
