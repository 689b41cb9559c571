// From this many nodes a tree's canvas draws only the cards and links in view (cards are measured
// off the canvas for the layout, see card-sizes.tsx): the page then holds what is seen, whatever
// the size. React Flow itself is handed only the cards and links in a window around the view, so
// its own work on every change (taking the new lists, finding what is in view, indexing the
// links) is sized by the screen, not by the tree.
import type { Rect } from './edge-geometry';

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
  // Read in place, without a box per card or link: this runs over the whole tree on every change.
  const byId = new Map<string, N>();
  for (const node of nodes) byId.set(node.id, node);
  const [windowRight, windowBottom] = [window.x + window.width, window.y + window.height];
  const needed = new Set<string>();
  const shownEdges = edges.filter((edge) => {
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (!source || !target) return false;
    let left = Math.min(source.position.x, target.position.x);
    let top = Math.min(source.position.y, target.position.y);
    let right = Math.max(source.position.x + (source.measured?.width ?? 0), target.position.x + (target.measured?.width ?? 0));
    let bottom = Math.max(source.position.y + (source.measured?.height ?? 0), target.position.y + (target.measured?.height ?? 0));
    for (const bend of edge.data?.bends ?? []) {
      left = Math.min(left, bend.x);
      top = Math.min(top, bend.y);
      right = Math.max(right, bend.x);
      bottom = Math.max(bottom, bend.y);
    }
    if (!meets(left, top, right, bottom, window.x, window.y, windowRight, windowBottom)) return false;
    needed.add(edge.source);
    needed.add(edge.target);
    return true;
  });
  const shownNodes = nodes.filter((node) => {
    if (node.selected || needed.has(node.id)) return true;
    const { x, y } = node.position;
    return meets(x, y, x + (node.measured?.width ?? 0), y + (node.measured?.height ?? 0), window.x, window.y, windowRight, windowBottom);
  });
  return { nodes: shownNodes, edges: shownEdges };
}

/** Two boxes given by their edges share some area (as `overlaps` says for rectangles). */
function meets(left: number, top: number, right: number, bottom: number, x0: number, y0: number, x1: number, y1: number): boolean {
  return left < x1 && right > x0 && top < y1 && bottom > y0;
}
