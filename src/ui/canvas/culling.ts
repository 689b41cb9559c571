// From this many nodes a tree's canvas draws only the cards and links in view (cards are measured
// off the canvas for the layout, see card-sizes.tsx): the page then holds what is seen, whatever
// the size. React Flow itself is handed only the cards and links in a window around the view, so
// its own work on every change (taking the new lists, finding what is in view, indexing the
// links) is sized by the screen, not by the tree.
import { overlaps } from '../../render/geometry';
import type { Rect } from './edge-geometry';
import { boundsOf } from './overview-geometry';

export const CULL_FROM = 300;

/** The view in flow coordinates, as React Flow keeps it: its transform and the pane's size. */
export interface ViewState {
  transform: [number, number, number];
  width: number;
  height: number;
}

/**
 * The window handed to React Flow, as a key that changes only when the view has moved about a
 * screen or the zoom has halved or doubled: the view is cut into square cells of between half a
 * screen and a screen, and the window is the cells in view with one more all round. A pan within
 * the window changes nothing.
 */
export function windowKey({ transform: [tx, ty, zoom], width, height }: ViewState): string {
  if (!(zoom > 0) || width <= 0 || height <= 0) return '';
  const span = Math.max(width, height) / zoom;
  const cell = 2 ** Math.floor(Math.log2(span));
  const x0 = -tx / zoom;
  const y0 = -ty / zoom;
  const cells = (from: number, length: number) => `${Math.floor(from / cell) - 1}:${Math.floor((from + length) / cell) + 1}`;
  return `${cell}|${cells(x0, width / zoom)}|${cells(y0, height / zoom)}`;
}

/** The window a key stands for, in flow coordinates (undefined for the empty key: no view yet). */
export function windowOf(key: string): Rect | undefined {
  if (!key) return undefined;
  const [cellText, xs, ys] = key.split('|') as [string, string, string];
  const cell = Number(cellText);
  const [x0, x1] = xs.split(':').map(Number) as [number, number];
  const [y0, y1] = ys.split(':').map(Number) as [number, number];
  return { x: x0 * cell, y: y0 * cell, width: (x1 - x0 + 1) * cell, height: (y1 - y0 + 1) * cell };
}

interface Placed {
  id: string;
  position: { x: number; y: number };
  measured?: { width?: number; height?: number };
  selected?: boolean;
}

interface Joining {
  source: string;
  target: string;
  data?: { bends?: { x: number; y: number }[] };
}

/**
 * The cards and links React Flow needs for the window: every card that meets it, every link whose
 * course may cross it (the box of its ends and bends), both ends of those links (a link is drawn
 * from its cards' places), and the selected cards (React Flow keeps their selection).
 */
export function inWindow<N extends Placed, E extends Joining>(nodes: N[], edges: E[], window: Rect): { nodes: N[]; edges: E[] } {
  const boxes = new Map<string, Rect>();
  for (const node of nodes) boxes.set(node.id, { x: node.position.x, y: node.position.y, width: node.measured?.width ?? 0, height: node.measured?.height ?? 0 });
  const needed = new Set<string>();
  const shownEdges = edges.filter((edge) => {
    const source = boxes.get(edge.source);
    const target = boxes.get(edge.target);
    if (!source || !target) return false;
    const bends = (edge.data?.bends ?? []).map((bend) => ({ ...bend, width: 0, height: 0 }));
    if (!overlaps(boundsOf([source, target, ...bends])!, window)) return false;
    needed.add(edge.source);
    needed.add(edge.target);
    return true;
  });
  const shownNodes = nodes.filter((node) => node.selected || needed.has(node.id) || overlaps(boxes.get(node.id)!, window));
  return { nodes: shownNodes, edges: shownEdges };
}
