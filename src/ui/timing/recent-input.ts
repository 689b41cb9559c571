// When the person last pressed a key, clicked or let go of a drag. A redraw that follows soon after
// is the heavy part of their own interaction, and waits until its quick feedback is painted; one
// that comes without any (a change made by someone else, or written on disk) has nothing to wait
// for (see use-after-paint.ts).

/** How long after an input a change still counts as its consequence (an edit's round trip included). */
const RECENT_MS = 500;

let lastInput = Number.NEGATIVE_INFINITY;

if (typeof window !== 'undefined') {
  for (const type of ['keydown', 'pointerdown', 'pointerup', 'input'] as const) {
    window.addEventListener(type, () => (lastInput = performance.now()), { capture: true, passive: true });
  }
}

export function inputIsRecent(): boolean {
  return sinceLastInput() < RECENT_MS;
}

/** How long since the person last pressed a key, clicked or typed, in ms. */
export function sinceLastInput(): number {
  return performance.now() - lastInput;
}
