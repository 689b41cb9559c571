// The order of nodes within each rank (crossing reduction) for dagre's layout graph, done the
// way dagre's own `order` phase does it — same start (depth-first from rank 0), same barycenter
// sweeps, tie-breaks and stopping rule, so the result is the same order — but on flat arrays.
// dagre rebuilds a graph per rank, keys everything by string and compares every pair of a
// rank's entries on each sweep; on a 1,000-card tree (several thousand nodes once long edges
// are cut into dummies) that made ordering most of the layout's time, growing faster than the
// tree. Here a sweep costs a sort per rank and a crossing count is Barth–Jünger–Mutzel.
import type { Graph } from '@dagrejs/dagre';

/** dagre's rule: stop once this many sweeps in a row found no fewer crossings. */
const SWEEPS_WITHOUT_GAIN = 4;

interface Entry {
  v: number;
  /** Index among the rank's nodes in the graph's own node order (dagre's tie-break). */
  i: number;
  barycenter?: number;
  weight?: number;
}

/** Layout graph shapes this file does not reproduce (clusters, border nodes, reversed edges). */
export function canOrderFlat(graph: Graph): boolean {
  for (const name of graph.nodes()) {
    const label = graph.node(name);
    if (typeof label?.rank !== 'number' || 'minRank' in label || graph.children(name).length > 0) return false;
  }
  for (const edge of graph.edges()) if (graph.edge(edge)?.reversed) return false;
  return true;
}

/** Sets `order` on every node of dagre's layout graph, as dagre's default `order` would. */
export function orderLayers(graph: Graph): void {
  const names = graph.nodes();
  const count = names.length;
  const index = new Map<string, number>();
  names.forEach((name, v) => index.set(name, v));
  const labels = names.map((name) => graph.node(name));
  const rank = Int32Array.from(labels, (label) => label.rank!);
  let maxRank = -1;
  for (let v = 0; v < count; v++) maxRank = Math.max(maxRank, rank[v]!);

  // Neighbours one rank up and down, with parallel edges' weights added together.
  const up: Neighbours = neighbourLists(count);
  const down: Neighbours = neighbourLists(count);
  for (const edge of graph.edges()) {
    const from = index.get(edge.v)!;
    const to = index.get(edge.w)!;
    const weight = graph.edge(edge).weight as number;
    addWeight(up, from, to, weight);
    addWeight(down, to, from, weight);
  }
  const byRank: number[][] = Array.from({ length: maxRank + 1 }, () => []);
  for (let v = 0; v < count; v++) byRank[rank[v]!]!.push(v);
  const sameEdge = (a: number, b: number) => {
    const x = labels[a]!;
    const y = labels[b]!;
    return x.dummy === 'edge' && y.dummy === 'edge' && x.edgeObj?.v === y.edgeObj?.v && x.edgeObj?.w === y.edgeObj?.w;
  };

  const order = initialOrder(graph, names, index, rank, maxRank);
  let best = order.slice();
  let bestCrossings = Infinity;
  for (let i = 0, lastBest = 0; lastBest < SWEEPS_WITHOUT_GAIN; ++i, ++lastBest) {
    const downward = i % 2 === 1;
    const switchBias = i % 4 >= 2;
    let biasRight = true;
    const ranks = downward ? rangeOf(1, maxRank + 1) : rangeOf(maxRank - 1, -1);
    for (const r of ranks) {
      const usedBias = sortRank(byRank[r]!, downward ? down : up, order, biasRight, sameEdge);
      if (switchBias && usedBias) biasRight = !biasRight;
    }
    const crossings = crossCount(byRank, up, order, maxRank);
    // An equal count also replaces the best order (dagre's rule), without resetting the count.
    if (crossings < bestCrossings) {
      lastBest = 0;
      bestCrossings = crossings;
      best = order.slice();
    } else if (crossings === bestCrossings) best = order.slice();
  }
  for (let v = 0; v < count; v++) labels[v]!.order = best[v]!;
}

interface Neighbours {
  nodes: number[][];
  weights: number[][];
}

function neighbourLists(count: number): Neighbours {
  return { nodes: Array.from({ length: count }, () => []), weights: Array.from({ length: count }, () => []) };
}

function addWeight(lists: Neighbours, v: number, u: number, weight: number): void {
  const nodes = lists.nodes[v]!;
  const at = nodes.indexOf(u);
  if (at >= 0) lists.weights[v]![at]! += weight;
  else {
    nodes.push(u);
    lists.weights[v]!.push(weight);
  }
}

function rangeOf(from: number, to: number): number[] {
  const list: number[] = [];
  if (from <= to) for (let r = from; r < to; r++) list.push(r);
  else for (let r = from; r > to; r--) list.push(r);
  return list;
}

