// The part of a link worth drawing: a link that runs far outside the view (in a big tree, a
// cause thousands of pixels away) is cut to the area around the view before it is drawn.
// Browsers dash the whole of a dashed path however little of it shows, so a few thousand
// proposed links, each the width of a huge tree, once took Chromium most of a minute to paint.
import type { Point } from '../../layout';
import type { Course, Segment } from '../../render/geometry';
import { num } from '../../render/xml';

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ClippedPath {
  /** SVG path data of the pieces inside the area ('' when none is). */
  d: string;
  /** Length of the course before the first piece drawn: the dash pattern continues from there. */
  lengthBefore: number;
  /** Whether the course's last point is drawn (else no arrow head: it would sit at the cut). */
  keepsEnd: boolean;
}

/** Pieces smaller than this share of the area are kept whole rather than split further. */
const FINEST = 1 / 64;

/** The drawn part of `course` within `area`, or undefined when all of it lies inside. */
export function clipCourse(course: Course, area: Area): ClippedPath | undefined {
  if (course.segments.every((s) => inside(bounds(s), area))) return undefined;
  const kept: Segment[] = [];
  let lengthBefore = 0;
  const finest = Math.max(area.width, area.height) * FINEST;
  const visit = (segment: Segment, depth: number) => {
    const box = bounds(segment);
    if (!overlaps(box, area)) {
      if (kept.length === 0) lengthBefore += approximateLength(segment);
      return;
    }
    if (inside(box, area) || depth >= 30 || Math.max(box.width, box.height) <= finest) {
      kept.push(segment);
      return;
    }
    const [first, second] = split(segment);
    visit(first, depth + 1);
    visit(second, depth + 1);
  };
  for (const segment of course.segments) visit(segment, 0);

  let d = '';
  let at: Point | undefined;
  for (const s of kept) {
    if (!at || at.x !== s.from.x || at.y !== s.from.y) d += `M${num(s.from.x)},${num(s.from.y)}`;
    d += ` C${num(s.c1.x)},${num(s.c1.y)} ${num(s.c2.x)},${num(s.c2.y)} ${num(s.to.x)},${num(s.to.y)}`;
    at = s.to;
  }
  const end = course.segments[course.segments.length - 1]!.to;
  const keepsEnd = at !== undefined && at.x === end.x && at.y === end.y;
  return { d, lengthBefore, keepsEnd };
}

/** Halves a cubic at its middle (de Casteljau). */
function split(s: Segment): [Segment, Segment] {
  const mid = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
  const ab = mid(s.from, s.c1);
  const bc = mid(s.c1, s.c2);
  const cd = mid(s.c2, s.to);
  const abc = mid(ab, bc);
  const bcd = mid(bc, cd);
  const middle = mid(abc, bcd);
  return [
    { from: s.from, c1: ab, c2: abc, to: middle },
    { from: middle, c1: bcd, c2: cd, to: s.to },
  ];
}

/** The curve lies within the box of its four points. */
function bounds(s: Segment): Area {
  const x = Math.min(s.from.x, s.c1.x, s.c2.x, s.to.x);
  const y = Math.min(s.from.y, s.c1.y, s.c2.y, s.to.y);
  return { x, y, width: Math.max(s.from.x, s.c1.x, s.c2.x, s.to.x) - x, height: Math.max(s.from.y, s.c1.y, s.c2.y, s.to.y) - y };
}

function overlaps(a: Area, b: Area): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}

function inside(a: Area, b: Area): boolean {
  return a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;
}

/** Between the chord and the control polygon: close for the gentle curves links are made of. */
function approximateLength(s: Segment): number {
  const d = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);
  return (d(s.from, s.to) + d(s.from, s.c1) + d(s.c1, s.c2) + d(s.c2, s.to)) / 2;
}
