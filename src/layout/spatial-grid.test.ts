import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PointGrid, RectGrid, type Box } from './spatial-grid';

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const box = fc.record({ x: fc.integer({ min: -2000, max: 2000 }), y: fc.integer({ min: -2000, max: 2000 }), width: fc.integer({ min: 0, max: 600 }), height: fc.integer({ min: 0, max: 300 }) });

describe('spatial grids', () => {
  it('find every rectangle that overlaps a box, and every point inside it', () => {
    fc.assert(
      fc.property(fc.array(box, { maxLength: 40 }), fc.array(fc.record({ x: fc.double({ min: -2500, max: 2500, noNaN: true }), y: fc.double({ min: -2500, max: 2500, noNaN: true }) }), { maxLength: 60 }), box, (rects, points, query) => {
        const grid = new RectGrid();
        for (const r of rects) grid.add(r);
        const near = new Set(grid.near(query));
        for (const r of rects) if (overlaps(query, r)) expect(near.has(r)).toBe(true);
        const pointGrid = new PointGrid();
        for (const p of points) pointGrid.add(p);
        const inside = points.filter((p) => p.x > query.x && p.x < query.x + query.width && p.y > query.y && p.y < query.y + query.height).length;
        expect(pointGrid.countInside(query)).toBe(inside);
      }),
      { numRuns: 300 },
    );
  });
});
