import { describe, expect, it } from 'vitest';
import { groupBacklog } from './backlog-groups';

const entry = (ref: string, work: string, index: number) => ({ ref, work, index });

describe('groupBacklog', () => {
  it('groups entries by work label, common labels in their usual order, others after in order of appearance', () => {
    const groups = groupBacklog([
      entry('a', 'ask_the_treasurer', 0),
      entry('b', 'resolve_challenge', 1),
      entry('c', 'connect_or_explain', 2),
      entry('d', 'resolve_challenge', 3),
      entry('e', 'check_numbers', 4),
    ]);
    expect(groups.map((g) => [g.work, g.entries.map((e) => e.ref)])).toEqual([
      ['connect_or_explain', ['c']],
      ['resolve_challenge', ['b', 'd']],
      ['ask_the_treasurer', ['a']],
      ['check_numbers', ['e']],
    ]);
  });

  it('gives no groups for an empty backlog', () => {
    expect(groupBacklog([])).toEqual([]);
  });
});
