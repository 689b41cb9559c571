import { describe, expect, it } from 'vitest';
import { arrangementFileText, parseArrangementFile, type ArrangedTrees } from './arrangement-file';

describe('the arrangement kept beside a working file', () => {
  it('reads back what it wrote, whole pixels, any id', () => {
    const trees: ArrangedTrees = new Map([
      ['current_reality', new Map([['r1', { x: 10.4, y: -20.6 }], ['__proto__', { x: 5, y: 6 }], ['constructor', { x: 0, y: 0 }]])],
      ['goal', new Map()],
    ]);
    const read = parseArrangementFile(arrangementFileText(trees));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect([...read.trees.keys()]).toEqual(['current_reality', 'goal']);
    expect(read.trees.get('current_reality')).toEqual(new Map([['r1', { x: 10, y: -21 }], ['__proto__', { x: 5, y: 6 }], ['constructor', { x: 0, y: 0 }]]));
    expect(Object.getPrototypeOf(read.trees.get('current_reality'))).toBe(Map.prototype);
  });

  it('refuses what is not an arrangement, saying why', () => {
    expect(parseArrangementFile('{')).toMatchObject({ ok: false, reason: expect.stringContaining('not JSON') });
    expect(parseArrangementFile('{"trees": {}}')).toMatchObject({ ok: false, reason: expect.stringContaining('not a Causeway layout file') });
    expect(parseArrangementFile('{"causeway_layout": 1, "trees": {"goal": {"g1": [1]}}}')).toMatchObject({ ok: false, reason: expect.stringContaining('"g1"') });
    expect(parseArrangementFile('{"causeway_layout": 1, "trees": {"goal": {"g1": [1, 1e99]}}}')).toMatchObject({ ok: false });
    expect(parseArrangementFile('{"causeway_layout": 1, "trees": {"goal": []}}')).toMatchObject({ ok: false });
  });
});
