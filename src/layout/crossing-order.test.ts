import dagre, { type Graph } from '@dagrejs/dagre';
import { describe, expect, it } from 'vitest';
import { canOrderFlat, orderLayers } from './crossing-order';
import { randomTree, seededRandom } from './random-tree';
import { assignRanks, type RankEdge } from './rank';
import type { TreeKey } from '../format';

/** A dagre graph of a generated tree: an edge per source, some doubled, some spanning ranks. */
function graphOf(tree: TreeKey, count: number, seed: number, ownRanks: boolean, rankdir: string) {
  const input = randomTree(tree, count, seed);
  const random = seededRandom(seed + 1000);
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir, nodesep: 40, edgesep: 20, ranksep: 60, ...(ownRanks ? { ranker: 'none' } : {}) });
  g.setDefaultEdgeLabel(() => ({}));
  const index = new Map(input.nodes.map((node, i) => [node.id, i]));
  const pairs: RankEdge[] = [];
  for (const link of input.links) {
    for (const from of link.from) {
      const [a, b] = [index.get(from), index.get(link.to)];
      if (a !== undefined && b !== undefined && a !== b) pairs.push({ from: a, to: b });
    }
  }
  // Ranks as the layout gives them (two dagre ranks per card rank), or dagre's own ranker.
  const rank = assignRanks(input.nodes.length, pairs, []).map((r) => 2 * r);
  input.nodes.forEach((node, i) => g.setNode(node.id, { width: node.width, height: node.height, ...(ownRanks ? { rank: rank[i] } : {}) }));
  pairs.forEach(({ from, to }, e) => {
    if (ownRanks && rank[from] === rank[to]) return;
    // With given ranks every edge must go up them; the generator's back links are turned round.
    const [a, b] = !ownRanks || rank[from]! < rank[to]! ? [from, to] : [to, from];
    g.setEdge(input.nodes[a]!.id, input.nodes[b]!.id, {}, `e${e}`);
    if (random() < 0.1) g.setEdge(input.nodes[a]!.id, input.nodes[b]!.id, {}, `p${e}`); // a parallel edge
  });
  return g;
}

function drawn(g: Graph) {
  return {
    nodes: g.nodes().map((v) => [v, g.node(v).x, g.node(v).y]),
    edges: g.edges().map((e) => [e.name, g.edge(e).points]),
  };
}

describe('crossing order', () => {
  const cases: [TreeKey, number, number, boolean, string][] = [];
  for (const [tree, rankdir] of [
    ['current_reality', 'BT'],
    ['future_reality', 'BT'],
    ['transition', 'LR'],
    ['prerequisite', 'RL'],
    ['goal', 'TB'],
  ] as const) {
    for (const count of [5, 12, 30, 80, 150]) {
      for (const seed of [1, 2, 3]) cases.push([tree, count, seed, seed !== 3, rankdir]);
    }
  }

  it.each(cases)('%s, %i nodes, seed %i (own ranks: %s, %s): the same drawing as dagre’s own order', (...args) => {
    const theirs = graphOf(...args);
    const ours = graphOf(...args);
    let flat = true;
    dagre.layout(theirs, { customOrder: (graph, order) => order(graph) });
    dagre.layout(ours, {
      customOrder(graph, order) {
        flat = canOrderFlat(graph);
        if (flat) orderLayers(graph);
        else order(graph);
      },
    });
    expect(flat).toBe(true);
    expect(drawn(ours)).toEqual(drawn(theirs));
  });

  it('leaves graphs with clusters to dagre', () => {
    const g = new dagre.graphlib.Graph({ multigraph: true, compound: true });
    g.setGraph({});
    g.setDefaultEdgeLabel(() => ({}));
    for (const v of ['a', 'b', 'c']) g.setNode(v, { width: 10, height: 10 });
    g.setNode('group', {});
    g.setParent('a', 'group');
    g.setParent('b', 'group');
    g.setEdge('a', 'c');
    g.setEdge('b', 'c');
    let flat: boolean | undefined;
    dagre.layout(g, { customOrder: (graph, order) => ((flat = canOrderFlat(graph)), order(graph)) });
    expect(flat).toBe(false);
  });
});
