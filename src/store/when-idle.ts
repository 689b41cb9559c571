// Work that prepares for the next edit runs while the page is idle (within two seconds at most,
// unless told otherwise), never in the middle of what the user is doing. Without idle callbacks
// (Node), on the next tick.
export function whenIdle(work: () => void, atMostMs = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: atMostMs });
  else setTimeout(work, 0);
}
