// Where a selected link's note (its assumptions) goes: beside its label, on the first side where
// it covers no card; failing that, where it covers the least.
import type { Point, Rect } from './edge-geometry';

const GAP = 6;

export function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * The note's top-left corner, in flow coordinates. `label` is the label's box; `note` the note's
 * size; `cards` the boxes to keep clear of. Below and above the label first, then beside it,
 * then the same a step further out.
 */
export function placeNote(label: Rect, note: { width: number; height: number }, cards: Rect[]): Point {
  const centreX = label.x + label.width / 2 - note.width / 2;
  const centreY = label.y + label.height / 2 - note.height / 2;
  const candidates: Point[] = [];
  for (const step of [0, 1, 2, 3]) {
    const far = step * 40;
    candidates.push(
      { x: centreX, y: label.y + label.height + GAP + far },
      { x: centreX, y: label.y - note.height - GAP - far },
      { x: label.x + label.width + GAP + far, y: centreY },
      { x: label.x - note.width - GAP - far, y: centreY },
    );
  }
  let best = candidates[0];
  let bestCost = Infinity;
  for (const at of candidates) {
    const box = { ...at, ...note };
    const cost = cards.reduce((sum, card) => sum + overlap(box, card), 0);
    if (cost === 0) return at;
    if (cost < bestCost) {
      best = at;
      bestCost = cost;
    }
  }
  return best;
}
