import { describe, expect, it } from 'vitest';
import { Position } from '@xyflow/react';
import { anchorOn, assignSlots, facingSide } from './edge-geometry';

const box = { x: 0, y: 0, width: 200, height: 100 };

describe('edge geometry', () => {
  it('uses the side facing the other end, preferring top and bottom in vertical trees', () => {
    expect(facingSide(box, { x: 100, y: -300 }, 'vertical')).toBe(Position.Top);
    expect(facingSide(box, { x: 350, y: 250 }, 'vertical')).toBe(Position.Bottom);
    expect(facingSide(box, { x: 600, y: 60 }, 'vertical')).toBe(Position.Right);
    expect(facingSide(box, { x: -400, y: 120 }, 'horizontal')).toBe(Position.Left);
  });

  it('spreads several ends on one side in the order their other ends lie', () => {
    const rects = new Map([['n', box]]);
    const slots = assignSlots(
      [
        { key: 'b', nodeId: 'n', other: { x: 300, y: 400 } },
        { key: 'a', nodeId: 'n', other: { x: -100, y: 400 } },
      ],
      rects,
      'vertical',
    );
    expect(slots.get('a')).toEqual({ side: Position.Bottom, slot: 0, count: 2 });
    expect(slots.get('b')).toEqual({ side: Position.Bottom, slot: 1, count: 2 });
    const left = anchorOn(box, Position.Bottom, 0, 2);
    const right = anchorOn(box, Position.Bottom, 1, 2);
    expect(left.y).toBe(100);
    expect(left.x).toBeLessThan(right.x);
  });
});
