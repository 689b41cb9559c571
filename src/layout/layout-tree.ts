// Positions for one tree: split it into connected pieces, lay each out in the tree's own
// convention (five-box cloud, ladder or layers), then pack the pieces. Synchronous and pure;
// `layoutTree` in index.ts wraps it in a Promise for callers that may run it in a worker.
import type { LayoutInput, LayoutResult, Point } from './types';
import { buildLayoutGraph, connectedPieces, type LayoutGraph } from './layout-graph';
import { conventionFor } from './conventions';
import { findCloud, layoutCloud } from './evaporating-cloud';
import { findLadder, layoutLadder } from './ladder';
import { layoutLayered } from './layered';
import { packPieces } from './pack';
import type { PieceLayout } from './piece';
import { JUNCTION_SIZE } from './spacing';

export function computeLayout(input: LayoutInput): LayoutResult {
  const graph = buildLayoutGraph(input);
  const pieces = connectedPieces(graph);
  const layouts = pieces.map((members) => layoutPiece(graph, members));
  // Biggest piece first; equal sizes keep input order (each piece starts at its first node).
  const order = pieces
    .map((members, i) => ({ i, size: members.length, first: members[0]! }))
    .sort((a, b) => b.size - a.size || a.first - b.first)
    .map(({ i }) => i);
  const offsets = packPieces(layouts, order, conventionFor(graph.tree).direction);

  const result: LayoutResult = { nodes: new Map(), junctions: new Map(), routes: new Map(), width: 0, height: 0 };
  const half = JUNCTION_SIZE / 2;
  layouts.forEach((piece, p) => {
    const offset = offsets[p]!;
    for (const [index, at] of piece.nodes) {
      const node = graph.nodes[index]!;
      const corner = snap(at, offset);
      result.nodes.set(node.id, corner);
      result.width = Math.max(result.width, corner.x + node.width);
      result.height = Math.max(result.height, corner.y + node.height);
    }
    for (const [id, at] of piece.junctions) {
      const centre = snap(at, offset);
      result.junctions.set(id, centre);
      result.width = Math.max(result.width, centre.x + half);
      result.height = Math.max(result.height, centre.y + half);
    }
    const bend = (at: Point) => {
      const point = snap(at, offset);
      result.width = Math.max(result.width, point.x);
      result.height = Math.max(result.height, point.y);
      return point;
    };
    for (const [id, route] of piece.routes) {
      const sources = new Map<string, Point[]>();
      for (const [index, bends] of route.sources) sources.set(graph.nodes[index]!.id, bends.map(bend));
      result.routes.set(id, { sources, target: route.target.map(bend) });
    }
  });
  return result;
}

function layoutPiece(graph: LayoutGraph, members: number[]): PieceLayout {
  if (members.length === 1) {
    const index = members[0]!;
    const node = graph.nodes[index]!;
    return {
      nodes: new Map([[index, { x: 0, y: 0 }]]),
      junctions: new Map(),
      routes: new Map(),
      width: node.width,
      height: node.height,
    };
  }
  const convention = conventionFor(graph.tree);
  if (convention.shape === 'cloud') {
    const cloud = findCloud(graph, members);
    if (cloud) return layoutCloud(graph, cloud);
  }
  if (convention.shape === 'ladder') {
    const ladder = findLadder(graph, members);
    if (ladder) return layoutLadder(graph, ladder);
  }
  return layoutLayered(graph, members, convention.direction);
}

/** Whole pixels: crisp edges, and identical results however the float sums were ordered. */
function snap(at: Point, offset: Point): Point {
  return { x: Math.round(at.x + offset.x), y: Math.round(at.y + offset.y) };
}
