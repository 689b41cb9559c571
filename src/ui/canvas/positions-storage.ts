// Where the user dropped nodes, kept per file and per view in browser storage (never in the
// YAML), so a hand-arranged diagram looks the same after a reload.
import type { Point } from './edge-geometry';

const PREFIX = 'causeway.positions.v1:';

export type DraggedPositions = Record<string, Point>;

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
    if (typeof parsed !== 'object' || parsed === null) return {};
    const result: DraggedPositions = {};
    for (const [id, p] of Object.entries(parsed as Record<string, unknown>)) {
      const point = p as Partial<Point>;
      if (typeof point?.x === 'number' && typeof point.y === 'number' && Number.isFinite(point.x) && Number.isFinite(point.y)) {
        result[id] = { x: point.x, y: point.y };
      }
    }
    return result;
  } catch {
    return {}; // storage unavailable or corrupt: fall back to the automatic layout
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
    if (Object.keys(positions).length === 0) localStorage.removeItem(key(fileName, view));
    else localStorage.setItem(key(fileName, view), JSON.stringify(positions));
  } catch {
    // Storage full or blocked: the drag still applies for this session.
  }
}
