import { describe, expect, it } from 'vitest';
import { readTree } from '../../format';
import { structureKey } from './use-tree-layout';

const raw = (text: string, kind = 'cause', relation = 'causes') => ({
  nodes: [
    { id: 'a', kind, text, status: 'proposed' },
    { id: 'b', kind: 'undesirable_effect', text: 'Effect.', status: 'proposed' },
  ],
  links: [{ id: 'l1', from: ['a'], to: 'b', relation, status: 'proposed' }],
  backlog: [],
});

describe('the layout’s structure key', () => {
  it('stays the same while only text changes, and changes with a kind or a link', () => {
    const first = readTree('current_reality', raw('One.'));
    const key = structureKey('full', first);
    expect(structureKey('full', readTree('current_reality', raw('One, typed on.')))).toBe(key);
    expect(structureKey('full', readTree('current_reality', raw('One.', 'injection')))).not.toBe(key);
    expect(structureKey('full', readTree('current_reality', raw('One.', 'cause', 'contributes_to')))).not.toBe(key);
    expect(structureKey('accepted', first)).not.toBe(key);
    // After a change, the same structure as before gives its key again.
    expect(structureKey('full', readTree('current_reality', raw('Back.')))).toBe(key);
  });
});
