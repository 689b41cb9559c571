import { describe, expect, it } from 'vitest';
import {
  EMPTY_TREE,
  acceptedProjection,
  changeSet,
  changedTrees,
  compareCodePoints,
  latestChange,
  treesInHistory,
  type Projection,
  type TreeProjection,
} from './projection';
import { acceptedLink, acceptedNode, copy, link, node, proposalsOnly, toyState, tree, withGoalTree, type State } from '../fixtures/history-samples';

/** The trees a snapshot would list after `before` became `after`. */
function changes(before: State, after: State): string[] {
  return changedTrees(acceptedProjection(before), acceptedProjection(after));
}

describe('acceptedProjection', () => {
  it('keeps kind, text, sorted trace sets and assumption texts of accepted nodes, and the sorted sources of accepted links', () => {
    const state = toyState();
    Object.assign(node(state, 'n1'), {
      addresses: ['n3', 'n2', 'n3'],
      derived_from: [],
      assumptions: [
        { text: 'b holds', by: 'alice' },
        { text: 'a holds', by: 'bob' },
        { text: 'b holds', by: 'bob' },
      ],
    });
    link(state, 'l1').from = ['n3', 'n2'];
    const projection = acceptedProjection(state);
    expect(projection).toEqual({
      current_reality: {
        nodes: [
          { id: 'n1', kind: 'observation', text: '13% productivity gain for remote workers', addresses: ['n2', 'n3'], assumptions: ['a holds', 'b holds'] },
          { id: 'n2', kind: 'observation', text: 'Study covers call centre workers only' },
          { id: 'n3', kind: 'observation', text: 'Gain was on solo call-handling tasks specifically' },
        ],
        links: [{ id: 'l1', from: ['n2', 'n3'], to: 'n1', relation: 'limits_scope' }],
      },
    });
  });

  it('leaves out proposed and disputed items, and a tree with nothing accepted', () => {
    const state = withGoalTree(toyState());
    node(state, 'g1', 'goal').status = 'disputed';
    node(state, 'n3').status = 'proposed';
    expect(Object.keys(acceptedProjection(state))).toEqual(['current_reality']);
    expect(acceptedProjection(state).current_reality!.nodes.map((n) => n.id)).toEqual(['n1', 'n2']);
    expect(acceptedProjection(proposalsOnly())).toEqual({});
  });

  it('counts only the exact status accepted', () => {
    const state = toyState();
    for (const item of [...tree(state).nodes, ...tree(state).links]) item.status = 'Accepted';
    expect(acceptedProjection(state)).toEqual({});
  });

  it('never throws on malformed data, and reads nothing from it', () => {
    for (const data of [null, 3, 'text', [], { trees: 5 }, { trees: { current_reality: { nodes: 'x', links: [null, 4] } } }, { trees: { nonsense: { nodes: [acceptedNode('a', 'b')] } } }]) {
      expect(acceptedProjection(data as never)).toEqual({});
    }
  });

  it('keeps an id such as __proto__ as plain data', () => {
    const state = toyState();
    node(state, 'n3').id = '__proto__';
    const projection = acceptedProjection(state);
    expect(projection.current_reality!.nodes.map((n) => n.id)).toContain('__proto__');
    expect(Object.getPrototypeOf(projection)).toBe(Object.prototype);
  });
});

describe('compareCodePoints', () => {
  it('orders by code point, as Python sorts strings', () => {
    expect(['b', 'B', 'a', '\u{1F600}', '\uFF5E'].sort(compareCodePoints)).toEqual(['B', 'a', 'b', '\uFF5E', '\u{1F600}']);
  });
});

