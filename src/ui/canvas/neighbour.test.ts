import { describe, expect, it } from 'vitest';
import { connectedNodes, nextInDirection } from './neighbour';

describe('connectedNodes', () => {
  it('gives causes and effects, AND sources included', () => {
    const links = [
      { from: ['a'], to: 'b' },
      { from: ['b', 'c'], to: 'd' },
      { from: ['x'], to: undefined },
    ];
    expect([...connectedNodes('b', links)].sort()).toEqual(['a', 'd']);
    expect([...connectedNodes('d', links)].sort()).toEqual(['b', 'c']);
  });
});

describe('nextInDirection', () => {
  const from = { x: 0, y: 0 };
  const candidates = [
    { id: 'above', centre: { x: 20, y: -200 } },
    { id: 'far-above', centre: { x: 0, y: -500 } },
    { id: 'right', centre: { x: 300, y: 10 } },
  ];
  it('picks the nearest node in the direction', () => {
    expect(nextInDirection(from, candidates, 'up')).toBe('above');
    expect(nextInDirection(from, candidates, 'right')).toBe('right');
  });
  it('gives nothing when no linked node lies that way', () => {
    expect(nextInDirection(from, candidates, 'down')).toBeUndefined();
    expect(nextInDirection(from, candidates, 'left')).toBeUndefined();
  });
});
