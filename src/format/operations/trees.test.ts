import { describe, expect, it } from 'vitest';
import { addTree, removeTree, setActiveTree } from './trees';
import { sample } from '../fixtures/operation-samples';
import { errorCodes, expectOk, expectRefused } from '../fixtures/operation-helpers';

describe('trees', () => {
  it('adds an empty tree in the format’s order', () => {
    const file = sample('workshop');
    const result = expectOk(addTree(file, 'conflict'));
    expect(Object.keys(result.file.trees)).toEqual(['goal', 'current_reality', 'conflict', 'future_reality', 'transition']);
    expect(result.file.trees.conflict).toEqual({ nodes: [], links: [], backlog: [] });
    expect(errorCodes(result.file)).toEqual([]);
    expect(file).toEqual(sample('workshop'));
  });

  it('removes an empty tree that is not active', () => {
    const result = expectOk(removeTree(sample('workshop'), 'transition'));
    expect(Object.keys(result.file.trees)).toEqual(['goal', 'current_reality', 'future_reality']);
    expect(result.notices).toEqual([]);
  });

  it('refuses a tree already present or not of the format', () => {
    expectRefused(addTree(sample('workshop'), 'goal'), /already has the Goal Tree/);
    expectRefused(addTree(sample('workshop'), 'mind_map'), /mind_map is not a tree of the format/);
  });

  it('removes an empty tree, moving the active tree when needed', () => {
    const withEmpty = expectOk(addTree(sample('seed'), 'goal')).file;
    const active = expectOk(setActiveTree(withEmpty, 'goal')).file;
    expect(active.active_tree).toBe('goal');
    const result = expectOk(removeTree(active, 'goal'));
    expect(Object.keys(result.file.trees)).toEqual(['current_reality']);
    expect(result.file.active_tree).toBe('current_reality');
    expect(result.notices).toEqual(['The Current Reality Tree is now the active tree']);
    expect(errorCodes(result.file)).toEqual([]);
  });

  it('refuses to remove a tree with content, the last tree, or a missing one', () => {
    expectRefused(removeTree(sample('workshop'), 'goal'), /The Goal Tree still holds 2 nodes, 1 link; only an empty tree can be removed/);
    const emptied = expectOk(addTree(sample('seed'), 'goal')).file;
    const onlyGoal = expectOk(removeTree(emptied, 'goal')).file;
    expectRefused(removeTree(onlyGoal, 'current_reality'), /The Current Reality Tree is the only tree; a working file keeps at least one/);
    expectRefused(removeTree(sample('seed'), 'goal'), /no goal tree/);
    expectRefused(setActiveTree(sample('seed'), 'goal'), /no goal tree/);
  });
});
