// Where a link meets a node card: on the side facing the other end, spread out along that side
// when several links arrive there, so arrowheads never land on one point.
import { Position } from '@xyflow/react';
import type { Point } from '../../layout/types';
import {
  anchorOn as anchorOnSide,
  bentCourse,
  centre,
  curveCourse,
  facingSide as sideFacing,
  straightCourse,
  type Course,
  type Orientation,
  type Rect,
  type Side,
} from '../../render/geometry';

export type { Rect, Orientation } from '../../render/geometry';
export type { Point } from '../../layout/types';
export { centre };

/** The card side facing `toward`, as React Flow names sides (the same words as the diagrams'). */
export function facingSide(rect: Rect, toward: Point, orientation: Orientation): Position {
  return sideFacing(rect, toward, orientation) as Position;
}

/** The point on `side` of `rect` for end number `slot` of `count` ends sharing that side. */
export function anchorOn(rect: Rect, side: Position, slot = 0, count = 1): Point {
  return anchorOnSide(rect, side as Side, slot, count);
}

export interface EdgeEnd {
  /** Which edge and which end: `${edgeId}:source` or `${edgeId}:target`. */
  key: string;
  nodeId: string;
  other: Point;
}

export interface Slot {
  side: Position;
  slot: number;
  count: number;
}

/** Groups the ends arriving at each side of each node and orders them by where they come from. */
export function assignSlots(ends: EdgeEnd[], rects: Map<string, Rect>, orientation: Orientation): Map<string, Slot> {
  const groups = new Map<string, { end: EdgeEnd; side: Position }[]>();
  for (const end of ends) {
    const rect = rects.get(end.nodeId);
    if (!rect) continue;
    const side = facingSide(rect, end.other, orientation);
    const key = `${end.nodeId}|${side}`;
    const group = groups.get(key) ?? [];
    group.push({ end, side });
    groups.set(key, group);
  }
  const slots = new Map<string, Slot>();
  for (const group of groups.values()) {
    const across = group[0].side === Position.Top || group[0].side === Position.Bottom;
    group.sort((a, b) => (across ? a.end.other.x - b.end.other.x : a.end.other.y - b.end.other.y) || a.end.key.localeCompare(b.end.key));
    group.forEach(({ end, side }, slot) => slots.set(end.key, { side, slot, count: group.length }));
  }
  return slots;
}

/** Where along its link a label goes, tried in this order until it overlaps nothing. */
export const LABEL_POSITIONS = [0.5, 0.4, 0.6, 0.32, 0.68, 0.25, 0.75];

/** The same bend points (none and an empty list are the same). */
export function samePoints(a: readonly Point[] | undefined, b: readonly Point[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return (a?.length ?? 0) === 0 && (b?.length ?? 0) === 0;
  return a.every((p, i) => p.x === b[i]!.x && p.y === b[i]!.y);
}

export function overlapArea(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

export interface LinkEnd {
  point: Point;
  side: Position;
}

/**
 * Where a link leaves or enters `rect`: the centre of a junction, or the slot on the card side
 * facing `toward` (a slot computed for another side is ignored after a drag).
 */
export function linkEnd(rect: Rect, toward: Point, slot: Slot | undefined, isJunction: boolean, orientation: Orientation): LinkEnd {
  const side = facingSide(rect, toward, orientation);
  if (isJunction) return { point: centre(rect), side };
  const usable = slot && slot.side === side ? slot : undefined;
  return { point: anchorOn(rect, side, usable?.slot ?? 0, usable?.count ?? 1), side };
}

export interface LinkShape {
  source: Rect;
  target: Rect;
  sourceSlot?: Slot;
  targetSlot?: Slot;
  sourceIsJunction: boolean;
  targetIsJunction: boolean;
  /** Bend points from the layout that keep the link clear of cards (none after a drag). */
  bends?: Point[];
  /** Conflicts are drawn straight (as a zigzag), never curved round. */
  straight?: boolean;
  orientation: Orientation;
}

/** The course a link takes: the canvas draws it and places its label on it. */
export function linkCourse(shape: LinkShape): { from: LinkEnd; to: LinkEnd; course: Course } {
  const bends = shape.straight ? [] : (shape.bends ?? []);
  const from = linkEnd(shape.source, bends[0] ?? centre(shape.target), shape.sourceSlot, shape.sourceIsJunction, shape.orientation);
  const to = linkEnd(shape.target, bends[bends.length - 1] ?? centre(shape.source), shape.targetSlot, shape.targetIsJunction, shape.orientation);
  const course = shape.straight
    ? straightCourse(from.point, to.point)
    : bends.length > 0
      ? bentCourse([from.point, ...bends, to.point], shape.orientation)
      : curveCourse(from.point, shape.sourceIsJunction ? null : (from.side as Side), to.point, shape.targetIsJunction ? null : (to.side as Side));
  return { from, to, course };
}

/** Rectangles bucketed on a coarse grid, so overlap questions look only nearby (shared with the SVG diagrams). */
export { RectGrid } from '../../layout';

/** The AND junction's circle on the canvas, in px. */
export const JUNCTION_SIZE = 34;