/** Depth-first from the nodes in rank order; each node takes the next slot of its rank. */
function initialOrder(
  graph: Graph,
  names: string[],
  index: Map<string, number>,
  rank: Int32Array,
  maxRank: number,
): Int32Array {
  const order = new Int32Array(names.length);
  const filled = new Int32Array(maxRank + 1);
  const visited = new Uint8Array(names.length);
  const starts = names.map((_, v) => v).sort((a, b) => rank[a]! - rank[b]!);
  for (const start of starts) {
    if (visited[start]) continue;
    visited[start] = 1;
    // dagre recurses; an explicit stack of successor lists visits in the same order.
    const stack: { list: string[]; next: number }[] = [];
    order[start] = filled[rank[start]!]!++;
    stack.push({ list: (graph.successors(names[start]!) as string[] | undefined) ?? [], next: 0 });
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (top.next >= top.list.length) {
        stack.pop();
        continue;
      }
      const v = index.get(top.list[top.next++]!)!;
      if (visited[v]) continue;
      visited[v] = 1;
      order[v] = filled[rank[v]!]!++;
      stack.push({ list: (graph.successors(names[v]!) as string[] | undefined) ?? [], next: 0 });
    }
  }
  return order;
}

/**
 * Reorders one rank by the barycentres of its neighbours in the rank just swept (dagre's
 * sortSubgraph without clusters). Returns whether a tie between unrelated nodes used the bias.
 */
function sortRank(
  movable: number[],
  fixed: Neighbours,
  order: Int32Array,
  biasRight: boolean,
  sameEdge: (a: number, b: number) => boolean,
): boolean {
  // dagre's conflict resolution hands the entries back last first.
  const entries: Entry[] = [];
  for (let i = movable.length - 1; i >= 0; i--) {
    const v = movable[i]!;
    const nodes = fixed.nodes[v]!;
    if (nodes.length === 0) {
      entries.push({ v, i });
      continue;
    }
    const weights = fixed.weights[v]!;
    let sum = 0;
    let weight = 0;
    for (let k = 0; k < nodes.length; k++) {
      sum += weights[k]! * order[nodes[k]!]!;
      weight += weights[k]!;
    }
    entries.push({ v, i, barycenter: sum / weight, weight });
  }

  // Two dummies of parallel edges with the same barycentre stay side by side; any other tie
  // counts as using the bias. dagre compares every pair; only equal barycentres can match.
  const ties = new Map<number, Entry[]>();
  for (const entry of entries) {
    if (!entry.barycenter) continue; // dagre skips 0 and NaN here
    const list = ties.get(entry.barycenter);
    if (list) list.push(entry);
    else ties.set(entry.barycenter, [entry]);
  }
  let usedBias = false;
  const partnerOf = new Map<Entry, Entry>();
  const paired = new Set<Entry>();
  for (const list of ties.values()) {
    for (let a = 0; a < list.length; a++) {
      if (paired.has(list[a]!)) continue;
      for (let b = a + 1; b < list.length; b++) {
        if (paired.has(list[b]!)) continue;
        if (!sameEdge(list[a]!.v, list[b]!.v)) usedBias = true;
        else if (!partnerOf.has(list[a]!)) {
          partnerOf.set(list[a]!, list[b]!);
          paired.add(list[b]!);
        }
      }
    }
  }

  const sortable: Entry[] = [];
  const unsortable: Entry[] = [];
  for (const entry of entries) {
    if (paired.has(entry)) continue;
    (entry.barycenter === undefined ? unsortable : sortable).push(entry);
  }
  sortable.sort((a, b) => {
    if (a.barycenter! < b.barycenter!) return -1;
    if (a.barycenter! > b.barycenter!) return 1;
    return biasRight ? b.i - a.i : a.i - b.i;
  });
  unsortable.sort((a, b) => b.i - a.i);

  // Nodes with no neighbour in the swept rank keep their index; the rest fill in around them.
  let slot = 0;
  const place = (entry: Entry) => (order[entry.v] = slot++);
  const placeUnsortable = () => {
    while (unsortable.length > 0 && unsortable[unsortable.length - 1]!.i <= slot) place(unsortable.pop()!);
  };
  placeUnsortable();
  for (const entry of sortable) {
    place(entry);
    placeUnsortable();
    const partner = partnerOf.get(entry);
    if (partner) {
      place(partner);
      placeUnsortable();
    }
  }
  return usedBias;
}

/** Weighted crossings between every two neighbouring ranks (Barth, Jünger and Mutzel). */
function crossCount(byRank: number[][], up: Neighbours, order: Int32Array, maxRank: number): number {
  let total = 0;
  for (let r = 1; r <= maxRank; r++) {
    const south = byRank[r]!.length;
    let first = 1;
    while (first < south) first <<= 1;
    const tree = new Float64Array(2 * first - 1);
    first -= 1;
    const north = byRank[r - 1]!.slice().sort((a, b) => order[a]! - order[b]!);
    for (const v of north) {
      const nodes = up.nodes[v]!;
      const weights = up.weights[v]!;
      const byPosition = nodes.map((_, k) => k).sort((a, b) => order[nodes[a]!]! - order[nodes[b]!]!);
      for (const k of byPosition) {
        let at = order[nodes[k]!]! + first;
        const weight = weights[k]!;
        tree[at]! += weight;
        let after = 0;
        while (at > 0) {
          if (at % 2) after += tree[at + 1]!;
          at = (at - 1) >> 1;
          tree[at]! += weight;
        }
        total += weight * after;
      }
    }
  }
  return total;
}
