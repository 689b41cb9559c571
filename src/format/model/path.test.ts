import { describe, expect, it } from 'vitest';
import { formatPath } from './path';

describe('formatPath', () => {
  it('writes a path the way a reader would', () => {
    expect(formatPath(['trees', 'current_reality', 'links', 2, 'from', 1])).toBe('trees.current_reality.links[2].from[1]');
    expect(formatPath([])).toBe('');
    expect(formatPath([0, 'a'])).toBe('[0].a');
    expect(formatPath(['x-team-notes', 'owner'])).toBe('x-team-notes.owner');
  });

  it('quotes keys that are not plain names', () => {
    expect(formatPath(['node', '<<'])).toBe('node["<<"]');
    expect(formatPath(['1'])).toBe('["1"]');
    expect(formatPath(['a b', 'c.d', ''])).toBe('["a b"]["c.d"][""]');
    expect(formatPath(['line\nbreak'])).toBe('["line\\nbreak"]');
  });
});
