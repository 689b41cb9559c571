// A caret stays by the text it was in when someone else's typing comes in, and a keystroke made on
// a text that others changed meanwhile lands where it was made, keeping their typing.
import { describe, expect, it } from 'vitest';
import { applyTextSplice, placeAfterEdit, rebaseTextEdit } from './text-edit';

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
