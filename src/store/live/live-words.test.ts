import { describe, expect, it } from 'vitest';
import { addNode, changedItems, readTrees, removeNode, updateNode, type Json } from '../../format';
import { sample } from '../../format/fixtures/operation-samples';
import { describeDiskChange } from './live-words';

const ok = <T extends { ok: boolean }>(result: T) => {
  if (!result.ok) throw new Error('the operation was refused');
  return result as Extract<T, { ok: true }>;
};

describe('describeDiskChange', () => {
  it('counts the items that changed by the tree they are in, and the removed ones', () => {
    const before = sample('workshop');
    const added = ok(addNode(before, 'goal', { kind: 'necessary_condition', text: 'Volunteers are briefed.', contributor: 'assistant' })).file;
    const reworded = ok(updateNode(added, 'n2', { text: 'Sales waits for approval.' })).file;
    const after = ok(removeNode(reworded, 'n5')).file as Json;
    const changes = changedItems(before as Json, after);
    const words = describeDiskChange(changes, readTrees(before as Json), after);
    expect(words).toMatch(/^\d+ items changed on disk \(/);
    expect(words).toContain('in the Goal Tree');
    expect(words).toContain('in the Current Reality Tree');
    expect(words).toContain('removed');
    const total = [...words.matchAll(/(\d+) in the /g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(total).toBe(changes.changed.length + changes.removed.length);
  });
});
