// A value that follows another once the browser has painted: the quick part of an interaction (a
// card's highlight, a pressed button) reaches the screen first, and the heavy part (the inspector's
// forms, the other view's canvas) is drawn in the next frame instead of delaying this one. A change
// that no input of this person's started (someone else's edit, a write on disk) has no feedback to
// paint first: it follows in the next task, still apart from the work that brought it, but without
// waiting for frames.
import { useEffect, useRef, useState } from 'react';
import { nextTask } from '../../store/next-task';
import { inputIsRecent } from '../../store/recent-input';

/**
 * Longest wait for a value: when the page draws no frames (a hidden tab), or while changes keep
 * coming (each change waits for the next paint again, so fast typing redraws the tree less often).
 */
const AT_MOST_MS = 200;

/**
 * After the frame with the feedback is painted, how long its rasterising and display may take.
 * Measured on a 2-core machine without a GPU: starting a big redraw sooner delayed that frame by
 * 10–40 ms.
 */
const ON_SCREEN_MS = 30;

export interface AfterPaintOptions<T> {
  /** When two values count as the same (nothing to wait for). Identity by default. */
  same?(a: T, b: T): boolean;
  /** A change of key shows the value at once: a new document is not drawn in the old one's mode. */
  key?: unknown;
}

export function useAfterPaint<T>(value: T, { same = Object.is, key }: AfterPaintOptions<T> = {}): T {
  const last = useRef<{ value: T; key: unknown }>({ value, key });
  const released = useRef<{ value: T } | undefined>(undefined);
  const heldSince = useRef<number | undefined>(undefined);
  const [, redraw] = useState(0);
  const holding = last.current.key === key && !same(last.current.value, value) && !(released.current && same(released.current.value, value));
  useEffect(() => {
    if (!holding) return;
    heldSince.current ??= performance.now();
    let done = false;
    const show = () => {
      if (done) return;
      done = true;
      released.current = { value };
      redraw((n) => n + 1);
    };
    let frame = 0;
    if (!inputIsRecent()) void nextTask().then(show);
    // A frame callback runs just before the paint. Two frames on, the feedback is painted, but it is
    // still being rasterised and put on screen, which takes the same cores: the heavy update waits
    // a little longer, so it does not hold that frame back.
    else if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(() => (frame = requestAnimationFrame(() => setTimeout(show, ON_SCREEN_MS))));
    const fallback = setTimeout(show, Math.max(0, AT_MOST_MS - (performance.now() - heldSince.current)));
    return () => {
      done = true;
      if (frame) cancelAnimationFrame(frame);
      clearTimeout(fallback);
    };
  }, [holding, value]);
  const shown = holding ? last.current.value : value;
  // Kept during render so the value shown is what the next change is compared with.
  last.current = { value: shown, key };
  if (!holding) released.current = heldSince.current = undefined;
  return shown;
}
