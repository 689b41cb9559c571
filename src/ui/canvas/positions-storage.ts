// Where the user dropped nodes, kept per file and per view in browser storage (never in the
// YAML), so a hand-arranged diagram looks the same after a reload.
import type { Point } from './edge-geometry';

const PREFIX = 'causeway.positions.v1:';

/** By node id: a Map, so that any id (even "__proto__") is just a key. */
export type DraggedPositions = Map<string, Point>;

/**
 * Files on disk edited through `causeway open` are told apart by the server's id for them, so
 * two files of the same name in different folders keep their own arrangements.
 */
let scope = '';
export function setPositionsScope(fileId: string | null): void {
  scope = fileId ? `${fileId}/` : '';
}

function key(fileName: string, view: string): string {
  return `${PREFIX}${scope}${fileName}:${view}`;
}

export function loadDragged(fileName: string, view: string): DraggedPositions {
  try {
    const raw = localStorage.getItem(key(fileName, view));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    const result: DraggedPositions = new Map();
    if (typeof parsed !== 'object' || parsed === null) return result;
    for (const [id, p] of Object.entries(parsed as Record<string, unknown>)) {
      const point = p as Partial<Point>;
      if (typeof point?.x === 'number' && typeof point.y === 'number' && Number.isFinite(point.x) && Number.isFinite(point.y)) {
        result.set(id, { x: point.x, y: point.y });
      }
    }
    return result;
  } catch {
    return new Map(); // storage unavailable or corrupt: fall back to the automatic layout
  }
}

type Listener = (fileName: string, view: string) => void;
const listeners = new Set<Listener>();

/** Called whenever remembered positions change (a node pinned where it was added, Re-layout). */
export function onDraggedChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function saveDragged(fileName: string, view: string, positions: DraggedPositions): void {
  store(fileName, view, positions);
  for (const listener of listeners) listener(fileName, view);
}

function store(fileName: string, view: string, positions: DraggedPositions): void {
  try {
    // Stored as a JSON object: fromEntries and JSON keep even a "__proto__" id as a plain key.
    if (positions.size === 0) localStorage.removeItem(key(fileName, view));
    else localStorage.setItem(key(fileName, view), JSON.stringify(Object.fromEntries(positions)));
  } catch {
    // Storage full or blocked: the drag still applies for this session.
  }
}
