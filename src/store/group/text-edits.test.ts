// A field keeps its caret by the changes the session's document made, when it knows every one
// between the text it shows and the text it is to show; otherwise it says so (and the field
// compares the two texts).
import { afterEach, describe, expect, it } from 'vitest';
import { caretThroughTextEdits, forgetTextEdits, recordTextEdits } from './text-edits';

afterEach(forgetTextEdits);

describe('caretThroughTextEdits', () => {
  it('follows the recorded changes from the text shown to the text to show', () => {
    recordTextEdits([{ id: 'r5', field: 'text', delta: [{ retain: 5 }, { insert: ' ' }], after: 'Slow. ' }]); // this page's space
    recordTextEdits([{ id: 'r5', field: 'text', delta: [{ retain: 5 }, { insert: ' ' }], after: 'Slow.  ' }]); // someone's, before it
    recordTextEdits([{ id: 'r5', field: 'text', delta: [{ retain: 7 }, { insert: 't' }], after: 'Slow.  t' }]);
    expect(caretThroughTextEdits('r5', 'text', 'Slow. ', 'Slow.  t', 6)).toBe(7);
    expect(caretThroughTextEdits('r5', 'text', 'Slow.  ', 'Slow.  ', 3)).toBe(3);
  });

  it('follows the first change recorded of a text the field showed before any was', () => {
    // Someone's space came in before this page recorded anything of r5.
    recordTextEdits([{ id: 'r5', field: 'text', delta: [{ retain: 5 }, { insert: ' ' }], after: 'Slow. ' }]);
    expect(caretThroughTextEdits('r5', 'text', 'Slow.', 'Slow. ', 5)).toBe(5);
  });

  it('does not guess when a change between the two texts is missing, or for another item', () => {
    recordTextEdits([{ id: 'r5', field: 'text', delta: [{ retain: 5 }, { insert: '!' }], after: 'Slow.!' }]);
    expect(caretThroughTextEdits('r5', 'text', 'Quick.', 'Slow.!', 3)).toBeUndefined();
    expect(caretThroughTextEdits('r6', 'text', 'Slow.', 'Slow.!', 3)).toBeUndefined();
  });
});
