import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { READABLE_ZOOM, clearRoom, densest, openingViewport, type Box } from './opening-view';

const canvas = { width: 1000, height: 600 };

describe('openingViewport', () => {
  it('shows a small tree whole, centred, never magnified beyond 1', () => {
    const view = openingViewport({ x: 0, y: 0, width: 400, height: 200 }, canvas);
    expect(view.zoom).toBe(1);
    expect(view.x).toBe(300);
    expect(view.y).toBe(200);
  });

  it('shrinks a tree that fits at a readable size', () => {
    const view = openingViewport({ x: 0, y: 0, width: 1100, height: 300 }, canvas);
    expect(view.zoom).toBeCloseTo(0.8, 5);
  });

  it('shows a tree whole at the readable zoom when it fits with little air', () => {
    const view = openingViewport({ x: 0, y: 0, width: 900, height: 736 }, { width: 880, height: 527 });
    expect(view.zoom).toBe(READABLE_ZOOM);
    expect(view.y).toBeCloseTo(527 / 2 - 368 * READABLE_ZOOM, 5);
  });

  it('opens a tall tree at the readable zoom from its top, centred across', () => {
    const view = openingViewport({ x: 100, y: 50, width: 500, height: 3000 }, canvas);
    expect(view.zoom).toBe(READABLE_ZOOM);
    expect(view.y).toBeCloseTo(24 - 50 * READABLE_ZOOM, 5);
    expect(view.x).toBeCloseTo(500 - 350 * READABLE_ZOOM, 5);
  });

  it('opens a wide tree at the readable zoom from its left', () => {
    const view = openingViewport({ x: -20, y: 0, width: 4000, height: 400 }, canvas);
    expect(view.zoom).toBe(READABLE_ZOOM);
    expect(view.x).toBeCloseTo(24 + 20 * READABLE_ZOOM, 5);
  });

  it('opens a tall tree on where it is read from, at the readable zoom', () => {
    // A future reality tree: its injections at the bottom of a 3000 px tall tree.
    const tree = { x: 0, y: 0, width: 800, height: 3000 };
    const injections = { x: 100, y: 2800, width: 500, height: 120 };
    const view = openingViewport(tree, canvas, [injections]);
    expect(view.zoom).toBe(READABLE_ZOOM);
    const top = (0 - view.y) / view.zoom;
    const bottom = (600 - view.y) / view.zoom;
    expect(top).toBeLessThan(2800);
    expect(bottom).toBeGreaterThan(2920);
    // Never more than a little empty room past the tree's end.
    expect(bottom).toBeLessThanOrEqual(3000 + 24 / view.zoom + 0.001);
  });

  it('starts at the beginning of a reading start wider than the canvas', () => {
    const tree = { x: 0, y: 0, width: 6000, height: 3000 };
    const effects = { x: 1000, y: 0, width: 4000, height: 100 };
    const view = openingViewport(tree, canvas, [effects]);
    expect((0 - view.x) / view.zoom).toBeCloseTo(1000 - 24 / view.zoom, 5);
    expect(view.y).toBeCloseTo(24, 5);
  });

  it('never opens below the readable zoom: card text stays at 9 px or more', () => {
    for (const size of [1000, 5000, 50000]) expect(openingViewport({ x: 0, y: 0, width: size, height: size }, canvas).zoom * 13.5).toBeGreaterThanOrEqual(9);
  });

  it('opens on the most reading-start cards one view can hold', () => {
    const tree = { x: 0, y: 0, width: 8000, height: 8000 };
    const card = (x: number, y: number) => ({ x, y, width: 240, height: 100 });
    // One injection far off at the top-left; four together near the bottom right.
    const starts = [card(0, 0), card(6000, 7000), card(6300, 7000), card(6000, 7200), card(6300, 7200)];
    const view = openingViewport(tree, canvas, starts);
    const seen = (b: { x: number; y: number; width: number; height: number }) => b.x * view.zoom + view.x >= 0 && (b.x + b.width) * view.zoom + view.x <= 1000 && b.y * view.zoom + view.y >= 0 && (b.y + b.height) * view.zoom + view.y <= 600;
    expect(starts.slice(1).every(seen)).toBe(true);
  });

  it('fits the tree beside the minimap, not under it', () => {
    const room = clearRoom(canvas, [{ x: 820, y: 470, width: 170, height: 120 }]);
    expect(room.x + room.width <= 820 || room.y + room.height <= 470).toBe(true);
    const view = openingViewport({ x: 0, y: 0, width: 600, height: 500 }, canvas, [], room);
    const right = 600 * view.zoom + view.x;
    const bottom = 500 * view.zoom + view.y;
    expect(right <= 820 || bottom <= 470).toBe(true);
  });
});

describe('densest', () => {
  /** The plain search it replaced: every window against every card. */
  function everyCard(boxes: readonly Box[], window: { width: number; height: number }): Box | undefined {
    if (boxes.length === 0) return undefined;
    const around = (group: readonly Box[]): Box => {
      const x = Math.min(...group.map((b) => b.x));
      const y = Math.min(...group.map((b) => b.y));
      return { x, y, width: Math.max(...group.map((b) => b.x + b.width)) - x, height: Math.max(...group.map((b) => b.y + b.height)) - y };
    };
    const all = around(boxes);
    if (all.width <= window.width && all.height <= window.height) return all;
    let best: Box[] = [];
    for (const anchor of boxes.slice(0, 400)) {
      for (const [fx, fy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
        const left = fx === 0 ? anchor.x : anchor.x + anchor.width - window.width;
        const top = fy === 0 ? anchor.y : anchor.y + anchor.height - window.height;
        const inside = boxes.filter((b) => b.x >= left && b.y >= top && b.x + b.width <= left + window.width && b.y + b.height <= top + window.height);
        if (inside.length > best.length) best = inside;
      }
    }
    return around(best.length ? best : [boxes[0]!]);
  }

  it('finds the same group as trying every card in every window', () => {
    const box = fc.record({ x: fc.integer({ min: -2000, max: 2000 }), y: fc.integer({ min: -2000, max: 2000 }), width: fc.integer({ min: 1, max: 400 }), height: fc.integer({ min: 1, max: 300 }) });
    fc.assert(
      fc.property(fc.array(box, { maxLength: 120 }), fc.integer({ min: 100, max: 1500 }), fc.integer({ min: 100, max: 1000 }), (boxes, width, height) => {
        expect(densest(boxes, { width, height })).toEqual(everyCard(boxes, { width, height }));
      }),
      { numRuns: 300 },
    );
  });

  it('shows the densest window of a thousand-card tree, not the first cards', () => {
    // Cards in a row, sparse on the left, packed on the right.
    const sparse = Array.from({ length: 50 }, (_, i) => ({ x: i * 1000, y: 0, width: 200, height: 80 }));
    const packed = Array.from({ length: 950 }, (_, i) => ({ x: 60_000 + (i % 10) * 210, y: Math.floor(i / 10) * 90, width: 200, height: 80 }));
    const group = densest([...sparse, ...packed], { width: 2100, height: 900 })!;
    expect(group.x).toBe(60_000);
    expect(group.width).toBe(2090);
  });
});
