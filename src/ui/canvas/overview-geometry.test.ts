import { describe, expect, it } from 'vitest';
import { boundsOf, boxesPath, flowPointAt, maskPath, overviewFrame, sameBoxes } from './overview-geometry';

describe('the minimap geometry', () => {
  it('frames the cards and the visible part together, at the map’s aspect ratio', () => {
    const content = { x: 0, y: 0, width: 1000, height: 400 };
    const view = { x: 900, y: 300, width: 400, height: 200 };
    const frame = overviewFrame(content, view, { width: 168, height: 112 });
    expect(frame.width / frame.height).toBeCloseTo(168 / 112, 5);
    for (const box of [content, view]) {
      expect(frame.x).toBeLessThanOrEqual(box.x);
      expect(frame.y).toBeLessThanOrEqual(box.y);
      expect(frame.x + frame.width).toBeGreaterThanOrEqual(box.x + box.width);
      expect(frame.y + frame.height).toBeGreaterThanOrEqual(box.y + box.height);
    }
  });

  it('bounds boxes, and has none for no boxes', () => {
    expect(boundsOf([])).toBeUndefined();
    expect(boundsOf([{ x: 10, y: 20, width: 5, height: 5 }, { x: -5, y: 0, width: 10, height: 40 }])).toEqual({ x: -5, y: 0, width: 20, height: 40 });
  });

  it('draws every box as one closed outline of a single path', () => {
    expect(boxesPath([{ x: 1, y: 2, width: 3, height: 4 }, { x: 10.04, y: 0, width: 2, height: 2 }])).toBe('M1 2h3v4h-3zM10 0h2v2h-2z');
    expect(maskPath({ x: 0, y: 0, width: 10, height: 10 }, { x: 2, y: 2, width: 3, height: 3 })).toBe('M0 0h10v10h-10zM2 2h3v3h-3z');
  });

  it('finds the flow point under the pointer', () => {
    const frame = { x: -100, y: 50, width: 400, height: 200 };
    expect(flowPointAt(frame, { left: 10, top: 20, width: 200, height: 100 }, 110, 70)).toEqual({ x: 100, y: 150 });
  });
});

describe('the minimap’s boxes compared', () => {
  it('are the same only when every box has the same place, size and colour', () => {
    const box = { x: 1, y: 2, width: 3, height: 4, colour: 'green' };
    expect(sameBoxes([box], [{ ...box }])).toBe(true);
    expect(sameBoxes([box], [{ ...box, colour: 'blue' }])).toBe(false);
    expect(sameBoxes([box], [{ ...box, y: 3 }])).toBe(false);
    expect(sameBoxes([box], [box, box])).toBe(false);
    expect(sameBoxes([], [])).toBe(true);
  });
});
