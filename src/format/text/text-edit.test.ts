// A caret stays by the text it was in when someone else's typing comes in, and a keystroke made on
// a text that others changed meanwhile lands where it was made, keeping their typing.
import { describe, expect, it } from 'vitest';
import { applyTextDelta, applyTextSplice, placeAfterEdit, placeThroughDelta, rebaseTextEdit, spliceBeforeCaret, textSplice } from './text-edit';

describe('placeAfterEdit', () => {
  it('moves a caret after an insertion before it, and leaves one before the change alone', () => {
    expect(placeAfterEdit('the queue', 'Honestly, the queue', 4)).toBe(14);
    expect(placeAfterEdit('the queue', 'the queue grows', 4)).toBe(4);
    expect(placeAfterEdit('the long queue', 'the queue', 14)).toBe(9);
  });
  it('puts a caret inside a replaced stretch after what replaced it', () => {
    expect(placeAfterEdit('a big queue', 'a small queue', 4)).toBe(7);
  });
});

describe('rebaseTextEdit', () => {
  it('carries a keystroke made on an older text onto what others typed meanwhile', () => {
    const base = 'The queue forms.';
    const mine = 'The queue forms. E'; // typed at the end
    const current = 'Honestly, The queue forms.'; // someone typed at the start meanwhile
    expect(applyTextSplice(current, rebaseTextEdit(base, mine, current))).toBe('Honestly, The queue forms. E');
  });
  it('does not remove again what someone else already removed', () => {
    const base = 'one two three';
    const mine = 'one three';
    const current = 'one  three!';
    expect(applyTextSplice(current, rebaseTextEdit(base, mine, current))).toBe('one  three!');
  });
});

describe('placeThroughDelta', () => {
  it('moves a place by what was inserted or removed before it, and keeps it before text inserted right at it', () => {
    expect(placeThroughDelta(5, [{ retain: 2 }, { insert: 'abc' }])).toBe(8);
    expect(placeThroughDelta(2, [{ retain: 2 }, { insert: 'abc' }])).toBe(2);
    expect(placeThroughDelta(1, [{ retain: 2 }, { insert: 'abc' }])).toBe(1);
    expect(placeThroughDelta(5, [{ retain: 1 }, { delete: 2 }])).toBe(3);
    expect(placeThroughDelta(2, [{ retain: 1 }, { delete: 3 }])).toBe(1);
    expect(placeThroughDelta(0, [{ insert: 'x' }])).toBe(0);
  });

  it('tells whose space is whose where comparing the texts cannot: another space inserted just before one’s own', () => {
    // "Slow. " with this person's space at 5 and the caret after it; someone's space lands at 5.
    expect(placeThroughDelta(6, [{ retain: 5 }, { insert: ' ' }])).toBe(7);
    expect(placeAfterEdit('Slow. ', 'Slow.  ', 6)).toBe(6);
  });
});

describe('applyTextDelta', () => {
  it('makes the change on the text it was made on, and refuses one made on another', () => {
    expect(applyTextDelta('Slow.', [{ retain: 5 }, { insert: ' now' }])).toBe('Slow. now');
    expect(applyTextDelta('Slow. now', [{ retain: 4 }, { delete: 5 }])).toBe('Slow');
    expect(applyTextDelta('Hi', [{ retain: 5 }, { insert: '!' }])).toBeUndefined();
  });
});

describe('spliceBeforeCaret', () => {
  it('places a keystroke where the caret says, where comparing the texts guesses', () => {
    // A space typed before the space that was there: the texts alone say "after it".
    expect(spliceBeforeCaret('Slow. ', 'Slow.  ', 6)).toEqual({ at: 5, remove: 0, insert: ' ' });
    expect(textSplice('Slow. ', 'Slow.  ')).toEqual({ at: 6, remove: 0, insert: ' ' });
    // A space deleted: the one before the caret.
    expect(spliceBeforeCaret('Slow.  ', 'Slow. ', 5)).toEqual({ at: 5, remove: 1, insert: '' });
  });

  it('compares the texts when the caret does not fit the change', () => {
    expect(spliceBeforeCaret('Slow.', 'Slow!', 5)).toEqual(textSplice('Slow.', 'Slow!'));
    expect(spliceBeforeCaret('Slow', 'Slow now', 2)).toEqual(textSplice('Slow', 'Slow now'));
    expect(spliceBeforeCaret('Slow', 'Slow now', undefined)).toEqual(textSplice('Slow', 'Slow now'));
  });
});
