// The order of nodes within each rank (crossing reduction), done the way dagre's `order` phase
// does it — same start (depth-first from rank 0), same barycenter sweeps, tie-breaks and
// stopping rule, so the result is the same order — but on flat arrays. dagre rebuilds a graph
// per rank, keys everything by string and compares every pair of a rank's entries on each
// sweep, which grew faster than the tree; here a sweep costs a sort per rank, and crossings are
// counted with Barth, Jünger and Mutzel's accumulator tree.

/** A layered graph whose every edge joins neighbouring ranks (long edges already cut by dummies). */
export interface LayeredGraph {
  rank: Int32Array;
  maxRank: number;
  /** Neighbours one rank up and one rank down, in the order the edges were added. */
  successors: number[][];
  predecessors: number[][];
  /** For a dummy, the edge it carries (-1 for cards); two edges are parallel when they join the same two cards. */
  chain: Int32Array;
  edgeEnds: [number, number][];
}

/** dagre's rule: stop once this many sweeps in a row found no fewer crossings. */
const SWEEPS_WITHOUT_GAIN = 4;

interface Entry {
  v: number;
  /** Index among the rank's nodes in node order (dagre's tie-break). */
  i: number;
  barycenter?: number;
  weight?: number;
}

/**
 * The slot of every node within its rank, as dagre's default `order` would give. No two edges
 * share both ends, so every edge weighs 1, as in dagre once long edges are cut.
 */
export function orderLayers(graph: LayeredGraph): Int32Array {
  const { rank, maxRank, successors, predecessors, chain, edgeEnds } = graph;
  const count = rank.length;
  const byRank: number[][] = Array.from({ length: maxRank + 1 }, () => []);
  for (let v = 0; v < count; v++) byRank[rank[v]!]!.push(v);
  const sameEdge = (a: number, b: number) => {
    if (chain[a]! < 0 || chain[b]! < 0) return false;
    const x = edgeEnds[chain[a]!]!;
    const y = edgeEnds[chain[b]!]!;
    return x[0] === y[0] && x[1] === y[1];
  };

  const order = initialOrder(successors, rank, maxRank);
  let best = order.slice();
  let bestCrossings = Infinity;
  for (let i = 0, lastBest = 0; lastBest < SWEEPS_WITHOUT_GAIN; ++i, ++lastBest) {
    const downward = i % 2 === 1;
    const switchBias = i % 4 >= 2;
    let biasRight = true;
    const ranks = downward ? rangeOf(1, maxRank + 1) : rangeOf(maxRank - 1, -1);
    for (const r of ranks) {
      const usedBias = sortRank(byRank[r]!, downward ? predecessors : successors, order, biasRight, sameEdge);
      if (switchBias && usedBias) biasRight = !biasRight;
    }
    const crossings = crossCount(byRank, successors, order, maxRank);
    // An equal count also replaces the best order (dagre's rule), without resetting the count.
    if (crossings < bestCrossings) {
      lastBest = 0;
      bestCrossings = crossings;
      best = order.slice();
    } else if (crossings === bestCrossings) best = order.slice();
  }
  return best;
}

function rangeOf(from: number, to: number): number[] {
  const list: number[] = [];
  if (from <= to) for (let r = from; r < to; r++) list.push(r);
  else for (let r = from; r > to; r--) list.push(r);
  return list;
}

/** Depth-first from the nodes in rank order; each node takes the next slot of its rank. */
function initialOrder(successors: number[][], rank: Int32Array, maxRank: number): Int32Array {
  const count = rank.length;
  const order = new Int32Array(count);
  const filled = new Int32Array(maxRank + 1);
  const visited = new Uint8Array(count);
  const starts = Array.from({ length: count }, (_, v) => v).sort((a, b) => rank[a]! - rank[b]!);
  // dagre recurses; an explicit stack of (node, next successor) visits in the same order.
  const stack: number[] = [];
  for (const start of starts) {
    if (visited[start]) continue;
    visited[start] = 1;
    order[start] = filled[rank[start]!]!++;
    stack.push(start, 0);
    while (stack.length > 0) {
      const v = stack[stack.length - 2]!;
      const next = stack[stack.length - 1]!;
      const list = successors[v]!;
      if (next >= list.length) {
        stack.length -= 2;
        continue;
      }
      stack[stack.length - 1] = next + 1;
      const w = list[next]!;
      if (visited[w]) continue;
      visited[w] = 1;
      order[w] = filled[rank[w]!]!++;
      stack.push(w, 0);
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
  fixed: number[][],
  order: Int32Array,
  biasRight: boolean,
  sameEdge: (a: number, b: number) => boolean,
): boolean {
  // dagre's conflict resolution hands the entries back last first.
  const entries: Entry[] = [];
  for (let i = movable.length - 1; i >= 0; i--) {
    const v = movable[i]!;
    const nodes = fixed[v]!;
    if (nodes.length === 0) {
      entries.push({ v, i });
      continue;
    }
    let sum = 0;
    for (const u of nodes) sum += order[u]!;
    entries.push({ v, i, barycenter: sum / nodes.length, weight: nodes.length });
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

/** Crossings between every two neighbouring ranks (Barth, Jünger and Mutzel's accumulator tree). */
function crossCount(byRank: number[][], successors: number[][], order: Int32Array, maxRank: number): number {
  let total = 0;
  for (let r = 1; r <= maxRank; r++) {
    const south = byRank[r]!.length;
    let first = 1;
    while (first < south) first <<= 1;
    const tree = new Int32Array(2 * first - 1);
    first -= 1;
    const north = new Int32Array(byRank[r - 1]!.length);
    for (const v of byRank[r - 1]!) north[order[v]!] = v;
    for (const v of north) {
      const list = successors[v]!;
      const ends = list.length === 1 ? [order[list[0]!]!] : list.map((w) => order[w]!).sort((a, b) => a - b);
      for (const end of ends) {
        let at = end + first;
        tree[at]!++;
        let after = 0;
        while (at > 0) {
          if (at % 2) after += tree[at + 1]!;
          at = (at - 1) >> 1;
          tree[at]!++;
        }
        total += after;
      }
    }
  }
  return total;
}
