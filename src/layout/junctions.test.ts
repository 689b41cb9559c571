import { describe, expect, it } from 'vitest';
import { spreadApart } from './junctions';

describe('spreadApart', () => {
  it('leaves points that are already far enough apart alone', () => {
    expect(spreadApart([0, 100, 50], 40)).toEqual([0, 100, 50]);
  });

  it('centres colliding points on their mean, keeping the gap and the order', () => {
    expect(spreadApart([10, 10], 40)).toEqual([-10, 30]);
    const spots = spreadApart([0, 5, 60, 200], 40);
    const sorted = [...spots].sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThanOrEqual(40 - 1e-9);
    expect(spots[0]).toBeLessThan(spots[1]!);
    expect(spots[3]).toBe(200);
  });
});
