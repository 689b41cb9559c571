// Coordinates for a ranked graph: long edges cut into dummies (one per rank crossed), ranks
// ordered to cut crossings (crossing-order.ts), rows stacked along the flow and nodes placed
// across it by Brandes–Köpf. Every step is dagre's, in dagre's order and arithmetic, so a piece
// comes out as dagre drew it to the pixel; but it runs on flat arrays instead of a string-keyed
// graph rebuilt at each phase, which on a 1,000-card tree made dagre several times slower.
import type { Point } from './types';
import { orderLayers, type LayeredGraph } from './crossing-order';

export interface PlaceNode {
  width: number;
  height: number;
  /** Lowest rank 0 at the flow's start. */
  rank: number;
}

/** An edge up the ranks, at least two apart: rank[to] ≥ rank[from] + 2 (see layered.ts). */
export interface PlaceEdge {
  from: number;
  to: number;
}

export interface PlaceOptions {
  /** Ranks run top to bottom (TB), bottom to top (BT), left to right (LR) or right to left (RL). */
  rankdir: 'TB' | 'BT' | 'LR' | 'RL';
  /** Gap between two cards of a rank, and the one left beside an edge's dummy. */
  nodesep: number;
  edgesep: number;
  /** Gap between two neighbouring ranks' rows. */
  ranksep: number;
  /**
   * Last say over the order within each rank (node indices, first to last), before placing;
   * `rank` holds every node's rank, dummies included, counted from 0.
   */
  arrange?: (layers: number[][], rank: number[]) => void;
}

export interface Placement {
  /** Centre of each node. */
  centres: Point[];
  /** For each edge, one point per rank it crosses between its ends. */
  bends: Point[][];
}

export function placeLayers(nodes: PlaceNode[], edges: PlaceEdge[], options: PlaceOptions): Placement {
  const sideways = options.rankdir === 'LR' || options.rankdir === 'RL';
  // Placed as if ranks ran top to bottom; turned afterwards.
  const width: number[] = nodes.map((node) => (sideways ? node.height : node.width));
  const height: number[] = nodes.map((node) => (sideways ? node.width : node.height));
  let lowest = Infinity;
  for (const node of nodes) lowest = Math.min(lowest, node.rank);
  const rank: number[] = nodes.map((node) => node.rank - lowest);

  // Each edge becomes a chain through one dummy per rank in between.
  const successors: number[][] = nodes.map(() => []);
  const predecessors: number[][] = nodes.map(() => []);
  const chainOf: number[] = nodes.map(() => -1);
  const chains: number[][] = [];
  const link = (a: number, b: number) => {
    successors[a]!.push(b);
    predecessors[b]!.push(a);
  };
  edges.forEach(({ from, to }, e) => {
    // dagre keeps an edge to the next rank as it is, ahead of the chains in its successor lists;
    // every edge here skips a rank, so each one is a chain.
    if (rank[to]! < rank[from]! + 2) throw new Error('placeLayers: an edge must span two ranks or more');
    const chain: number[] = [];
    let v = from;
    for (let r = rank[from]! + 1; r < rank[to]!; r++) {
      const dummy = rank.length;
      rank.push(r);
      width.push(0);
      height.push(0);
      successors.push([]);
      predecessors.push([]);
      chainOf.push(e);
      chain.push(dummy);
      link(v, dummy);
      v = dummy;
    }
    link(v, to);
    chains.push(chain);
  });
  const count = rank.length;
  const isDummy = (v: number) => chainOf[v]! >= 0;
  let maxRank = -1;
  for (const r of rank) maxRank = Math.max(maxRank, r);

  const layered: LayeredGraph = {
    rank: Int32Array.from(rank),
    maxRank,
    successors,
    predecessors,
    chain: Int32Array.from(chainOf),
    edgeEnds: edges.map(({ from, to }) => [from, to]),
  };
  const order = orderLayers(layered);
  const layers: number[][] = Array.from({ length: maxRank + 1 }, () => []);
  for (let v = 0; v < count; v++) layers[rank[v]!]![order[v]!] = v;
  if (options.arrange) {
    options.arrange(layers, rank);
    for (const layer of layers) layer.forEach((v, i) => (order[v] = i));
  }

  // Along the flow: each row as thick as its thickest node, nodes centred on the row.
  const y = new Float64Array(count);
  let rowStart = 0;
  for (const layer of layers) {
    let thickest = 0;
    for (const v of layer) thickest = thickest > height[v]! ? thickest : height[v]!;
    for (const v of layer) y[v] = rowStart + thickest / 2;
    rowStart += thickest + options.ranksep;
  }
  const x = positionAcross(layers, order, predecessors, successors, width, isDummy, options);

  // Turn to the real direction, then shift so the nodes' boxes start at 0.
  const reverse = options.rankdir === 'BT' || options.rankdir === 'RL';
  const at = (v: number): Point => {
    const along = reverse ? -y[v]! : y[v]!;
    return sideways ? { x: along, y: x[v]! } : { x: x[v]!, y: along };
  };
  const centres = nodes.map((_, v) => at(v));
  const bends = chains.map((chain) => chain.map(at));
  let minX = Infinity;
  let minY = Infinity;
  nodes.forEach((node, v) => {
    minX = Math.min(minX, centres[v]!.x - node.width / 2);
    minY = Math.min(minY, centres[v]!.y - node.height / 2);
  });
  for (const point of [...centres, ...bends.flat()]) {
    point.x -= minX;
    point.y -= minY;
  }
  return { centres, bends };
}

