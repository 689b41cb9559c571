// The three-way merge of prose (a node's statement): both sides' changes to different words
// apply, as two people typing in one statement expect. An item's notes merge note by note
// (notes-lists.ts).
import { diff3Merge } from 'node-diff3';

/**
 * The record fields that hold prose a person writes (FORMAT.md: a node's `text`). Ids, kinds,
 * relations, statuses, `work` labels, participants and dates are values, never merged word by
 * word. A backlog `note` is part of its entry's identity in the merge, so it is not listed.
 */
export const PROSE_FIELDS: ReadonlySet<string> = new Set(['text']);

/** Words, runs of whitespace and single other characters (punctuation, emoji), by code point. */
function tokens(text: string): string[] {
  return text.match(/\s+|[\p{L}\p{M}\p{N}_'’-]+|[^\s\p{L}\p{M}\p{N}_'’-]+?/gu) ?? [];
}

/**
 * Merges two edits of one text, or undefined when they overlap (both replaced or removed the
 * same words differently: a conflict). Two insertions at the very same place are both kept, in
 * an order that does not depend on which side is which, so every replica merges alike.
 */
export function mergeProse(base: string, mine: string, theirs: string): string | undefined {
  let merged = '';
  for (const region of diff3Merge(tokens(mine), tokens(base), tokens(theirs))) {
    if (region.ok) {
      merged += region.ok.join('');
      continue;
    }
    const { a, o, b } = region.conflict!;
    if (o.length > 0) return undefined;
    const [first, second] = [a.join(''), b.join('')].sort();
    merged += first + second;
  }
  return merged;
}
