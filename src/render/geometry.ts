// Plain geometry for connectors: which side of a card a link leaves from or arrives at, where on
// that side, and the paths between (curves, bends through routes, the conflict zigzag).
import type { Point } from '../layout';
import { num } from './xml';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Side = 'top' | 'bottom' | 'left' | 'right';
export type Orientation = 'vertical' | 'horizontal';

export function centre(rect: Rect): Point {
  return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
}

/** The side of `rect` facing `toward`; vertical trees favour top and bottom, horizontal ones the sides. */
export function facingSide(rect: Rect, toward: Point, orientation: Orientation): Side {
  const c = centre(rect);
  const dx = (toward.x - c.x) / Math.max(rect.width / 2, 1);
  const dy = (toward.y - c.y) / Math.max(rect.height / 2, 1);
  const bias = orientation === 'vertical' ? 2.5 : 0.4;
  if (Math.abs(dy) * bias >= Math.abs(dx)) return dy < 0 ? 'top' : 'bottom';
  return dx < 0 ? 'left' : 'right';
}

/** Point number `slot` of `count` spread over the middle 70% of a side (clear of rounded corners). */
export function anchorOn(rect: Rect, side: Side, slot = 0, count = 1): Point {
  const f = 0.15 + ((slot + 1) / (count + 1)) * 0.7;
  switch (side) {
    case 'top':
      return { x: rect.x + rect.width * f, y: rect.y };
    case 'bottom':
      return { x: rect.x + rect.width * f, y: rect.y + rect.height };
    case 'left':
      return { x: rect.x, y: rect.y + rect.height * f };
    case 'right':
      return { x: rect.x + rect.width, y: rect.y + rect.height * f };
  }
}

const NORMAL: Record<Side, Point> = { top: { x: 0, y: -1 }, bottom: { x: 0, y: 1 }, left: { x: -1, y: 0 }, right: { x: 1, y: 0 } };

/** One cubic piece of a connector. */
export interface Segment {
  from: Point;
  c1: Point;
  c2: Point;
  to: Point;
}

/** A connector's course: cubic pieces joined end to end. */
export interface Course {
  segments: Segment[];
}

/** A curve leaving and entering straight out of the sides it joins (no side at a junction). */
export function curveCourse(from: Point, fromSide: Side | null, to: Point, toSide: Side | null): Course {
  const distance = Math.hypot(to.x - from.x, to.y - from.y);
  const reach = Math.min(Math.max(distance * 0.35, 20), 140);
  const toward = (p: Point, q: Point): Point => {
    const length = Math.hypot(q.x - p.x, q.y - p.y) || 1;
    return { x: (q.x - p.x) / length, y: (q.y - p.y) / length };
  };
  const n1 = fromSide ? NORMAL[fromSide] : toward(from, to);
  const n2 = toSide ? NORMAL[toSide] : toward(to, from);
  return { segments: [{ from, c1: { x: from.x + n1.x * reach, y: from.y + n1.y * reach }, c2: { x: to.x + n2.x * reach, y: to.y + n2.y * reach }, to }] };
}

/**
 * A smooth course through bend points: each piece leaves and arrives along the flow (vertical
 * in bottom-up trees, horizontal in left-to-right ones), so the joins have no corners.
 */
export function bentCourse(points: Point[], orientation: Orientation): Course {
  const segments: Segment[] = [];
  for (let i = 1; i < points.length; i++) {
    const p = points[i - 1]!;
    const q = points[i]!;
    if (orientation === 'vertical') {
      const my = (p.y + q.y) / 2;
      segments.push({ from: p, c1: { x: p.x, y: my }, c2: { x: q.x, y: my }, to: q });
    } else {
      const mx = (p.x + q.x) / 2;
      segments.push({ from: p, c1: { x: mx, y: p.y }, c2: { x: mx, y: q.y }, to: q });
    }
  }
  return { segments };
}

export function straightCourse(from: Point, to: Point): Course {
  const third = (f: number): Point => ({ x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f });
  return { segments: [{ from, c1: third(1 / 3), c2: third(2 / 3), to }] };
}

export function coursePoints(course: Course): Point[] {
  return course.segments.flatMap((s, i) => (i === 0 ? [s.from, s.c1, s.c2, s.to] : [s.c1, s.c2, s.to]));
}

export function coursePath(course: Course): string {
  const first = course.segments[0];
  if (!first) return '';
  return (
    `M${num(first.from.x)},${num(first.from.y)}` +
    course.segments.map((s) => ` C${num(s.c1.x)},${num(s.c1.y)} ${num(s.c2.x)},${num(s.c2.y)} ${num(s.to.x)},${num(s.to.y)}`).join('')
  );
}

function onSegment(s: Segment, t: number): Point {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return { x: a * s.from.x + b * s.c1.x + c * s.c2.x + d * s.to.x, y: a * s.from.y + b * s.c1.y + c * s.c2.y + d * s.to.y };
}

interface Measured {
  samples: Point[];
  /** Length from the start to each sample. */
  along: Float64Array;
}

/** Samples of each course and their running length, measured once: labels ask many times. */
const measured = new WeakMap<Course, Measured>();

function measure(course: Course): Measured {
  let known = measured.get(course);
  if (known) return known;
  const samples: Point[] = [];
  for (const segment of course.segments) for (let i = samples.length === 0 ? 0 : 1; i <= 16; i++) samples.push(onSegment(segment, i / 16));
  const along = new Float64Array(samples.length);
  for (let i = 1; i < samples.length; i++) along[i] = along[i - 1]! + Math.hypot(samples[i]!.x - samples[i - 1]!.x, samples[i]!.y - samples[i - 1]!.y);
  known = { samples, along };
  measured.set(course, known);
  return known;
}

/** The point at fraction `t` (0 = start, 1 = end) of a course's length, measured on samples. */
export function pointAlong(course: Course, t: number): Point {
  const { samples, along } = measure(course);
  if (samples.length === 0) return { x: 0, y: 0 };
  const wanted = along[along.length - 1]! * Math.min(1, Math.max(0, t));
  for (let i = 1; i < samples.length; i++) {
    if (wanted <= along[i]!) {
      const l = along[i]! - along[i - 1]!;
      const f = l === 0 ? 0 : (wanted - along[i - 1]!) / l;
      return { x: samples[i - 1]!.x + (samples[i]!.x - samples[i - 1]!.x) * f, y: samples[i - 1]!.y + (samples[i]!.y - samples[i - 1]!.y) * f };
    }
  }
  return samples[samples.length - 1]!;
}

/** A zigzag between two points: the usual mark of a conflict, which is not causal. */
export function zigzagPath(a: Point, b: Point): string {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy) || 1;
  const nx = -dy / length;
  const ny = dx / length;
  const teeth = Math.max(4, Math.round(length / 14));
  let d = `M${num(a.x)},${num(a.y)}`;
  for (let i = 1; i < teeth; i++) {
    const t = i / teeth;
    const offset = (i % 2 === 0 ? -1 : 1) * 6;
    d += ` L${num(a.x + dx * t + nx * offset)},${num(a.y + dy * t + ny * offset)}`;
  }
  return `${d} L${num(b.x)},${num(b.y)}`;
}

export function overlaps(a: Rect, b: Rect, margin = 0): boolean {
  return a.x < b.x + b.width + margin && b.x < a.x + a.width + margin && a.y < b.y + b.height + margin && b.y < a.y + a.height + margin;
}
