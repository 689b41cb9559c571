// A plain layered placement without dagre, for pieces dagre cannot take: its recursion runs out
// of stack on chains several hundred cards deep. Same ranks and conventions, rows ordered by a
// single sweep from the targets' side; no routing of long links.
import type { Point } from './types';
import type { LayoutGraph } from './layout-graph';
import type { FlowDirection } from './layered';
import { alignJunctions } from './junctions';
import { toPiece, type PieceLayout } from './piece';
import { JUNCTION_SIZE, NODE_GAP, RANK_GAP_HORIZONTAL, RANK_GAP_VERTICAL } from './spacing';

/** `rank[i]` is the rank of members[i]; edges run from lower to higher ranks. */
export function layoutRows(
  graph: LayoutGraph,
  members: number[],
  rank: number[],
  direction: FlowDirection,
): PieceLayout {
  const vertical = direction === 'up' || direction === 'down';
  const local = new Map(members.map((index, i) => [index, i]));
  const links = graph.links.filter((link) => local.has(link.target));
  const targetsOf: number[][] = members.map(() => []);
  for (const link of links) {
    for (const source of link.sources) targetsOf[local.get(source)!]!.push(local.get(link.target)!);
  }
  const top = Math.max(...rank);
  const rows: number[][] = Array.from({ length: top + 1 }, () => []);
  members.forEach((_, i) => rows[rank[i]!]!.push(i));

  // Highest rank (the effects) first, in input order; each lower row by its targets' mean slot.
  const slot = new Array<number>(members.length).fill(0);
  for (let r = top; r >= 0; r--) {
    const row = rows[r]!;
    const key = (i: number) => {
      const placed = targetsOf[i]!.filter((t) => rank[t]! > r);
      return placed.length === 0 ? Infinity : placed.reduce((sum, t) => sum + slot[t]!, 0) / placed.length;
    };
    const keys = new Map(row.map((i) => [i, key(i)]));
    row.sort((a, b) => keys.get(a)! - keys.get(b)! || a - b);
    row.forEach((i, k) => (slot[i] = k));
  }

  const across = (i: number) => (vertical ? graph.nodes[members[i]!]!.width : graph.nodes[members[i]!]!.height);
  const along = (i: number) => (vertical ? graph.nodes[members[i]!]!.height : graph.nodes[members[i]!]!.width);
  const rowLength = (row: number[]) => row.reduce((sum, i) => sum + across(i), 0) + NODE_GAP * Math.max(0, row.length - 1);
  const widest = Math.max(...rows.map(rowLength));
  const rankGap = (vertical ? RANK_GAP_VERTICAL : RANK_GAP_HORIZONTAL) + JUNCTION_SIZE;
  // Rows are laid from the targets' end: top for `up`, left for `left`, and so on.
  const fromTargets = direction === 'up' || direction === 'left';
  const order = fromTargets ? [...rows.keys()].reverse() : [...rows.keys()];

  const nodes = new Map<number, Point>();
  const bands = new Map<number, number>(); // rank → flow position of the junction band before it
  let flow = 0;
  for (const r of order) {
    const row = rows[r]!;
    const thickness = Math.max(0, ...row.map(along));
    let cross = (widest - rowLength(row)) / 2;
    for (const i of row) {
      const offset = (thickness - along(i)) / 2;
      const at = vertical ? { x: cross, y: flow + offset } : { x: flow + offset, y: cross };
      nodes.set(members[i]!, at);
      cross += across(i) + NODE_GAP;
    }
    // The junctions of links into rank r sit in the gap on the sources' side of the row.
    bands.set(r, fromTargets ? flow + thickness + rankGap / 2 : flow - rankGap / 2);
    flow += thickness + rankGap;
  }
  const placed = new Map<string, Point>();
  for (const link of links) {
    if (!link.junction) continue;
    const band = bands.get(rank[local.get(link.target)!]!)!;
    placed.set(link.id, vertical ? { x: 0, y: band } : { x: band, y: 0 });
  }
  const junctionLinks = links.filter((link) => link.junction);
  const junctions = alignJunctions(graph, junctionLinks, nodes, placed, new Map(), vertical);
  return toPiece(graph, nodes, junctions);
}
