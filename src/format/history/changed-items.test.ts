import { describe, expect, it } from 'vitest';
import { changedItems } from './changed-items';
import { turnChanges } from './turn-changes';
import { sample } from '../fixtures/operation-samples';
import { expectOk } from '../fixtures/operation-helpers';
import { addBacklogEntry, addNode, removeNode, updateNode } from '../operations';
import type { Json } from '../model/types';

describe('changedItems and turnChanges over a run of versions', () => {
  it('say of each change what they say of fresh copies of its two versions', () => {
    const v0 = sample('workshop');
    const v1 = expectOk(addNode(v0, 'current_reality', { kind: 'cause', text: 'Approvers travel.', contributor: 'assistant' })).file;
    const v2 = expectOk(updateNode(v1, 'n2', { text: 'Sales waits for approval.' })).file;
    const v3 = expectOk(addBacklogEntry(v2, 'current_reality', { ref: 'n2', work: 'test_causality' })).file;
    const v4 = expectOk(removeNode(v3, 'n5')).file;
    const versions = [v0, v1, v2, v3, v4] as Json[];
    // Each version is compared as "after", then as "before"; and once more against the first.
    for (let i = 1; i < versions.length; i++) {
      const [before, after] = [versions[i - 1]!, versions[i]!];
      expect(changedItems(before, after)).toEqual(changedItems(structuredClone(before), structuredClone(after)));
      expect(turnChanges(before, after)).toEqual(turnChanges(structuredClone(before), structuredClone(after)));
      expect(changedItems(versions[0], after)).toEqual(changedItems(structuredClone(versions[0]), structuredClone(after)));
    }
    expect(changedItems(v3 as Json, v4 as Json).removed).toContain('n5');
    expect(changedItems(v0 as Json, v1 as Json).changed).toHaveLength(1);
  });
});
