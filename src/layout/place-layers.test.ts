import dagre, { type Graph } from '@dagrejs/dagre';
import { describe, expect, it } from 'vitest';
import { placeLayers, type PlaceEdge, type PlaceNode, type PlaceOptions } from './place-layers';
import { randomTree, seededRandom } from './random-tree';
import { assignRanks, type RankEdge } from './rank';
import type { TreeKey } from '../format';
import type { Point } from './types';

/** A generated tree as the layered layout hands it over: two ranks per card rank, edges going up. */
function pieceOf(tree: TreeKey, count: number, seed: number): { nodes: PlaceNode[]; edges: PlaceEdge[] } {
  const input = randomTree(tree, count, seed);
  const random = seededRandom(seed + 1000);
  const index = new Map(input.nodes.map((node, i) => [node.id, i]));
  const pairs: RankEdge[] = [];
  for (const link of input.links) {
    for (const from of link.from) {
      const [a, b] = [index.get(from), index.get(link.to)];
      if (a !== undefined && b !== undefined && a !== b) pairs.push({ from: a, to: b });
    }
  }
  const rank = assignRanks(input.nodes.length, pairs, []).map((r) => 2 * r);
  const nodes = input.nodes.map((node, i) => ({ width: node.width, height: node.height, rank: rank[i]! }));
  const edges: PlaceEdge[] = [];
  for (const { from, to } of pairs) {
    if (rank[from] === rank[to]) continue;
    // Edges go up the ranks; the generator's back links are turned round.
    const edge = rank[from]! < rank[to]! ? { from, to } : { from: to, to: from };
    edges.push(edge);
    if (random() < 0.1) edges.push({ ...edge }); // a parallel edge, as two sources of one AND link can give
  }
  return { nodes, edges };
}

/** Moves each rank's first node to its end: any last-minute change of order will do. */
function rotate(layers: string[][] | number[][]): void {
  for (const layer of layers) if (layer.length > 1) (layer as unknown[]).push(layer.shift());
}

/** The same piece drawn by dagre itself, as the layout used to do. */
function byDagre(nodes: PlaceNode[], edges: PlaceEdge[], options: PlaceOptions, rotated: boolean) {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  // dagre halves ranksep to make room for labels.
  g.setGraph({ rankdir: options.rankdir, ranker: 'none', nodesep: options.nodesep, edgesep: options.edgesep, ranksep: 2 * options.ranksep });
  g.setDefaultEdgeLabel(() => ({}));
  nodes.forEach((node, i) => g.setNode(`n${i}`, { ...node }));
  edges.forEach(({ from, to }, e) => g.setEdge(`n${from}`, `n${to}`, {}, `e${e}`));
  dagre.layout(g, {
    customOrder(graph: Graph, order) {
      order(graph);
      if (!rotated) return;
      const layers: string[][] = [];
      for (const v of graph.nodes()) (layers[graph.node(v).rank!] ??= []).push(v);
      for (const layer of layers) layer?.sort((a, b) => graph.node(a).order! - graph.node(b).order!);
      rotate(layers.filter(Boolean));
      for (const layer of layers) layer?.forEach((v, i) => (graph.node(v).order = i));
    },
  });
  return {
    centres: nodes.map((_, i): Point => ({ x: g.node(`n${i}`).x!, y: g.node(`n${i}`).y! })),
    // dagre's points start and end on the two nodes' borders; between them, one per rank crossed.
    bends: edges.map((_, e) => g.edge(`n${edges[e]!.from}`, `n${edges[e]!.to}`, `e${e}`).points!.slice(1, -1)),
  };
}

describe('placeLayers', () => {
  const cases: [TreeKey, number, number, PlaceOptions['rankdir']][] = [];
  for (const [tree, rankdir] of [
    ['current_reality', 'BT'],
    ['future_reality', 'BT'],
    ['transition', 'LR'],
    ['prerequisite', 'RL'],
    ['goal', 'TB'],
  ] as const) {
    for (const count of [5, 12, 30, 80, 150]) for (const seed of [1, 2, 3]) cases.push([tree, count, seed, rankdir]);
  }

  it.each(cases)('%s, %i nodes, seed %i, %s: places every node and bend exactly where dagre does', (tree, count, seed, rankdir) => {
    const { nodes, edges } = pieceOf(tree, count, seed);
    const rotated = seed === 2;
    const options: PlaceOptions = { rankdir, nodesep: 40, edgesep: 20, ranksep: 48 };
    const ours = placeLayers(nodes, edges, { ...options, arrange: rotated ? rotate : undefined });
    expect(ours).toEqual(byDagre(nodes, edges, options, rotated));
  });

  it('refuses an edge to the next rank (the layered layout always leaves a rank between)', () => {
    const nodes = [0, 1].map((rank) => ({ width: 10, height: 10, rank }));
    expect(() => placeLayers(nodes, [{ from: 0, to: 1 }], { rankdir: 'TB', nodesep: 40, edgesep: 20, ranksep: 48 })).toThrow();
  });
});
