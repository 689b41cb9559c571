// When the person last pressed a key, clicked or let go of a drag. A redraw that follows soon after
// is the heavy part of their own interaction, and waits until its quick feedback is painted; one
// that comes without any (a change made by someone else, or written on disk) has nothing to wait
// for (see ui/timing/use-after-paint.ts). Work nobody asked for waits for a pause (`whenQuiet`).

import { whenIdle } from './when-idle';

/** How long after an input a change still counts as its consequence (an edit's round trip included). */
const RECENT_MS = 500;

let lastInput = Number.NEGATIVE_INFINITY;

/** The person pressed a key, clicked or typed just now. */
export function noteInput(): void {
  lastInput = performance.now();
}

if (typeof window !== 'undefined') {
  for (const type of ['keydown', 'pointerdown', 'pointerup', 'input'] as const) {
    window.addEventListener(type, noteInput, { capture: true, passive: true });
  }
}

export function inputIsRecent(): boolean {
  return sinceLastInput() < RECENT_MS;
}

/** How long since the person last pressed a key, clicked or typed, in ms. */
export function sinceLastInput(): number {
  return performance.now() - lastInput;
}

/**
 * Runs `work` once the person has paused (no key, click or typing for `quietMs`) and the page is
 * idle, still paused then; after `atMostMs` it runs whatever they are doing. For work that redraws much of the page
 * without being asked for (findings arriving from a worker): it never lands in the middle of a
 * run of clicks or keystrokes.
 */
export function whenQuiet(work: () => void, quietMs: number, atMostMs: number): void {
  const began = performance.now();
  const due = () => sinceLastInput() >= quietMs || performance.now() - began >= atMostMs;
  const check = () => {
    if (due()) whenIdle(() => (due() ? work() : check()), quietMs);
    else setTimeout(check, Math.min(quietMs - sinceLastInput(), atMostMs - (performance.now() - began)));
  };
  check();
}
