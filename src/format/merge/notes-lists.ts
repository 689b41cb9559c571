// The three-way merge of an item's notes (its assumptions and challenges, FORMAT.md section 6)
// between people of one session: each side's added notes are kept and each side's removed
// notes go, as two people adding an assumption to one link at the same moment expect.
import { deepEqual } from '../model/json';
import type { Json } from '../model/types';
import { NOTE_LISTS } from '../model/vocabulary';

/** Whether a record field holds a list of `{text, by}` notes. */
export const isNoteList = (field: string): boolean => (NOTE_LISTS as readonly string[]).includes(field);

/**
 * Theirs' notes less those mine removed, then mine's new notes in mine's order (`{ value:
 * undefined }` when none is left: an item has no empty list); undefined when a value is not a
 * list. A note one side rewrote and the other rewrote too or removed is kept in every version
 * written (a removed note never takes a rewritten one with it): nothing typed is lost.
 */
export function mergeNoteLists(base: Json | undefined, mine: Json | undefined, theirs: Json | undefined): { value: Json[] | undefined } | undefined {
  const [was, now, other] = [base, mine, theirs].map((list) => list ?? []);
  if (!Array.isArray(was) || !Array.isArray(now) || !Array.isArray(other)) return undefined;
  const merged = without(other, without(was, now));
  for (const note of without(without(now, was), merged)) merged.push(note);
  return { value: merged.length > 0 ? merged : undefined };
}

/** `list` less one occurrence of each note in `taken` (notes compared by value). */
function without(list: readonly Json[], taken: readonly Json[]): Json[] {
  const left = [...taken];
  return list.filter((note) => {
    const at = left.findIndex((other) => deepEqual(other, note));
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
}
