// The settle rule: content that has just changed on disk may still be arriving (a shell redirect,
// a streaming generator writes a file in pieces), so it is not written over until it has stayed
// the same for a short while. Pure: the caller reads the clock and the file.

/** How long a file's content must stay the same before it is written over. */
export const SETTLE_MS = 400;
/** How long a writer waits, at most, for a file that keeps changing before it gives up. */
export const SETTLE_GIVE_UP_MS = 10_000;

/**
 * How many ms to wait before content that last changed at `changedAt` may be written over: 0 once
 * it has been the same for `settleMs`. A time in the future (a clock set wrong, a file from
 * another machine) counts as now, so the wait is never longer than `settleMs`.
 */
export function settleDelay(changedAt: number, now: number, settleMs: number = SETTLE_MS): number {
  const since = Math.min(changedAt, now);
  return Math.max(0, since + settleMs - now);
}

/** What a reader needs of a version of the file to judge a change to it. */
export interface ReadVersion {
  /** No errors. */
  valid: boolean;
  /** The first error, placed (`line 12:3: …`), when there is one. */
  firstError?: string;
  /** The tree keys it holds. */
  trees: readonly string[];
}

/**
 * Why a change from `before` to `after` looks like a file still being written (not to be written
 * over even once it is quiet), or undefined. A valid file that turns invalid, or loses whole
 * trees, is far more often a prefix left by a slow writer than anyone's intent.
 */
export function looksUnfinished(before: ReadVersion, after: ReadVersion): string | undefined {
  if (before.valid && !after.valid) return `it was valid and now has errors (${after.firstError ?? 'unreadable'})`;
  const lost = before.trees.filter((tree) => !after.trees.includes(tree));
  if (lost.length > 0) return `${lost.length === 1 ? `the ${lost[0]} tree is` : `the trees ${lost.join(', ')} are`} gone from it`;
  return undefined;
}
