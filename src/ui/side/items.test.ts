import { describe, expect, it } from 'vitest';
import type { Json } from '../../format';
import { readTrees } from '../../format';
import { contributionsOf, findDrawn, firstLine, humansOf, itemCaption, notesOf, searchNodes } from './items';

const data: Json = {
  schema_version: 1,
  participants: { maya: 'Maya', assistant: 'wrongly listed', tom: 'Tom' },
  driver: 'maya',
  active_tree: 'current_reality',
  trees: {
    current_reality: {
      nodes: [
        { id: 'r1', kind: 'undesirable_effect', text: '\nVisitors wait.\nSecond line', status: 'accepted' },
        { id: 'r2', kind: 'cause', text: 'Few fixers know r1 well', contributions: ['broken', { by: 'tom', attribution: 'explicit', mode: 'voice' }] },
      ],
      links: [{ id: 'l1', from: ['r2'], to: 'r1', relation: 'causes', challenges: [7, { text: 'Not so', by: 'maya' }] }],
      backlog: [],
    },
    goal: { nodes: [{ id: 'g1', kind: 'goal', text: 'Visitors leave happy' }], links: [], backlog: [] },
  },
};

describe('side panel readers', () => {
  const trees = readTrees(data);

  it('finds nodes and links in any tree and captions them', () => {
    expect(itemCaption(findDrawn(trees, 'r1'))).toBe('Visitors wait.');
    expect(itemCaption(findDrawn(trees, 'l1'))).toBe('causes: r2 → r1');
    expect(findDrawn(trees, 'g1')?.tree.key).toBe('goal');
    expect(itemCaption(findDrawn(trees, 'zz'))).toBe('(not in the file)');
    expect(firstLine('   \n  ')).toBe('');
  });

  it('keeps the file positions of contributions and notes, skipping unreadable entries', () => {
    const crt = (data as { trees: { current_reality: { nodes: Json[]; links: Json[] } } }).trees.current_reality;
    const r2 = crt.nodes[1] as Record<string, Json>;
    expect(contributionsOf(r2)).toEqual([{ by: 'tom', attribution: 'explicit', mode: 'voice', index: 1, extra: {} }]);
    // A contribution's other fields (its note) come with it, to be shown beside it.
    expect(contributionsOf({ contributions: [{ by: 'tom', attribution: 'explicit', mode: 'text', note: 'said on Tuesday' }] })[0]!.extra).toEqual({ note: 'said on Tuesday' });
    const l1 = crt.links[0] as Record<string, Json>;
    expect(notesOf(l1, 'challenges')).toEqual([{ text: 'Not so', by: 'maya', index: 1 }]);
    expect(notesOf(l1, 'assumptions')).toEqual([]);
  });

  it('lists human participants only', () => {
    expect(humansOf(data).map((p) => p.id)).toEqual(['maya', 'tom']);
  });

  it('searches nodes of every tree (in tree order) by id first, then by text', () => {
    expect(searchNodes(trees, 'r1').map((r) => r.node.id)).toEqual(['r1', 'r2']);
    expect(searchNodes(trees, 'VISITORS').map((r) => r.node.id)).toEqual(['g1', 'r1']);
    expect(searchNodes(trees, '  ')).toEqual([]);
  });
});
