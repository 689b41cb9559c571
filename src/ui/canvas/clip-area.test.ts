import { describe, expect, it } from 'vitest';
import { clipAreaKey, clipAreaOf } from './clip-area';
import { PRINT_SIZE } from './print-size';

const view = (x: number, y: number, zoom: number, width = 1000, height = 600) => ({ transform: [x, y, zoom] as [number, number, number], width, height });

describe('the area long links are cut to', () => {
  it('always holds the whole view and the printed area, at any pan and zoom', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 2000; i++) {
      const zoom = 0.05 * Math.pow(50, random());
      const state = view((random() - 0.5) * 1e6, (random() - 0.5) * 1e6, zoom, 300 + random() * 2000, 200 + random() * 1200);
      const area = clipAreaOf(clipAreaKey(state));
      const [x, y] = state.transform;
      const left = -x / zoom;
      const top = -y / zoom;
      const right = left + Math.max(state.width, PRINT_SIZE.width) / zoom;
      const bottom = top + Math.max(state.height, PRINT_SIZE.height) / zoom;
      expect(area.x).toBeLessThanOrEqual(left);
      expect(area.y).toBeLessThanOrEqual(top);
      expect(area.x + area.width).toBeGreaterThanOrEqual(right);
      expect(area.y + area.height).toBeGreaterThanOrEqual(bottom);
    }
  });

  it('stays put during a short pan, so links are not cut again at every frame', () => {
    const keys = new Set<string>();
    for (let dx = 0; dx < 100; dx += 5) keys.add(clipAreaKey(view(-20_000 - dx, 300, 1)));
    expect(keys.size).toBeLessThanOrEqual(2);
  });

  it('reaches no further than a view-sized cell beyond the view on a desktop screen: each cell more is dashed link drawn for nothing', () => {
    const area = clipAreaOf(clipAreaKey(view(-5000, -3000, 1, 1400, 900)));
    expect(area.width).toBe(3 * 1400);
    expect(area.height).toBe(3 * 900);
  });

  it('is not used before the canvas has a size', () => {
    expect(clipAreaKey(view(0, 0, 1, 0, 0))).toBe('');
  });
});
