import { describe, expect, it } from 'vitest';
import type { WorkingFile } from '../model/types';
import { checkNewId, newLinkId, newNodeId, readyNewIds } from './ids';
import { addNode } from './nodes';
import { sample } from '../fixtures/operation-samples';

function fileWith(nodeIds: string[], linkIds: string[] = [], otherTree: string[] = []): WorkingFile {
  const item = (id: string) => ({ id, kind: 'cause', text: id, contributions: [] });
  return {
    schema_version: 1,
    participants: { alice: 'Alice' },
    driver: 'alice',
    active_tree: 'current_reality',
    trees: {
      current_reality: { nodes: nodeIds.map(item), links: linkIds.map((id) => ({ id, from: [], to: '', relation: 'causes', contributions: [] })), backlog: [] },
      goal: { nodes: otherTree.map(item), links: [], backlog: [] },
    },
  } as WorkingFile;
}

describe('newNodeId and newLinkId', () => {
  it('continue the file’s numbering', () => {
    const file = fileWith(['n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n8', 'n9'], ['l1']);
    expect(newNodeId(file)).toBe('n10');
    expect(newLinkId(file)).toBe('l2');
  });

  it('start at n1 and l1 in an empty file', () => {
    const file = fileWith([]);
    expect(newNodeId(file)).toBe('n1');
    expect(newLinkId(file)).toBe('l1');
  });

  it('follow another clear prefix, keeping zero padding', () => {
    expect(newNodeId(fileWith(['crt-001', 'crt-002', 'crt-009']))).toBe('crt-010');
    expect(newLinkId(fileWith(['a1'], ['edge7', 'edge8']))).toBe('edge9');
  });

  it('fall back to n<k> when no prefix is shared by most ids', () => {
    expect(newNodeId(fileWith(['alpha', 'beta', 'x1']))).toBe('n1');
    expect(newNodeId(fileWith(['a1', 'b1', 'n3', 'c2']))).toBe('n4');
  });

  it('never collide with a link id or with an id to avoid', () => {
    expect(newNodeId(fileWith(['n1', 'n2'], ['n3']))).toBe('n4');
    expect(newNodeId(fileWith(['n1', 'n2']), new Set(['n3', 'n7']))).toBe('n8');
    expect(newLinkId(fileWith(['n1']), new Set(['l1']))).toBe('l2');
  });

  it('continue a tree’s own block when the next number is free, else the whole file’s count', () => {
    const file = sample('workshop'); // links l1, l2 (current reality), l20 (goal), l30 (future reality)
    expect(newLinkId(file, new Set(), 'current_reality')).toBe('l3');
    expect(newLinkId(file, new Set(), 'goal')).toBe('l21');
    expect(newLinkId(file)).toBe('l31');
    expect(newLinkId(file, new Set(['l3']), 'current_reality')).toBe('l31');
    expect(newNodeId(fileWith(['n1', 'n2'], [], ['n3']), new Set(), 'current_reality')).toBe('n4');
  });

  it('read again only the lists an edit changed: a node added to one tree is counted at the next id', () => {
    let file = fileWith(['n1', 'n2'], ['l1'], ['n7']);
    expect(newNodeId(file)).toBe('n8');
    // Each edit gives new lists only where it added; the goal tree's list is the same object.
    for (const expected of ['n8', 'n9', 'n10']) {
      const added = addNode(file, 'goal', { kind: 'goal', text: 'More' });
      if (!added.ok) throw new Error(added.reason);
      expect(added.created).toEqual([expected]);
      file = added.file;
    }
    expect(newNodeId(file, new Set(['n11']))).toBe('n12');
    expect(newNodeId(file, new Set(), 'current_reality')).toBe('n3');
  });

  it('count an id added to the set to avoid after an earlier call', () => {
    const file = fileWith(['n1', 'n2']);
    const seen = new Set(['n1', 'n2']);
    expect(newNodeId(file, seen)).toBe('n3');
    seen.add('n9');
    expect(newNodeId(file, seen)).toBe('n10');
  });

  it('keep counting the ids to avoid as the set grows, whatever their prefix, and give the same ids after being readied', () => {
    const file = fileWith(['n1', 'n2'], ['l1']);
    const seen = new Set(['n1', 'n2', 'l1']);
    readyNewIds(file, seen);
    expect(newNodeId(file, seen)).toBe('n3');
    expect(newLinkId(file, seen)).toBe('l2');
    for (const id of ['x5', 'l7', 'n20', 'n4']) seen.add(id);
    expect(newNodeId(file, seen)).toBe('n21');
    expect(newLinkId(file, seen)).toBe('l8');
    expect(newNodeId(file, new Set(['n1']))).toBe('n3');
    // A set that lost an id is read whole again: the count goes on after what it holds now.
    const shrunk = new Set(['n1', 'n9']);
    expect(newNodeId(file, shrunk)).toBe('n10');
    shrunk.delete('n9');
    shrunk.add('n3');
    shrunk.add('n4');
    expect(newNodeId(file, shrunk)).toBe('n5');
  });

  it('refuse a chosen id that a node or link of another tree has', () => {
    const file = fileWith(['n1'], ['l1'], ['g1']);
    expect(checkNewId(file, 'g1')).toContain('already used');
    expect(checkNewId(file, 'l1')).toContain('already used');
    expect(checkNewId(file, 'g2')).toBeUndefined();
  });

  it('counts past very large numbers exactly', () => {
    expect(newNodeId(fileWith(['n99999999999999999999']))).toBe('n100000000000000000000');
  });
});

