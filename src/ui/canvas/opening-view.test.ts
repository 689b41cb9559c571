import { describe, expect, it } from 'vitest';
import { READABLE_ZOOM, openingViewport } from './opening-view';

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
});
