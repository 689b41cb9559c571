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

export function keepPositions(fileName: string, view: string, positions: ReadonlyMap<string, Point>): void {
  try {
    // Stored as a JSON object: fromEntries and JSON keep even a "__proto__" id as a plain key.
    if (positions.size === 0) localStorage.removeItem(key(fileName, view));
    else localStorage.setItem(key(fileName, view), JSON.stringify(Object.fromEntries(positions)));
  } catch {
    // Storage full or blocked: the arrangement still applies for this session.
  }
}
