import { describe, expect, it } from 'vitest';
import { addBacklogEntry, removeBacklogEntry, updateBacklogEntry } from './backlog';
import { sample } from '../fixtures/operation-samples';
import { errorCodes, expectOk, expectRefused, tree } from '../fixtures/operation-helpers';

describe('backlog', () => {
  it('adds an entry about an item of the same tree, with or without a note', () => {
    const file = sample('workshop');
    const result = expectOk(addBacklogEntry(file, 'current_reality', { ref: 'l2', work: 'test_causality', note: 'Ask finance.' }));
    expect(tree(result.file, 'current_reality').backlog.at(-1)).toEqual({ ref: 'l2', work: 'test_causality', note: 'Ask finance.' });
    const bare = expectOk(addBacklogEntry(file, 'goal', { ref: 'n20', work: 'connect_or_explain', note: '' }));
    expect(tree(bare.file, 'goal').backlog).toEqual([{ ref: 'n20', work: 'connect_or_explain' }]);
    expect(errorCodes(result.file)).toEqual([]);
    expect(file).toEqual(sample('workshop'));
  });

  it('refuses a ref in another tree, an unknown ref, blank work, a duplicate and a missing tree', () => {
    const file = sample('workshop');
    expectRefused(addBacklogEntry(file, 'goal', { ref: 'n1', work: 'x' }), /n1 is in the Current Reality Tree; a backlog entry refers to an item of its own tree \(the Goal Tree\)/);
    expectRefused(addBacklogEntry(file, 'goal', { ref: 'n99', work: 'x' }), /no node or link n99/);
    expectRefused(addBacklogEntry(file, 'goal', { ref: 'n20', work: '  ' }), /Name the remaining work/);
    expectRefused(addBacklogEntry(file, 'current_reality', { ref: 'l1', work: 'test_causality' }), /already has this backlog entry/);
    expectRefused(addBacklogEntry(file, 'conflict', { ref: 'n1', work: 'x' }), /no conflict tree/);
  });

  it('updates an entry in place, keeping unknown keys; a null note removes the note', () => {
    const file = sample('workshop');
    const result = expectOk(updateBacklogEntry(file, 'current_reality', 2, { work: 'examine_assumption', note: 'Why?' }));
    expect(tree(result.file, 'current_reality').backlog[2]).toEqual({ ref: 'n5', work: 'examine_assumption', x_due: 'friday', note: 'Why?' });
    const cleared = expectOk(updateBacklogEntry(file, 'current_reality', 0, { note: null }));
    expect(tree(cleared.file, 'current_reality').backlog[0]).toEqual({ ref: 'n4', work: 'resolve_challenge' });
    expectRefused(updateBacklogEntry(file, 'current_reality', 0, { ref: 'n20' }), /Goal Tree/);
    expectRefused(updateBacklogEntry(file, 'current_reality', 7, { work: 'x' }), /has no backlog entry 8/);
    expect(expectOk(updateBacklogEntry(file, 'current_reality', 1, { work: 'test_causality' })).file).toBe(file);
  });

  it('removes an entry (the work is done) and refuses a missing one', () => {
    const file = sample('workshop');
    const result = expectOk(removeBacklogEntry(file, 'current_reality', 1));
    expect(tree(result.file, 'current_reality').backlog.map((b) => b.ref)).toEqual(['n4', 'n5']);
    expectRefused(removeBacklogEntry(file, 'goal', 0), /Goal Tree has no backlog entry 1/);
  });
});
