// Animations respect the system's "reduce motion" setting: moves happen at once instead.
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** A duration in ms, or 0 when the user asked for less motion. */
export function motion(ms: number): number {
  return prefersReducedMotion() ? 0 : ms;
}
