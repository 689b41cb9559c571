// Whether the window is narrow (a phone, a small tablet): the canvas then takes the screen and
// the side panel becomes a sheet that slides up. The same width as the stylesheet's breakpoint.
import { useSyncExternalStore } from 'react';

export const NARROW_QUERY = '(max-width: 899px)';

/**
 * One query for the page, its answer kept and updated by its change event: asking the browser on
 * every render made it bring its styles up to date mid-render (7–12 ms a render on a big tree).
 */
let query: MediaQueryList | undefined;
let narrow = false;
const listeners = new Set<() => void>();

function watched(): MediaQueryList | undefined {
  if (query || typeof window === 'undefined' || typeof window.matchMedia !== 'function') return query;
  query = window.matchMedia(NARROW_QUERY);
  narrow = query.matches;
  query.addEventListener('change', (event) => {
    narrow = event.matches;
    for (const listener of listeners) listener();
  });
  return query;
}

function subscribe(onChange: () => void): () => void {
  watched();
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

export function isNarrow(): boolean {
  return watched() !== undefined && narrow;
}

export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}

function subscribeResize(onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The window's width, kept current: the side panel never leaves the canvas without room. */
export function useWindowWidth(): number {
  return useSyncExternalStore(subscribeResize, () => window.innerWidth, () => 1280);
}
