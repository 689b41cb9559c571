// The three-way merge of prose (a node's statement): both sides' changes to different words
// apply, as two people typing in one statement expect. An item's notes merge note by note
// (notes-lists.ts).
import { diff3Merge } from 'node-diff3';
import { applyTextSplice, textSplice, type TextSplice } from '../text';

/**
 * The record fields that hold prose a person writes (FORMAT.md: a node's `text`). Ids, kinds,
 * relations, statuses, `work` labels, participants and dates are values, never merged word by
 * word. A backlog `note` is part of its entry's identity in the merge, so it is not listed.
 */
export const PROSE_FIELDS: ReadonlySet<string> = new Set(['text']);

/** The letters of a word: the tokens split at anything else, and two words never run together. */
const WORD_LETTERS = "\\p{L}\\p{M}\\p{N}_'’-";
const WORD_CHARACTER = new RegExp(`[${WORD_LETTERS}]`, 'u');
const TOKEN = new RegExp(`\\s|[${WORD_LETTERS}]+|[^\\s${WORD_LETTERS}]+?`, 'gu');

/**
 * Words, and single other characters (a space, punctuation, an emoji), by code point. Spaces one
 * by one: two people each typing a space at one place still line up with the text around it.
 */
function tokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/**
 * Merges two edits of one text, or undefined when they overlap (both replaced or removed the
 * same words differently: a conflict). Two people typing at the very same place (both only added
 * there, the one finishing a word the other's addition follows) keep both additions, in an order
 * that does not depend on which side is which, so every replica merges alike.
 */
export function mergeProse(base: string, mine: string, theirs: string): string | undefined {
  // Each side typed in one place (people typing): the two changes as they were made, when they
  // do not overlap; else word by word.
  const typed = mergeSplices(base, textSplice(base, mine), textSplice(base, theirs));
  if (typed !== undefined) return typed;
  let merged = '';
  for (const region of diff3Merge(tokens(mine), tokens(base), tokens(theirs))) {
    if (region.ok) {
      merged += region.ok.join('');
      continue;
    }
    const [a, o, b] = [region.conflict!.a.join(''), region.conflict!.o.join(''), region.conflict!.b.join('')];
    const added =
      a.startsWith(o) && b.startsWith(o)
        ? bothAdded(merged + o, a.slice(o.length), b.slice(o.length), o)
        : a.endsWith(o) && b.endsWith(o)
          ? bothAdded(merged, a.slice(0, a.length - o.length), b.slice(0, b.length - o.length), '', o)
          : undefined;
    if (added === undefined) return undefined;
    merged += added;
  }
  return merged;
}

/**
 * Two changes of `base`, each in one place: both made when they touch different stretches (each
 * exactly as typed), or, both only adding at one place, both additions (see `bothAdded`);
 * undefined when they overlap.
 */
function mergeSplices(base: string, x: TextSplice, y: TextSplice): string | undefined {
  if (x.at === y.at && x.remove === 0 && y.remove === 0) {
    const added = bothAdded(base.slice(0, x.at), x.insert, y.insert);
    return added === undefined ? undefined : base.slice(0, x.at) + added + base.slice(x.at);
  }
  // The later one first, so that the earlier one's place still holds.
  if (x.at + x.remove <= y.at) return applyTextSplice(applyTextSplice(base, y), x);
  if (y.at + y.remove <= x.at) return applyTextSplice(applyTextSplice(base, x), y);
  return undefined;
}

/**
 * What two people added at one place after `before`, both kept (between `head` and `tail`, the
 * words both left as they were): the one that carries on the word just before (someone finishing
 * their word or sentence) first, otherwise in an order both sides agree on. Undefined when both
 * carry on the same word: each finished it differently, a conflict.
 */
function bothAdded(before: string, x: string, y: string, head = '', tail = ''): string | undefined {
  const last = Array.from(before).pop() ?? '';
  // No space between: the addition goes on with what was just before it (a word, its full stop).
  const carriesOn = (added: string) => /\S/u.test(last) && /\S/u.test(Array.from(added)[0] ?? ' ');
  if (carriesOn(x) && carriesOn(y)) return undefined;
  if (carriesOn(x) || carriesOn(y)) return head + (carriesOn(x) ? x + y : y + x) + tail; // the other begins with a space
  // Both begin a word of their own: never run one onto the end of the other (the other order, or
  // else a space between them, the one thing added that nobody typed).
  const [first, second] = [x, y].sort();
  const glued = (a: string, b: string) => /\S/u.test(Array.from(a).pop() ?? ' ') && WORD_CHARACTER.test(Array.from(b)[0] ?? '');
  const joined = !glued(first, second) ? first + second : !glued(second, first) ? second + first : `${first} ${second}`;
  return head + joined + tail;
}
