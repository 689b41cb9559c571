// Small valid states for the history and snapshot tests: a current reality tree of three
// accepted observations and one accepted link (the reference helper's own toy case), and the
// edits a session makes to it. Test data only.
import type { Json } from './types';

export type State = { [key: string]: Json } & {
  trees: { [tree: string]: { nodes: Item[]; links: Item[]; backlog: Json[] } };
};
export type Item = { [key: string]: Json };

const contribution = (by = 'alice'): Json[] => [{ by, attribution: 'explicit', mode: 'text' }];

export function acceptedNode(id: string, text: string, kind = 'observation'): Item {
  return { id, kind, text, status: 'accepted', accepted_by: ['alice'], contributions: contribution() };
}

export function acceptedLink(id: string, from: string[], to: string, relation = 'limits_scope'): Item {
  return { id, from, to, relation, status: 'accepted', accepted_by: ['alice'], contributions: contribution() };
}

/** Three accepted observations n1..n3 and the accepted link l1 (n2 → n1). */
export function toyState(): State {
  return {
    schema_version: 1,
    project: 'Remote-work toy fixture',
    driver: 'alice',
    participants: { alice: 'Alice', bob: 'Bob' },
    active_tree: 'current_reality',
    trees: {
      current_reality: {
        nodes: [
          acceptedNode('n1', '13% productivity gain for remote workers'),
          acceptedNode('n2', 'Study covers call centre workers only'),
          acceptedNode('n3', 'Gain was on solo call-handling tasks specifically'),
        ],
        links: [acceptedLink('l1', ['n2'], 'n1')],
        backlog: [{ ref: 'l1', work: 'examine_assumption' }],
      },
    },
  };
}

/** The toy state with nothing accepted. */
export function proposalsOnly(): State {
  const state = toyState();
  for (const tree of Object.values(state.trees)) {
    for (const item of [...tree.nodes, ...tree.links]) {
      item.status = 'proposed';
      delete item.accepted_by;
    }
  }
  return state;
}

export function tree(state: State, key = 'current_reality') {
  return state.trees[key]!;
}

export function node(state: State, id: string, key = 'current_reality'): Item {
  return tree(state, key).nodes.find((n) => n.id === id)!;
}

export function link(state: State, id: string, key = 'current_reality'): Item {
  return tree(state, key).links.find((l) => l.id === id)!;
}

/** A goal tree with one accepted goal g1, added to the state. */
export function withGoalTree(state: State, text = 'Understand the conditions for productive remote work.'): State {
  state.trees.goal = { nodes: [acceptedNode('g1', text, 'goal')], links: [], backlog: [] };
  return state;
}

export function copy<T>(value: T): T {
  return structuredClone(value);
}
