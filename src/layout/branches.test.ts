import { describe, expect, it } from 'vitest';
import { foldBranches, foldedAbove } from './branches';

// u1 ← c1 ← c3, u1 ← c2, c3 → u2 (c3 also causes u2), c4 → c1 and c5 (AND) → c1
const nodes = ['u1', 'u2', 'c1', 'c2', 'c3', 'c4', 'c5', 'loose'];
const links = [
  { from: ['c1'], to: 'u1' },
  { from: ['c2'], to: 'u1' },
  { from: ['c3'], to: 'c1' },
  { from: ['c3'], to: 'u2' },
  { from: ['c4', 'c5'], to: 'c1' },
];

describe('folded branches', () => {
  it('hides what leads into a folded card, and says how many', () => {
    const folded = foldBranches(new Set(['c1']), nodes, links);
    // c3 also causes u2, which is shown: it stays.
    expect([...folded.hidden].sort()).toEqual(['c4', 'c5']);
    expect(folded.hiding).toEqual(new Map([['c1', 2]]));
  });

  it('hides a whole branch folded at its top, but not what else leads somewhere shown', () => {
    const folded = foldBranches(new Set(['u1']), nodes, links);
    expect([...folded.hidden].sort()).toEqual(['c1', 'c2', 'c4', 'c5']);
    expect(folded.hiding.get('u1')).toBe(4);
    const both = foldBranches(new Set(['u1', 'u2']), nodes, links);
    expect([...both.hidden].sort()).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
  });

  it('hides nothing for a card without causes, and ignores ids not in the tree', () => {
    expect(foldBranches(new Set(['loose', 'gone']), nodes, links)).toEqual({ hidden: new Set(), hiding: new Map() });
  });

  it('names the folded cards that hide a card', () => {
    expect(foldedAbove('c4', new Set(['u1', 'c1', 'u2']), nodes, links).sort()).toEqual(['c1', 'u1']);
    expect(foldedAbove('c2', new Set(['c1']), nodes, links)).toEqual([]);
  });

  it('survives a cycle', () => {
    const cycle = [{ from: ['a'], to: 'b' }, { from: ['b'], to: 'a' }, { from: ['b'], to: 'top' }];
    expect([...foldBranches(new Set(['top']), ['a', 'b', 'top'], cycle).hidden].sort()).toEqual(['a', 'b']);
  });
});
