import { describe, expect, it } from 'vitest';
import { centreMove, panIntoView } from './centre-move';

const canvas = { width: 1000, height: 600 };

describe('centreMove', () => {
  it('glides to a point a little way off screen', () => {
    expect(centreMove({ x: 1200, y: 300 }, { x: 0, y: 0, zoom: 1 }, canvas, 300)).toEqual({ duration: 300, interpolate: 'linear' });
  });

  it('jumps to a point many screens away, so the whole tree is never drawn on the way', () => {
    expect(centreMove({ x: 250_000, y: 300 }, { x: 0, y: 0, zoom: 0.9 }, canvas, 300).duration).toBe(0);
  });

  it('measures the distance on screen: far in the tree but near at a small zoom still glides', () => {
    expect(centreMove({ x: 20_000, y: 300 }, { x: 0, y: 0, zoom: 0.05 }, canvas, 300).duration).toBe(300);
  });
});

describe('panIntoView', () => {
  const room = { x: 0, y: 0, width: 1000, height: 600 };
  it('leaves the view alone when the box is in view, and pans the least otherwise, keeping the zoom', () => {
    const viewport = { x: 0, y: 0, zoom: 0.5 };
    expect(panIntoView({ x: 100, y: 100, width: 200, height: 100 }, viewport, room)).toEqual(viewport);
    // Below the view: moved up just enough for its bottom to show with the margin.
    const below = panIntoView({ x: 100, y: 1400, width: 200, height: 100 }, viewport, room);
    expect(below.zoom).toBe(0.5);
    expect(below.x).toBe(0);
    expect(1500 * 0.5 + below.y).toBe(600 - 24);
    // Left of the view.
    const left = panIntoView({ x: -400, y: 100, width: 200, height: 100 }, viewport, room);
    expect(-400 * 0.5 + left.x).toBe(24);
  });
});
