// Where an AND junction sits: in the gap between its target's row and the next row towards the
// sources, and across the flow under the target, leaning towards where the sources arrive from,
// never on top of another junction of the same gap. Only junctions and connectors share that
// gap (cards and bends are on the rows), so nothing else can be hit.
import type { Point } from './types';
import type { GraphLink, LayoutGraph } from './layout-graph';
import type { PieceRoute } from './piece';
import type { FlowDirection } from './types';
import type { RowExtent } from './row-extents';
import { JUNCTION_SIZE } from './spacing';

/** Centre-to-centre distance between two junctions in one band. */
const JUNCTION_SPACING = JUNCTION_SIZE + 24;
/** How far from a target's corner its junction may go, so the last arrow still meets it. */
const TARGET_INSET = 24;

/**
 * `placed` holds each junction's band (its position along the flow is kept); `vertical` is true
 * when arrows run up or down, so "across the flow" is x.
 */
export function alignJunctions(
  graph: LayoutGraph,
  links: GraphLink[],
  nodes: Map<number, Point>,
  placed: Map<string, Point>,
  routes: Map<string, PieceRoute>,
  vertical: boolean,
): Map<string, Point> {
  const across = (at: Point) => (vertical ? at.x : at.y);
  const along = (at: Point) => (vertical ? at.y : at.x);
  const bands = new Map<number, { id: string; want: number }[]>();
  for (const link of links) {
    const at = placed.get(link.id);
    if (!at) continue;
    const arrivals = link.sources.map((source) => {
      const bends = routes.get(link.id)?.sources.get(source);
      const last = bends?.[bends.length - 1];
      return last ? across(last) : centreAcross(graph, nodes, source, vertical);
    });
    const mean = arrivals.reduce((sum, x) => sum + x, 0) / arrivals.length;
    const target = graph.nodes[link.target]!;
    const start = across(nodes.get(link.target)!);
    const size = vertical ? target.width : target.height;
    const inset = Math.min(TARGET_INSET, size / 2);
    const want = Math.min(Math.max(mean, start + inset), start + size - inset);
    const band = Math.round(along(at));
    let list = bands.get(band);
    if (!list) bands.set(band, (list = []));
    list.push({ id: link.id, want });
  }
  const result = new Map<string, Point>();
  for (const [band, list] of bands) {
    const spots = spreadApart(list.map((entry) => entry.want), JUNCTION_SPACING);
    list.forEach((entry, i) => {
      const spot = spots[i]!;
      result.set(entry.id, vertical ? { x: spot, y: band } : { x: band, y: spot });
    });
  }
  return result;
}

/**
 * For each rank, the middle of the gap between its row of cards and the row on its sources'
 * side (rank − 1): where the junctions of links into that rank sit.
 */
export function junctionBands(
  rows: Map<number, RowExtent>,
  direction: FlowDirection,
  rankGap: number,
): Map<number, number> {
  // `up` and `left` put sources at larger coordinates than their targets.
  const sourcesAfter = direction === 'up' || direction === 'left';
  const bands = new Map<number, number>();
  for (const [r, row] of rows) {
    const next = rows.get(r - 1);
    if (sourcesAfter) bands.set(r, next ? (row.far + next.near) / 2 : row.far + rankGap / 2);
    else bands.set(r, next ? (next.far + row.near) / 2 : row.near - rankGap / 2);
  }
  return bands;
}

function centreAcross(graph: LayoutGraph, nodes: Map<number, Point>, index: number, vertical: boolean): number {
  const at = nodes.get(index)!;
  const node = graph.nodes[index]!;
  return vertical ? at.x + node.width / 2 : at.y + node.height / 2;
}

/**
 * Positions as close to `wants` as possible with at least `gap` between any two: clusters that
 * would collide are merged and centred on their members' mean. Returned in the input's order.
 */
export function spreadApart(wants: number[], gap: number): number[] {
  const order = wants.map((want, i) => ({ want, i })).sort((a, b) => a.want - b.want || a.i - b.i);
  const clusters: { members: number[]; sum: number; start: number }[] = [];
  for (const { want, i } of order) {
    clusters.push({ members: [i], sum: want, start: want });
    while (clusters.length > 1) {
      const last = clusters[clusters.length - 1]!;
      const previous = clusters[clusters.length - 2]!;
      if (previous.start + previous.members.length * gap <= last.start) break;
      clusters.pop();
      previous.members.push(...last.members);
      previous.sum += last.sum;
      previous.start = previous.sum / previous.members.length - ((previous.members.length - 1) * gap) / 2;
    }
  }
  const spots = new Array<number>(wants.length);
  for (const cluster of clusters) cluster.members.forEach((i, k) => (spots[i] = cluster.start + k * gap));
  return spots;
}
