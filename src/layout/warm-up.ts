// A worker's first big job runs its code cold: V8 compiles the hot loops only after they have run
// a while, so the first big file read or the first big tree laid out took up to twice as long as
// the next. The page has the workers do a few small jobs of the same kind while it is idle, one a
// task, stopping as soon as real work arrives: the first real job then runs compiled code.

/** Time a worker spends warming up, at most, in all. */
export const WARM_UP_MS = 150;
/** Jobs it does at most (the example file is read in a few milliseconds). */
const WARM_UP_JOBS = 60;

/** How warming up is timed and given tasks (tests pass their own). */
export interface WarmUpClock {
  budgetMs: number;
  schedule(next: () => void): void;
  now(): number;
}

const REAL_CLOCK: WarmUpClock = { budgetMs: WARM_UP_MS, schedule: (next) => setTimeout(next, 0), now: () => performance.now() };

/**
 * Runs `job` once a task until it has taken the budget's time in all. Returns a function that
 * stops it: call it when real work arrives.
 */
export function warmUp(job: () => void, { budgetMs, schedule, now }: WarmUpClock = REAL_CLOCK): () => void {
  let stopped = false;
  let spent = 0;
  let done = 0;
  const step = () => {
    if (stopped || spent >= budgetMs || done >= WARM_UP_JOBS) return;
    const began = now();
    try {
      job();
    } catch {
      return; // warming up is never worth an error
    }
    spent += now() - began;
    done++;
    schedule(step);
  };
  schedule(step);
  return () => {
    stopped = true;
  };
}

/**
 * A worker's warm-up: `start` on its first warm-up message (later ones change nothing), `stop` when
 * a real job arrives.
 */
export function workerWarmUp(): { start(job: () => void): void; stop(): void } {
  let stopWarming: (() => void) | undefined;
  return {
    start: (job) => void (stopWarming ??= warmUp(job)),
    stop: () => stopWarming?.(),
  };
}
