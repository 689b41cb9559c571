import { describe, expect, it } from 'vitest';
import { addBacklogEntry, readTrees, type Json, type WorkingFile } from '../format';
import { backlogInput, existingEntry } from './backlog';
import { findingsOf } from './run-checks';
import { file, link, node } from './test-files';

const data = file({
  current_reality: {
    nodes: [node('r1', 'undesirable_effect', 'Visitors wait.'), node('r2', 'cause', 'Two fixers only.'), node('r3', 'undesirable_effect', 'Queues.')],
    links: [link('l1', 'r2', 'r1'), link('l2', 'r2', 'r3')],
    backlog: [
      { ref: 'l1', work: 'examine_assumption' },
      { ref: 'l1', work: 'test_causality', note: 'Asked in March, in other words.' },
    ],
  },
});

const soleCause = (json: Json, ref: string) => findingsOf(readTrees(json)).find((f) => f.check === 'sole-cause' && f.ref === ref)!;

describe('a finding already in the backlog', () => {
  it('is one whose tree holds an entry with the same ref and work, whatever its note', () => {
    const entry = existingEntry(soleCause(data, 'l1'), readTrees(data));
    expect(entry).toEqual({ ref: 'l1', work: 'test_causality', note: 'Asked in March, in other words.', index: 1 });
    expect(existingEntry(soleCause(data, 'l2'), readTrees(data))).toBeUndefined();
  });

  it('is in the backlog once its entry is added, as the Checks panel adds it', () => {
    const finding = soleCause(data, 'l2');
    const added = addBacklogEntry(data as WorkingFile, 'current_reality', backlogInput(finding));
    if (!added.ok) throw new Error(added.reason);
    expect(existingEntry(finding, readTrees(added.file as unknown as Json))).toMatchObject({ ref: 'l2', work: 'test_causality', index: 2 });
  });

  it('must be in the backlog of its own tree', () => {
    const finding = { ...soleCause(data, 'l2'), tree: 'future_reality' as const };
    expect(existingEntry(finding, readTrees(data))).toBeUndefined();
  });
});
