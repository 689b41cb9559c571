// What an AI assistant's `causeway mcp` may do in a group session, as the server enforces it.
// The assistant works as the driver's scribe (it adds, rewords, links, records the endorsements
// and objections the people give), but credit follows the format (FORMAT.md §6): what it adds
// is credited `by: assistant, attribution: assistant`, or to the person whose idea it records
// (`speaker_label`, or the driver with `driver_default`); it never endorses; it never rewrites
// who had an idea, it only adds a contributor. Nothing is corrected in its place: a wrong claim
// is refused with the reason.
import { ASSISTANT, deepEqual, isObject, type Json } from '../format';
import type { DocView, ItemPlace } from './read-doc';
import { hasOwn } from './shared-doc';
import type { Touched } from './credit';

type Rec = { [key: string]: Json };

/** A reason when the assistant's edit from `before` to `after` breaks the format's credit; undefined when it stands. */
export function assistantCreditProblem(before: DocView, after: DocView, touched: Touched): string | undefined {
  const top = topProblem(before.data, after.data);
  if (top) return top;
  const file = isObject(after.data) ? after.data : {};
  const people = isObject(file.participants) ? file.participants : {};
  const driver = typeof file.driver === 'string' ? file.driver : undefined;
  const keys = touched.items === 'all' ? new Set([...before.places.keys(), ...after.places.keys()]) : touched.items;
  for (const key of keys) {
    const place = after.places.get(key);
    if (!place) continue; // removed
    const now = after.items.get(key);
    const was = before.places.has(key) ? before.items.get(key) : undefined;
    if (was !== undefined && deepEqual(was, now)) continue;
    if (!isObject(now)) continue; // not an item of the format's shape: the driver's business, and the file's checks
    const name = nameOf(now, place);
    const problem = contributionProblem(own(was, 'contributions'), own(now, 'contributions'), name, people, driver) ?? endorsementProblem(own(was, 'accepted_by'), own(now, 'accepted_by'), name);
    if (problem) return problem;
  }
  return undefined;
}

/** The assistant is never a participant nor the driver (FORMAT.md §2). */
function topProblem(before: Json, after: Json): string | undefined {
  const a = isObject(after) ? after : {};
  const b = isObject(before) ? before : {};
  const people = isObject(a.participants) ? a.participants : {};
  const had = isObject(b.participants) ? b.participants : {};
  if (hasOwn(people, ASSISTANT) && !hasOwn(had, ASSISTANT)) return 'The assistant is not a participant: the id "assistant" is reserved.';
  if (a.driver === ASSISTANT && b.driver !== ASSISTANT) return 'The assistant cannot be the driver.';
  return undefined;
}

/** New contributions name who had the idea as the format says; existing ones stay as they are. */
function contributionProblem(was: Json | undefined, now: Json | undefined, name: string, people: Rec, driver: string | undefined): string | undefined {
  if (deepEqual(was, now)) return undefined;
  const before = Array.isArray(was) ? was : [];
  const after = Array.isArray(now) ? now : [];
  if (now !== undefined && !Array.isArray(now)) return `The contributions of ${name} must be a list.`;
  const remaining = [...after];
  for (const entry of before) {
    const at = remaining.findIndex((other) => deepEqual(other, entry));
    if (at < 0) return `Only the driver changes who had an idea (${name}); the assistant may only add a contributor.`;
    remaining.splice(at, 1);
  }
  for (const entry of remaining) {
    if (!isObject(entry)) return `A contribution to ${name} is not {by, attribution, mode}.`;
    const { by, attribution } = entry;
    if (by === ASSISTANT) {
      if (attribution !== 'assistant') return `The assistant's own idea is credited with attribution: assistant (${name}).`;
      continue;
    }
    if (attribution === 'assistant') return `attribution: assistant goes with by: assistant only (${name}).`;
    if (typeof by !== 'string' || !hasOwn(people, by)) return `${name} credits ${JSON.stringify(by)}, who is not a participant of this file.`;
    if (attribution === 'speaker_label') continue;
    if (attribution === 'driver_default') {
      if (driver !== undefined && by !== driver) return `driver_default credits the driver (${driver}), not ${by} (${name}).`;
      continue;
    }
    return `The assistant records a person's idea with attribution speaker_label (the person was named) or driver_default (nobody was); ${JSON.stringify(attribution)} is not for it to give (${name}).`;
  }
  return undefined;
}

/** The assistant records the people's endorsements; it never endorses. */
function endorsementProblem(was: Json | undefined, now: Json | undefined, name: string): string | undefined {
  const before = Array.isArray(was) ? was : [];
  const after = Array.isArray(now) ? now : [];
  if (after.includes(ASSISTANT) && !before.includes(ASSISTANT)) return `The assistant never endorses: "assistant" cannot be among those who accepted ${name}.`;
  return undefined;
}

function own(record: Json | undefined, key: string): Json | undefined {
  return isObject(record) && hasOwn(record, key) ? record[key] : undefined;
}

function nameOf(item: Rec, place: ItemPlace): string {
  if (place.list === 'backlog') return `a backlog entry of ${place.tree}`;
  return `${place.list === 'nodes' ? 'node' : 'link'}${typeof item.id === 'string' ? ` ${item.id}` : ''}`;
}