describe('newNodeId with a kind: ids that carry the kind', () => {
  const kinded = (nodes: [string, string][], tree = 'current_reality', other: [string, string][] = []): WorkingFile =>
    ({
      schema_version: 1,
      participants: { alice: 'Alice' },
      driver: 'alice',
      active_tree: 'current_reality',
      trees: {
        current_reality: { nodes: (tree === 'current_reality' ? nodes : other).map(([id, kind]) => ({ id, kind, text: id, contributions: [] })), links: [], backlog: [] },
        future_reality: { nodes: (tree === 'future_reality' ? nodes : other).map(([id, kind]) => ({ id, kind, text: id, contributions: [] })), links: [], backlog: [] },
      },
    }) as WorkingFile;

  it('a new cause follows the causes (RC-4), never the undesirable effects (UDE-7)', () => {
    const file = kinded([
      ['UDE-1', 'undesirable_effect'],
      ['UDE-2', 'undesirable_effect'],
      ['UDE-6', 'undesirable_effect'],
      ['RC-1', 'cause'],
      ['RC-3', 'cause'],
    ]);
    expect(newNodeId(file, new Set(), 'current_reality', 'cause')).toBe('RC-4');
    expect(newNodeId(file, new Set(), 'current_reality', 'undesirable_effect')).toBe('UDE-7');
  });

  it('a kind with no id of its own yet never borrows another kind’s prefix', () => {
    const file = kinded([
      ['UDE-1', 'undesirable_effect'],
      ['UDE-2', 'undesirable_effect'],
      ['UDE-3', 'undesirable_effect'],
      ['RC-1', 'cause'],
    ]);
    expect(newNodeId(file, new Set(), 'current_reality', 'observation')).toBe('n1');
  });

  it('follows the kind’s ids elsewhere in the file when the tree has none of that kind', () => {
    const file = kinded([['INJ-1', 'injection'], ['DE-1', 'desirable_effect']], 'future_reality', [['UDE-4', 'undesirable_effect'], ['RC-2', 'cause']]);
    expect(newNodeId(file, new Set(), 'future_reality', 'undesirable_effect')).toBe('UDE-5');
    expect(newNodeId(file, new Set(['UDE-5']), 'future_reality', 'undesirable_effect')).toBe('UDE-6');
  });

  it('a file numbered plainly (n1, n2 …) stays plain whatever the kind', () => {
    const file = kinded([
      ['n1', 'undesirable_effect'],
      ['n2', 'cause'],
      ['n3', 'cause'],
    ]);
    expect(newNodeId(file, new Set(), 'current_reality', 'cause')).toBe('n4');
    expect(newNodeId(file, new Set(), 'current_reality', 'observation')).toBe('n4');
  });
});