describe('what makes a snapshot due (FORMAT.md §10)', () => {
  it('proposals only: nothing is accepted, nothing changed', () => {
    expect(changes(proposalsOnly(), proposalsOnly())).toEqual([]);
    expect(changedTrees({}, acceptedProjection(proposalsOnly()))).toEqual([]);
  });

  it('first acceptance changes the tree', () => {
    expect(changedTrees({}, acceptedProjection(toyState()))).toEqual(['current_reality']);
  });

  const wip: [string, (s: State) => void][] = [
    ['a backlog entry added and one removed', (s) => (tree(s).backlog = [{ ref: 'n3', work: 'connect_or_explain', note: 'later' }])],
    ['a proposal added', (s) => tree(s).nodes.push({ ...acceptedNode('n4', 'A new question'), status: 'proposed', accepted_by: [] })],
    ['a proposed node reworded', (s) => {
      tree(s).nodes.push({ ...acceptedNode('n4', 'A new question'), status: 'proposed' });
      node(s, 'n4').text = 'A better question';
    }],
    ['a contributor corrected', (s) => (node(s, 'n1').contributions = [{ by: 'bob', attribution: 'explicit', mode: 'voice' }])],
    ['an extra endorser', (s) => (node(s, 'n1').accepted_by = ['alice', 'bob'])],
    ['the active tree switched', (s) => {
      withGoalTree(s);
      s.active_tree = 'goal';
    }],
    ['nodes and links reordered', (s) => tree(s).nodes.reverse()],
    ['an AND link’s sources reordered', (s) => {
      link(s, 'l1').from = ['n2', 'n3'];
    }],
    ['traces and assumptions reordered or repeated', (s) => {
      Object.assign(node(s, 'n1'), { addresses: ['n3', 'n2'], assumptions: [{ text: 'y', by: 'alice' }, { text: 'x', by: 'alice' }] });
    }],
    ['a challenge added without a change of status', (s) => (node(s, 'n1').challenges = [{ text: 'Is it really 13%?', by: 'bob' }])],
    ['who supplied an assumption', (s) => (node(s, 'n1').assumptions = [{ text: 'x', by: 'bob' }])],
    ['an empty trace list', (s) => (node(s, 'n1').implements = [])],
    ['the project title and a participant', (s) => {
      s.project = 'Renamed';
      (s.participants as Record<string, string>).carol = 'Carol';
    }],
  ];
  for (const [what, edit] of wip) {
    it(`does not count ${what}`, () => {
      const before = toyState();
      // Start from a state that already has what the edit reorders, so only the edit differs.
      if (what.startsWith('an AND')) link(before, 'l1').from = ['n3', 'n2'];
      if (what.startsWith('traces and')) Object.assign(node(before, 'n1'), { addresses: ['n2', 'n3'], assumptions: [{ text: 'x', by: 'alice' }, { text: 'y', by: 'alice' }, { text: 'x', by: 'bob' }] });
      if (what.startsWith('who supplied')) node(before, 'n1').assumptions = [{ text: 'x', by: 'alice' }];
      if (what.startsWith('the active')) withGoalTree(before);
      const after = copy(before);
      edit(after);
      expect(changes(before, after)).toEqual([]);
    });
  }

  const substantive: [string, (s: State) => void, string[]][] = [
    ['rewording', (s) => (node(s, 'n1').text = 'The study reports a 13% productivity gain.'), ['current_reality']],
    ['a kind change', (s) => (node(s, 'n1').kind = 'undesirable_effect'), ['current_reality']],
    ['an AND link’s sources changing', (s) => link(s, 'l1').from = ['n2', 'n3'], ['current_reality']],
    ['a relation change', (s) => (link(s, 'l1').relation = 'causes'), ['current_reality']],
    ['an assumption text added to a node', (s) => (node(s, 'n2').assumptions = [{ text: 'The sample is typical.', by: 'bob' }]), ['current_reality']],
    ['an assumption text added to a link', (s) => (link(s, 'l1').assumptions = [{ text: 'Scope limits transfer.', by: 'bob' }]), ['current_reality']],
    ['a trace added', (s) => (node(s, 'n1').derived_from = ['n2']), ['current_reality']],
    ['loss of acceptance (disputed)', (s) => {
      node(s, 'n1').status = 'disputed';
      link(s, 'l1').status = 'proposed';
    }, ['current_reality']],
    ['a node removed', (s) => tree(s).nodes.splice(2, 1), ['current_reality']],
    ['two trees in one step', (s) => {
      withGoalTree(s);
      node(s, 'n2').text = 'Study covers call centres only';
    }, ['current_reality', 'goal']],
    ['removing everything', (s) => (s.trees.current_reality = { nodes: [], links: [], backlog: [] }), ['current_reality']],
  ];
  for (const [what, edit, trees] of substantive) {
    it(`counts ${what}`, () => {
      const before = toyState();
      const after = copy(before);
      edit(after);
      expect(changes(before, after)).toEqual(trees);
    });
  }

  it('lists changed trees sorted by name, as the reference helper does', () => {
    const before = withGoalTree(toyState());
    before.trees.transition = { nodes: [acceptedNode('t1', 'Act', 'action')], links: [], backlog: [] };
    const after = copy(before);
    node(after, 't1', 'transition').text = 'Act now';
    node(after, 'g1', 'goal').text = 'Goal, reworded';
    node(after, 'n1').text = 'Reworded';
    expect(changes(before, after)).toEqual(['current_reality', 'goal', 'transition']);
  });

  it('after removing everything the projection is empty and stays so', () => {
    const after = toyState();
    after.trees.current_reality = { nodes: [], links: [], backlog: [] };
    expect(acceptedProjection(after)).toEqual({});
    expect(changes(after, copy(after))).toEqual([]);
  });
});

