import { describe, expect, it } from 'vitest';
import { assignRanks } from './rank';

const e = (from: number, to: number) => ({ from, to });

describe('assignRanks', () => {
  it('puts every source below its target, each cause right under its effect', () => {
    // 0 ← 1 ← 2, and 3 → 0 directly: 3 stays one rank under 0, not at the bottom.
    const rank = assignRanks(4, [e(1, 0), e(2, 1), e(3, 0)], []);
    expect(rank).toEqual([2, 1, 0, 1]);
  });

  it('breaks a cycle by reversing one edge, found from the node nothing points to', () => {
    const rank = assignRanks(4, [e(3, 0), e(0, 1), e(1, 2), e(2, 0)], []);
    expect(rank[3]).toBeLessThan(rank[0]!);
    expect(rank[0]).toBeLessThan(rank[1]!);
    expect(rank[1]).toBeLessThan(rank[2]!);
  });

  it('keeps beside pairs on one rank, however deep each side is', () => {
    // 0 ← 1 and 0 ← 2 ← 3; 1 beside 3.
    const rank = assignRanks(4, [e(1, 0), e(2, 0), e(3, 2)], [e(1, 3)]);
    expect(rank[1]).toBe(rank[3]);
    expect(rank[3]).toBeLessThan(rank[2]!);
  });

  it('copes with a beside pair that is also joined by a path', () => {
    const rank = assignRanks(3, [e(0, 1), e(1, 2)], [e(0, 2)]);
    expect(rank[0]).toBe(rank[2]);
    expect(rank.every((r) => Number.isInteger(r) && r >= 0)).toBe(true);
  });

  it('handles a chain of 100,000 without running out of stack', () => {
    const count = 100_000;
    const edges = Array.from({ length: count - 1 }, (_, i) => e(i + 1, i));
    const rank = assignRanks(count, edges, []);
    expect(rank[0]).toBe(count - 1);
    expect(rank[count - 1]).toBe(0);
  });
});
