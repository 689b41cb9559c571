// The smallest change between two versions of a text or a list, as one splice, and how to
// carry that splice onto a third version that changed meanwhile. Small splices are what let
// Yjs merge two people typing in one statement character by character.

export interface Splice<T> {
  /** Where the change starts in the old version. */
  at: number;
  /** How many old elements it removes. */
  remove: number;
  /** What it puts in their place. */
  insert: T[];
}

/** One splice that turns `from` into `to`: their common start and end are kept. */
export function spliceBetween<T>(from: readonly T[], to: readonly T[], same: (a: T, b: T) => boolean = Object.is): Splice<T> {
  let start = 0;
  const shortest = Math.min(from.length, to.length);
  while (start < shortest && same(from[start], to[start])) start++;
  let end = 0;
  while (end < shortest - start && same(from[from.length - 1 - end], to[to.length - 1 - end])) end++;
  return { at: start, remove: from.length - start - end, insert: to.slice(start, to.length - end) };
}
