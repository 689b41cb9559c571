// Where the cards of a tree view sit, kept per file and per view in browser storage (never in
// the YAML), so an arranged diagram looks the same after a reload.
import type { Point } from '../layout';

const PREFIX = 'causeway.positions.v1:';

/**
 * Files on disk edited through `causeway open` are told apart by the server's id for them, so
 * two files of the same name in different folders keep their own arrangements.
 */
let scope = '';
export function setPositionsScope(fileId: string | null): void {
  scope = fileId ? `${fileId}/` : '';
}

export function positionsScope(): string {
  return scope;
}

function key(fileName: string, view: string): string {
  return `${PREFIX}${scope}${fileName}:${view}`;
}

/** The positions kept for a view, or undefined when none are (or storage cannot be read). */
export function loadKeptPositions(fileName: string, view: string): Map<string, Point> | undefined {
  const kept = waiting.get(key(fileName, view));
  if (kept) return kept.size > 0 ? new Map(kept) : undefined;
  try {
    const raw = localStorage.getItem(key(fileName, view));
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    // By node id: a Map, so that any id (even "__proto__") is just a key.
    const result = new Map<string, Point>();
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    for (const [id, p] of Object.entries(parsed as Record<string, unknown>)) {
      const point = p as Partial<Point>;
      if (typeof point?.x === 'number' && typeof point.y === 'number' && Number.isFinite(point.x) && Number.isFinite(point.y)) {
        result.set(id, { x: point.x, y: point.y });
      }
    }
    return result.size > 0 ? result : undefined;
  } catch {
    return undefined; // storage unavailable or corrupt: the automatic layout it is
  }
}

/**
 * Arrangements waiting to be stored. Storing writes every card of the view (a tree of a thousand
 * is a long string), so it waits for an idle moment instead of delaying the frame that shows an
 * edit; only the latest arrangement of each view is written, and all of them before the page goes.
 */
const waiting = new Map<string, ReadonlyMap<string, Point>>();
let scheduled = false;

export function keepPositions(fileName: string, view: string, positions: ReadonlyMap<string, Point>): void {
  waiting.set(key(fileName, view), positions);
  if (scheduled) return;
  scheduled = true;
  const later = typeof requestIdleCallback === 'function' ? (run: () => void) => requestIdleCallback(run, { timeout: 1000 }) : (run: () => void) => setTimeout(run, 0);
  later(storeWaiting);
}

function storeWaiting(): void {
  scheduled = false;
  for (const [storageKey, positions] of waiting) {
    try {
      // Stored as a JSON object: fromEntries and JSON keep even a "__proto__" id as a plain key.
      if (positions.size === 0) localStorage.removeItem(storageKey);
      else localStorage.setItem(storageKey, JSON.stringify(Object.fromEntries(positions)));
    } catch {
      // Storage full or blocked: the arrangement still applies for this session.
    }
  }
  waiting.clear();
}

if (typeof addEventListener === 'function') {
  addEventListener('pagehide', storeWaiting);
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && storeWaiting());
}