function projected(state: State, key = 'current_reality'): TreeProjection {
  return acceptedProjection(state)[key as 'current_reality'] ?? EMPTY_TREE;
}

describe('changeSet', () => {
  it('marks everything as added on the first change', () => {
    const set = changeSet(EMPTY_TREE, projected(toyState()));
    expect([...set.nodes]).toEqual([
      ['n1', 'added'],
      ['n2', 'added'],
      ['n3', 'added'],
    ]);
    expect([...set.links]).toEqual([['l1', 'added']]);
    expect(set.contextNodes.size + set.contextLinks.size).toBe(0);
  });

  it('a reworded node brings its one-hop neighbours and their links as context, nothing further', () => {
    const before = toyState();
    tree(before).nodes.push(acceptedNode('n4', 'Two hops away'));
    tree(before).links.push(acceptedLink('l2', ['n4'], 'n2', 'supports'));
    const after = copy(before);
    node(after, 'n1').text = 'The study reports a 13% productivity gain.';
    const set = changeSet(projected(before), projected(after));
    expect([...set.nodes]).toEqual([['n1', 'changed']]);
    expect(set.links.size).toBe(0);
    expect([...set.contextLinks]).toEqual(['l1']);
    expect([...set.contextNodes]).toEqual(['n2']);
  });

  it('a changed link shows the ends of both its old and its new connection, without widening', () => {
    const before = toyState();
    tree(before).nodes.push(acceptedNode('n4', 'Beyond n3'));
    tree(before).links.push(acceptedLink('l2', ['n4'], 'n3', 'supports'));
    const after = copy(before);
    link(after, 'l1').from = ['n3'];
    const set = changeSet(projected(before), projected(after));
    expect([...set.links]).toEqual([['l1', 'changed']]);
    expect(set.nodes.size).toBe(0);
    expect([...set.contextNodes]).toEqual(['n1', 'n2', 'n3']);
    expect(set.contextLinks.size).toBe(0);
  });

  it('loss of acceptance removes the node and its link; the other end is context', () => {
    const before = toyState();
    const after = copy(before);
    node(after, 'n1').status = 'disputed';
    node(after, 'n1').text = 'UNACCEPTED REPLACEMENT';
    link(after, 'l1').status = 'proposed';
    const set = changeSet(projected(before), projected(after));
    expect([...set.nodes]).toEqual([['n1', 'removed']]);
    expect([...set.links]).toEqual([['l1', 'removed']]);
    expect([...set.contextNodes]).toEqual(['n2']);
  });
});

describe('latestChange', () => {
  const states = (): State[] => {
    const first = toyState();
    const second = withGoalTree(copy(first));
    const third = copy(second);
    node(third, 'g1', 'goal').text = 'Goal, reworded';
    return [first, second, third];
  };

  it('walks back to the last revision that changed the tree, so a tree keeps its change while others change', () => {
    const projections: Projection[] = states().map(acceptedProjection);
    const current = latestChange(projections, 'current_reality')!;
    expect(current.revision).toBe(1);
    expect(current.before).toEqual(EMPTY_TREE);
    expect(current.after).toEqual(projections[0]!.current_reality);
    const goal = latestChange(projections, 'goal')!;
    expect(goal.revision).toBe(3);
    expect(goal.before.nodes[0]!.text).toBe('Understand the conditions for productive remote work.');
    expect(goal.after.nodes[0]!.text).toBe('Goal, reworded');
  });

  it('is undefined for a tree that never had accepted content', () => {
    expect(latestChange(states().map(acceptedProjection), 'transition')).toBeUndefined();
  });

  it('keeps a tree whose content was all removed, with the removal as its change', () => {
    const [first] = states();
    const emptied = copy(first!);
    emptied.trees.current_reality = { nodes: [], links: [], backlog: [] };
    const projections = [first!, emptied].map(acceptedProjection);
    expect(treesInHistory(projections)).toEqual(['current_reality']);
    const change = latestChange(projections, 'current_reality')!;
    expect(change.revision).toBe(2);
    expect(change.after).toEqual(EMPTY_TREE);
    expect(change.before.nodes).toHaveLength(3);
  });
});
