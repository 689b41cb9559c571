// Work that prepares for the next edit runs while the page is idle (within two seconds at most),
// never in the middle of what the user is doing. Without idle callbacks (Node), on the next tick.
export function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 0);
}
