import { describe, expect, it } from 'vitest';
import { makeRoom } from './make-room';

describe('makeRoom', () => {
  it('leaves cards that keep their distance alone', () => {
    expect(makeRoom('goal', [{ id: 'a', x: 0, y: 0, width: 100, height: 50 }, { id: 'b', x: 140, y: 0, width: 100, height: 50 }], 20)).toEqual(new Map());
  });

  it('moves an overlapping card down just past the one above it, and what it then meets further', () => {
    const moved = makeRoom(
      'current_reality',
      [
        { id: 'top', x: 0, y: 0, width: 100, height: 80 },
        { id: 'mid', x: 10, y: 60, width: 100, height: 50 },
        { id: 'low', x: 0, y: 110, width: 100, height: 50 },
        { id: 'far', x: 500, y: 60, width: 100, height: 50 },
      ],
      20,
    );
    expect(moved).toEqual(new Map([['mid', { x: 10, y: 100 }], ['low', { x: 0, y: 170 }]]));
  });

  it('moves along the arrows of a tree drawn across', () => {
    expect(makeRoom('transition', [{ id: 'a', x: 0, y: 0, width: 100, height: 50 }, { id: 'b', x: 90, y: 10, width: 100, height: 50 }], 20)).toEqual(new Map([['b', { x: 120, y: 10 }]]));
  });
});
