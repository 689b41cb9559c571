import { describe, expect, it } from 'vitest';
import { overlap, placeNote } from './note-placement';

const label = { x: 100, y: 100, width: 80, height: 20 };
const note = { width: 200, height: 60 };

describe('placeNote', () => {
  it('puts the note under the label when nothing is there', () => {
    expect(placeNote(label, note, [])).toEqual({ x: 40, y: 126 });
  });

  it('moves it to a side where it covers no card', () => {
    const below = { x: 0, y: 122, width: 400, height: 100 };
    const at = placeNote(label, note, [below]);
    expect(overlap({ ...at, ...note }, below)).toBe(0);
    expect(at.y).toBeLessThan(label.y);
  });

  it('goes further out when every side next to the label is taken', () => {
    const cards = [
      { x: 0, y: 122, width: 400, height: 70 },
      { x: 0, y: 20, width: 400, height: 78 },
      { x: 182, y: 0, width: 150, height: 300 },
      { x: -150, y: 0, width: 248, height: 300 },
    ];
    const at = placeNote(label, note, cards);
    expect(cards.every((card) => overlap({ ...at, ...note }, card) === 0)).toBe(true);
  });
});
