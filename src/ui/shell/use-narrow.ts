// Whether the window is narrow (a phone, a small tablet): the canvas then takes the screen and
// the side panel becomes a sheet that slides up. The same width as the stylesheet's breakpoint.
import { useSyncExternalStore } from 'react';
import { watchedQuery } from '../media-query';

export const NARROW_QUERY = '(max-width: 899px)';

export function isNarrow(): boolean {
  return watchedQuery(NARROW_QUERY).matches();
}

export function useNarrow(): boolean {
  const query = watchedQuery(NARROW_QUERY);
  return useSyncExternalStore(query.subscribe, query.matches, () => false);
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
