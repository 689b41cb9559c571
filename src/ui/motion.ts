// Animations respect the system's "reduce motion" setting: moves happen at once instead.
import { watchedQuery } from './media-query';

export function prefersReducedMotion(): boolean {
  return watchedQuery('(prefers-reduced-motion: reduce)').matches();
}

/** A duration in ms, or 0 when the user asked for less motion. */
export function motion(ms: number): number {
  return prefersReducedMotion() ? 0 : ms;
}
