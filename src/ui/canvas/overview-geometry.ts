// The minimap's geometry: which part of the flow it shows, the cards as path outlines, and the
// flow point under the pointer. Pure, so it is tested without a browser.
import type { Rect } from './edge-geometry';

/** Pixels left clear around the content. */
const MARGIN = 5;

export interface Size {
  width: number;
  height: number;
}

/**
 * What the minimap shows: the cards and the visible part of the canvas together, centred, at the
 * minimap's aspect ratio, with a small margin.
 */
export function overviewFrame(content: Rect | undefined, view: Rect, map: Size): Rect {
  const all = content ? union(content, view) : view;
  // Flow units per minimap pixel, keeping a margin of MARGIN pixels on the tighter side.
  const scale = Math.max(all.width / Math.max(1, map.width - 2 * MARGIN), all.height / Math.max(1, map.height - 2 * MARGIN)) || 1;
  const width = scale * map.width;
  const height = scale * map.height;
  return { x: all.x - (width - all.width) / 2, y: all.y - (height - all.height) / 2, width, height };
}

/** The smallest box around all `boxes`, or undefined when there are none. */
export function boundsOf(boxes: readonly Rect[]): Rect | undefined {
  if (boxes.length === 0) return undefined;
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const b of boxes) {
    left = Math.min(left, b.x);
    top = Math.min(top, b.y);
    right = Math.max(right, b.x + b.width);
    bottom = Math.max(bottom, b.y + b.height);
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}

function union(a: Rect, b: Rect): Rect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

/** Every box as one closed outline of a single SVG path (one element however many cards). */
/** Whether two lists of coloured boxes are the same, box by box. */
export function sameBoxes(a: readonly (Rect & { colour: string })[], b: readonly (Rect & { colour: string })[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const [p, q] = [a[i]!, b[i]!];
    if (p.x !== q.x || p.y !== q.y || p.width !== q.width || p.height !== q.height || p.colour !== q.colour) return false;
  }
  return true;
}

export function boxesPath(boxes: readonly Rect[]): string {
  const parts: string[] = [];
  for (const b of boxes) parts.push(`M${round(b.x)} ${round(b.y)}h${round(b.width)}v${round(b.height)}h${round(-b.width)}z`);
  return parts.join('');
}

/** The shade over everything outside the visible part (even-odd: the view is a hole in the frame). */
export function maskPath(frame: Rect, view: Rect): string {
  return `${boxesPath([frame])}${boxesPath([view])}`;
}

/** The flow point under a pointer at (`clientX`, `clientY`) on a minimap drawn in `element`. */
export function flowPointAt(frame: Rect, element: { left: number; top: number; width: number; height: number }, clientX: number, clientY: number): { x: number; y: number } {
  return { x: frame.x + ((clientX - element.left) / (element.width || 1)) * frame.width, y: frame.y + ((clientY - element.top) / (element.height || 1)) * frame.height };
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
