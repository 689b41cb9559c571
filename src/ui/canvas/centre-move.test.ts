import { describe, expect, it } from 'vitest';
import { centreMove } from './centre-move';

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
