// Where the view starts when a tree is shown (and where Fit takes it): the whole tree when it
// fits at a readable size; otherwise a readable zoom on where the tree is read from (the
// injections of a future reality tree, the undesirable effects of a current reality tree and their
// nearest causes, the objective of a cloud, the goal of a goal tree), so card text never shrinks
// to an unreadable few pixels. The rest is a pan away, and the minimap shows where.
import { boundsOf } from './overview-geometry';

/** Card text is 13.5 px at zoom 1: at this zoom it is a little over 9 px, the smallest we show. */
export const READABLE_ZOOM = 0.68;
/** Air around the tree when it is shown whole, as a share of the canvas. */
const FIT_PADDING = 0.12;
/** Air at the edge the view starts from, in screen px. */
const EDGE = 24;
/** The least air around a tree shown whole at the readable zoom. */
const TIGHT = 8;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

/**
 * The view of `tree` (the box around its cards) in a canvas of the given size. When the tree is
 * too big to read whole, the view is on `start` (the cards of the reading start, or the
 * selection: as many of them as one view holds), else on the tree's top-left corner, and never
 * shows more than a little empty room past the tree.
 */
export function openingViewport(tree: Box, canvas: { width: number; height: number }, starts: readonly Box[] = [], room: Box = { x: 0, y: 0, ...canvas }): Viewport {
  // The tree is fitted into `room`, the part of the canvas nothing covers (the minimap).
  const view = fitInto(tree, room, starts);
  return { zoom: view.zoom, x: view.x + room.x, y: view.y + room.y };
}

function fitInto(tree: Box, canvas: { width: number; height: number }, starts: readonly Box[]): Viewport {
  const usable = 1 - FIT_PADDING;
  const fit = Math.min(1, (canvas.width * usable) / Math.max(tree.width, 1), (canvas.height * usable) / Math.max(tree.height, 1));
  const zoom = Math.max(fit, READABLE_ZOOM);
  const start = densest(starts, { width: (canvas.width - 2 * EDGE) / zoom, height: (canvas.height - 2 * EDGE) / zoom });
  const axis = (from: number, length: number, room: number, focus: { from: number; length: number } | undefined): number => {
    const centred = (at: number, size: number) => room / 2 - (at + size / 2) * zoom;
    if (length * zoom <= room - 2 * TIGHT) return centred(from, length);
    if (!focus) return EDGE - from * zoom;
    const wanted = focus.length * zoom <= room - 2 * EDGE ? centred(focus.from, focus.length) : EDGE - focus.from * zoom;
    // No more than a little empty room past either end of the tree.
    return Math.min(EDGE - from * zoom, Math.max(room - EDGE - (from + length) * zoom, wanted));
  };
  return {
    zoom,
    x: axis(tree.x, tree.width, canvas.width, start && { from: start.x, length: start.width }),
    y: axis(tree.y, tree.height, canvas.height, start && { from: start.y, length: start.height }),
  };
}

/** The box around the most cards that one window can show together (the first such group). */
export function densest(boxes: readonly Box[], window: { width: number; height: number }): Box | undefined {
  if (boxes.length === 0) return undefined;
  const all = boundsOf(boxes)!;
  if (all.width <= window.width && all.height <= window.height) return all;
  // The cards by their left edge: a window's cards are looked for only among those whose left
  // edge falls inside it (a thousand-card tree: thousands of windows, each a short scan).
  const order = boxes.map((_, i) => i).sort((a, b) => boxes[a]!.x - boxes[b]!.x);
  const lefts = order.map((i) => boxes[i]!.x);
  const holds = (b: Box, left: number, top: number) => b.x >= left && b.y >= top && b.x + b.width <= left + window.width && b.y + b.height <= top + window.height;
  const count = (left: number, top: number): number => {
    let n = 0;
    for (let k = firstAtLeast(lefts, left); k < order.length && lefts[k]! <= left + window.width; k++) if (holds(boxes[order[k]!]!, left, top)) n++;
    return n;
  };
  // Each card tried as the window's top-left, top-right, bottom-left and bottom-right corner.
  let best: { left: number; top: number; count: number } | undefined;
  for (const anchor of boxes.slice(0, 400)) {
    for (const [fx, fy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
      const left = fx === 0 ? anchor.x : anchor.x + anchor.width - window.width;
      const top = fy === 0 ? anchor.y : anchor.y + anchor.height - window.height;
      const n = count(left, top);
      if (n > (best?.count ?? 0)) best = { left, top, count: n };
    }
  }
  return boundsOf(best ? boxes.filter((b) => holds(b, best.left, best.top)) : [boxes[0]!]);
}

/** The first index of the ascending `values` at or above `value`. */
function firstAtLeast(values: readonly number[], value: number): number {
  let [lo, hi] = [0, values.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The biggest part of the canvas clear of what covers one of its corners (the minimap): beside
 * it or above it, whichever is larger.
 */
export function clearRoom(canvas: { width: number; height: number }, covers: readonly Box[]): Box {
  let room: Box = { x: 0, y: 0, ...canvas };
  for (const cover of covers) {
    const gap = 8;
    const candidates: Box[] = [room];
    if (cover.x > canvas.width / 2) candidates.push({ ...room, width: Math.min(room.width, cover.x - gap - room.x) });
    else candidates.push({ ...room, x: Math.max(room.x, cover.x + cover.width + gap), width: room.x + room.width - Math.max(room.x, cover.x + cover.width + gap) });
    if (cover.y > canvas.height / 2) candidates.push({ ...room, height: Math.min(room.height, cover.y - gap - room.y) });
    else candidates.push({ ...room, y: Math.max(room.y, cover.y + cover.height + gap), height: room.y + room.height - Math.max(room.y, cover.y + cover.height + gap) });
    room = candidates.slice(1).filter((c) => c.width > canvas.width / 3 && c.height > canvas.height / 3).sort((a, b) => b.width * b.height - a.width * a.height)[0] ?? room;
  }
  return room;
}

/** The minimap's box in canvas px, when it is shown. */
export function minimapOf(canvas: HTMLElement | null): Box[] {
  const map = canvas?.querySelector('.cw-overview-map');
  if (!canvas || !map) return [];
  const area = canvas.getBoundingClientRect();
  const r = map.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? [{ x: r.left - area.left, y: r.top - area.top, width: r.width, height: r.height }] : [];
}
