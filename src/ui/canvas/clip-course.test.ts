import { describe, expect, it } from 'vitest';
import type { Point } from '../../layout';
import { coursePath, type Course } from '../../render/geometry';
import { clipCourse } from './clip-course';

const line = (from: Point, to: Point): Course => ({
  segments: [{ from, c1: { x: from.x + (to.x - from.x) / 3, y: from.y + (to.y - from.y) / 3 }, c2: { x: from.x + ((to.x - from.x) * 2) / 3, y: from.y + ((to.y - from.y) * 2) / 3 }, to }],
});
const area = { x: 0, y: 0, width: 1000, height: 1000 };

/** Every point the path data moves or curves to. */
function points(d: string): Point[] {
  return [...d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
}

describe('clipCourse', () => {
  it('leaves a course that lies inside the area alone', () => {
    expect(clipCourse(line({ x: 10, y: 10 }, { x: 900, y: 500 }), area)).toBeUndefined();
  });

  it('cuts a link from a cause far away down to the part near the area, keeping its end and arrow', () => {
    const course = line({ x: 250_000, y: 900 }, { x: 500, y: 100 });
    const clipped = clipCourse(course, area)!;
    expect(clipped.keepsEnd).toBe(true);
    const drawn = points(clipped.d);
    expect(drawn.at(-1)).toEqual({ x: 500, y: 100 });
    // Nothing drawn is further than a small piece beyond the area.
    for (const p of drawn) expect(p.x).toBeLessThan(1000 + 1000 / 32);
    // The dash pattern goes on from where the drawn part starts.
    expect(clipped.lengthBefore).toBeGreaterThan(248_000);
    expect(clipped.lengthBefore).toBeLessThan(250_000);
    expect(clipped.d.length).toBeLessThan(coursePath(course).length * 8);
  });

  it('draws no arrow head when the end lies outside: it would sit at the cut', () => {
    const clipped = clipCourse(line({ x: 500, y: 100 }, { x: -90_000, y: 900 }), area)!;
    expect(clipped.keepsEnd).toBe(false);
    expect(clipped.lengthBefore).toBe(0);
    expect(points(clipped.d)[0]).toEqual({ x: 500, y: 100 });
  });

  it('draws nothing of a course that passes far from the area', () => {
    const clipped = clipCourse(line({ x: 5000, y: 5000 }, { x: 90_000, y: 6000 }), area)!;
    expect(clipped.d).toBe('');
    expect(clipped.keepsEnd).toBe(false);
  });

  it('keeps the part crossing the area of a course whose both ends lie outside it', () => {
    const clipped = clipCourse(line({ x: -50_000, y: 500 }, { x: 50_000, y: 500 }), area)!;
    const drawn = points(clipped.d);
    expect(Math.min(...drawn.map((p) => p.x))).toBeLessThanOrEqual(0);
    expect(Math.max(...drawn.map((p) => p.x))).toBeGreaterThanOrEqual(1000);
    expect(drawn.every((p) => p.y === 500)).toBe(true);
  });
});