/**
 * Brandes–Köpf as dagre does it: four alignments (up/down × left/right) of each node with a
 * median neighbour, each compacted to the left, the narrowest one as reference, and each node
 * at the mean of its two middle positions.
 */
function positionAcross(
  layers: number[][],
  order: Int32Array,
  predecessors: number[][],
  successors: number[][],
  width: number[],
  isDummy: (v: number) => boolean,
  options: PlaceOptions,
): Float64Array {
  const count = order.length;
  const conflicts = innerSegmentConflicts(layers, order, predecessors, isDummy);
  const separation = (v: number, u: number) => {
    let sum = 0;
    sum += width[v]! / 2;
    sum += (isDummy(v) ? options.edgesep : options.nodesep) / 2;
    sum += (isDummy(u) ? options.edgesep : options.nodesep) / 2;
    sum += width[u]! / 2;
    return sum;
  };

  const alignments: Float64Array[] = [];
  for (const vertical of ['u', 'd']) {
    let adjusted = vertical === 'u' ? layers : layers.slice().reverse();
    for (const horizontal of ['l', 'r']) {
      if (horizontal === 'r') adjusted = adjusted.map((layer) => layer.slice().reverse());
      const neighbours = vertical === 'u' ? predecessors : successors;
      const root = verticalAlignment(adjusted, neighbours, conflicts, count);
      const xs = horizontalCompaction(adjusted, root, separation, count);
      if (horizontal === 'r') for (let v = 0; v < count; v++) xs[v] = -xs[v]!;
      alignments.push(xs);
    }
  }

  // The narrowest alignment is the reference the others are shifted to.
  let narrowest = alignments[0]!;
  let narrowestWidth = Infinity;
  for (const xs of alignments) {
    let max = -Infinity;
    let min = Infinity;
    for (let v = 0; v < count; v++) {
      const half = width[v]! / 2;
      max = Math.max(xs[v]! + half, max);
      min = Math.min(xs[v]! - half, min);
    }
    if (max - min < narrowestWidth) {
      narrowestWidth = max - min;
      narrowest = xs;
    }
  }
  const [referenceMin, referenceMax] = extent(narrowest);
  alignments.forEach((xs, k) => {
    if (xs === narrowest) return;
    const [min, max] = extent(xs);
    const delta = k % 2 === 0 ? referenceMin - min : referenceMax - max;
    if (delta) for (let v = 0; v < count; v++) xs[v] = xs[v]! + delta;
  });

  const x = new Float64Array(count);
  const four = [0, 0, 0, 0];
  for (let v = 0; v < count; v++) {
    for (let k = 0; k < 4; k++) four[k] = alignments[k]![v]!;
    four.sort((a, b) => a - b);
    x[v] = (four[1]! + four[2]!) / 2;
  }
  return x;
}

function extent(xs: Float64Array): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (const value of xs) {
    min = Math.min(min, value);
    max = Math.max(max, value);
  }
  return [min, max];
}

/**
 * Type 1 conflicts: an edge between two cards (or a card and a dummy) that crosses an inner
 * segment (dummy to dummy) of a long edge; alignment never follows such an edge.
 */
