// The canvas is rebuilt when the problems on its items change, and only then.
import { describe, expect, it } from 'vitest';
import { sameProblems } from './diagnostic-target';

describe('sameProblems', () => {
  it('finds the same problems on the same items the same, in a new map', () => {
    const shown = new Map([['n1', ['links to n9, which does not exist']], ['l2', ['no target', 'no relation']]]);
    expect(sameProblems(shown, new Map([['n1', ['links to n9, which does not exist']], ['l2', ['no target', 'no relation']]]))).toBe(true);
    expect(sameProblems(new Map(), new Map())).toBe(true);
  });

  it('tells a problem added, gone, moved to another item or reworded', () => {
    const shown = new Map([['n1', ['links to n9, which does not exist']]]);
    expect(sameProblems(shown, new Map())).toBe(false);
    expect(sameProblems(shown, new Map([['n1', ['links to n9, which does not exist', 'no kind']]]))).toBe(false);
    expect(sameProblems(shown, new Map([['n2', ['links to n9, which does not exist']]]))).toBe(false);
    expect(sameProblems(shown, new Map([['n1', ['links to n8, which does not exist']]]))).toBe(false);
  });
});
