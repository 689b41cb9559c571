import { describe, expect, it } from 'vitest';
import type { DrawableLink, DrawableNode, DrawableTree } from '../../format';
import { dimmedIds, filterMatches, focusNeighbourhood, matchSummary, searchHits, NO_FILTERS } from './lens';

const node = (id: string, text: string, extra: Partial<DrawableNode> = {}): DrawableNode => ({
  id, text, kind: 'cause', status: 'proposed', contributors: ['maya'], acceptedBy: [], assumptions: [], challenges: [], index: 0, traces: [], ...extra,
});
const link = (id: string, from: string[], to: string, extra: Partial<DrawableLink> = {}): DrawableLink => ({
  id, from, to, relation: 'causes', status: 'proposed', contributors: ['maya'], acceptedBy: [], assumptions: [], challenges: [], index: 0, ...extra,
});

// a → b → c → d, and e AND b → c (e is another cause of c).
const tree: DrawableTree = {
  key: 'current_reality',
  nodes: [
    node('a', 'Tools go missing'),
    node('b', 'Repairs take longer', { kind: 'undesirable_effect', status: 'accepted', contributors: ['tom'] }),
    node('c', 'Visitors leave before their repair', { kind: 'undesirable_effect' }),
    node('d', 'The café loses goodwill'),
    node('e', 'Nobody checks the tool wall', { challenges: [{ text: 'Tom checks it on Saturdays', by: 'tom' }] }),
  ],
  links: [link('l1', ['a'], 'b'), link('l2', ['b', 'e'], 'c', { status: 'accepted' }), link('l3', ['c'], 'd', { assumptions: [{ text: 'Goodwill matters', by: 'maya' }] })],
  backlog: [{ ref: 'd', work: 'test_causality', index: 0 }],
};

describe('searchHits', () => {
  it('finds node text, ids, notes and link notes, ignoring case and accents', () => {
    expect(searchHits([tree], 'CAFE').map((h) => h.id)).toEqual(['d']);
    expect(searchHits([tree], 'saturdays').map((h) => h.id)).toEqual(['e']);
    expect(searchHits([tree], 'goodwill').map((h) => h.id)).toEqual(['d', 'l3']);
    expect(searchHits([tree], '  ')).toEqual([]);
  });
});

describe('filterMatches', () => {
  it('keeps items of the chosen status, kind, contributor or work', () => {
    expect([...filterMatches(tree, { ...NO_FILTERS, statuses: ['accepted'] })].sort()).toEqual(['b', 'l2']);
    expect([...filterMatches(tree, { ...NO_FILTERS, kinds: ['undesirable_effect'] })].sort()).toEqual(['b', 'c']);
    expect([...filterMatches(tree, { ...NO_FILTERS, contributors: ['tom'] })]).toEqual(['b']);
    expect([...filterMatches(tree, { ...NO_FILTERS, work: ['test_causality'] })]).toEqual(['d']);
  });
});

describe('focusNeighbourhood', () => {
  it('walks causes and effects the chosen number of steps, never sideways', () => {
    expect([...focusNeighbourhood(tree, ['b'], 1)].sort()).toEqual(['a', 'b', 'c', 'l1', 'l2']);
    expect([...focusNeighbourhood(tree, ['c'], 1)].sort()).toEqual(['b', 'c', 'd', 'e', 'l2', 'l3']);
    expect([...focusNeighbourhood(tree, ['a'], 3)].sort()).toEqual(['a', 'b', 'c', 'd', 'l1', 'l2', 'l3']);
  });
});

describe('dimmedIds', () => {
  it('dims what fails a filter or lies outside the focus; nothing when neither is set', () => {
    expect(dimmedIds(tree, NO_FILTERS, null)).toBeNull();
    expect([...dimmedIds(tree, NO_FILTERS, { ids: ['a'], steps: 1 })!].sort()).toEqual(['c', 'd', 'e', 'l2', 'l3']);
    expect([...dimmedIds(tree, { ...NO_FILTERS, statuses: ['accepted'] }, null)!].sort()).toEqual(['a', 'c', 'd', 'e', 'l1', 'l3']);
  });
});

describe('matchSummary', () => {
  it('says what each stacked mode does, so "0 of 4" never stands alone', () => {
    const proposedOnly = { ...NO_FILTERS, statuses: ['proposed' as const] };
    expect(matchSummary(tree, NO_FILTERS, null, null)).toBe('5 nodes shown');
    expect(matchSummary(tree, proposedOnly, null, null)).toBe('4 of 5 nodes match the filter; the rest are dimmed');
    const accepted: DrawableTree = { ...tree, nodes: tree.nodes.filter((n) => n.status === 'accepted'), links: [] };
    expect(matchSummary(accepted, proposedOnly, null, { count: 4, view: 'Accepted only' })).toBe(
      '0 of 1 nodes match the filter; the rest are dimmed; 4 more are hidden by Accepted only',
    );
    expect(matchSummary(tree, proposedOnly, { ids: ['d'], steps: 1 }, null)).toBe('2 of 5 nodes match the filter and the focus; the rest are dimmed');
  });
});