function innerSegmentConflicts(
  layers: number[][],
  order: Int32Array,
  predecessors: number[][],
  isDummy: (v: number) => boolean,
): Set<number> {
  const count = order.length;
  const conflicts = new Set<number>();
  for (let r = 1; r < layers.length; r++) {
    const layer = layers[r]!;
    const previousLength = layers[r - 1]!.length;
    let k0 = 0;
    let scanPos = 0;
    const last = layer[layer.length - 1];
    layer.forEach((v, i) => {
      const inner = isDummy(v) ? predecessors[v]!.find(isDummy) : undefined;
      const k1 = inner !== undefined ? order[inner]! : previousLength;
      if (inner === undefined && v !== last) return;
      for (let s = scanPos; s <= i; s++) {
        const scanned = layer[s]!;
        for (const u of predecessors[scanned]!) {
          const uPos = order[u]!;
          if ((uPos < k0 || k1 < uPos) && !(isDummy(u) && isDummy(scanned))) conflicts.add(pairKey(u, scanned, count));
        }
      }
      scanPos = i + 1;
      k0 = k1;
    });
  }
  return conflicts;
}

function pairKey(a: number, b: number, count: number): number {
  return a < b ? a * count + b : b * count + a;
}

/**
 * Each node joins the block of a median neighbour in the previous layer, left to right; returns
 * each node's block, named by its first node.
 */
function verticalAlignment(layers: number[][], neighbours: number[][], conflicts: Set<number>, count: number): Int32Array {
  const root = new Int32Array(count);
  const align = new Int32Array(count);
  const pos = new Int32Array(count);
  for (const layer of layers) {
    layer.forEach((v, i) => {
      root[v] = v;
      align[v] = v;
      pos[v] = i;
    });
  }
  for (const layer of layers) {
    let previous = -1;
    for (const v of layer) {
      const ws = neighbours[v]!;
      if (ws.length === 0) continue;
      const sorted = ws.length === 1 ? ws : ws.slice().sort((a, b) => pos[a]! - pos[b]!);
      const middle = (sorted.length - 1) / 2;
      for (let i = Math.floor(middle); i <= Math.ceil(middle); i++) {
        const w = sorted[i]!;
        if (align[v] === v && previous < pos[w]! && !conflicts.has(pairKey(v, w, count))) {
          align[w] = v;
          align[v] = root[v] = root[w]!;
          previous = pos[w]!;
        }
      }
    }
  }
  return root;
}

/**
 * Blocks placed as far left as separation allows (a longest path over "left neighbour in
 * some layer" edges), then each pulled right as far as its right neighbours let it.
 */
function horizontalCompaction(
  layers: number[][],
  root: Int32Array,
  separation: (v: number, u: number) => number,
  count: number,
): Float64Array {
  // Edges between blocks: the left block's root → the right one's, at the widest separation.
  const right = new Map<number, Map<number, number>>();
  const left = new Map<number, Map<number, number>>();
  const blocks: number[] = [];
  const isBlock = new Uint8Array(count);
  for (const layer of layers) {
    let u = -1;
    for (const v of layer) {
      const vRoot = root[v]!;
      if (!isBlock[vRoot]) {
        isBlock[vRoot] = 1;
        blocks.push(vRoot);
      }
      if (u >= 0) {
        const uRoot = root[u]!;
        let out = right.get(uRoot);
        if (!out) right.set(uRoot, (out = new Map()));
        const gap = Math.max(separation(v, u), out.get(vRoot) || 0);
        out.set(vRoot, gap);
        let into = left.get(vRoot);
        if (!into) left.set(vRoot, (into = new Map()));
        into.set(uRoot, gap);
      }
      u = v;
    }
  }

  const xs = new Float64Array(count);
  const sorted = topologicalOrder(blocks, right, left, count);
  for (const block of sorted) {
    let at = 0;
    for (const [u, gap] of left.get(block) ?? []) at = Math.max(at, xs[u]! + gap);
    xs[block] = at;
  }
  for (const block of sorted.reverse()) {
    let min = Infinity;
    for (const [w, gap] of right.get(block) ?? []) min = Math.min(min, xs[w]! - gap);
    if (min !== Infinity) xs[block] = Math.max(xs[block]!, min);
  }
  const result = new Float64Array(count);
  for (let v = 0; v < count; v++) result[v] = xs[root[v]!]!;
  return result;
}

/** Blocks with every left neighbour before them (the block graph has no cycle). */
function topologicalOrder(
  blocks: number[],
  right: Map<number, Map<number, number>>,
  left: Map<number, Map<number, number>>,
  count: number,
): number[] {
  const waiting = new Int32Array(count);
  const ready: number[] = [];
  for (const block of blocks) {
    waiting[block] = left.get(block)?.size ?? 0;
    if (waiting[block] === 0) ready.push(block);
  }
  const sorted: number[] = [];
  while (ready.length > 0) {
    const block = ready.pop()!;
    sorted.push(block);
    for (const next of right.get(block)?.keys() ?? []) if (--waiting[next]! === 0) ready.push(next);
  }
  return sorted;
}
