// The general layout: layers along the tree's reading direction, with our own ranks (rank.ts),
// placed as dagre would place them (place-layers.ts). An AND junction sits in the gap just
// before its target, so every source runs into it and one arrow leaves it. Nodes joined by a
// "beside" relation (conflicts_with, overcomes) share a rank, next to each other, with room
// between them for the relation's label.
import type { FlowDirection, Point } from './types';
import type { LayoutGraph } from './layout-graph';
import { isBesideRelation } from './layout-graph';
import { alignJunctions, junctionBands } from './junctions';
import { rowExtents, type RowExtent } from './row-extents';
import { placeLayers, type PlaceEdge, type PlaceNode } from './place-layers';
import { assignRanks, type RankEdge } from './rank';
import { toPiece, type PieceLayout, type PieceRoute } from './piece';
import { CONFLICT_GAP, NODE_GAP, RANK_GAP_HORIZONTAL, RANK_GAP_VERTICAL } from './spacing';

const RANKDIR = { up: 'BT', down: 'TB', left: 'RL', right: 'LR' } as const;

/**
 * A card rank r is placement rank 2r, as in dagre (which doubles every edge's length to make room
 * for labels): every edge then crosses at least one rank, whose dummy gives a bend point.
 */
const RANK_STEP = 2;

/** Lays out the nodes `members` (indices into graph.nodes) and the links among them. */
export function layoutLayered(
  graph: LayoutGraph,
  members: number[],
  direction: FlowDirection,
): PieceLayout {
  const local = new Map(members.map((index, i) => [index, i]));
  const links = graph.links.filter((link) => local.has(link.target));
  const isBeside = (link: (typeof links)[number]) =>
    !link.junction && isBesideRelation(graph.tree, link.relation);
  const edges: RankEdge[] = [];
  const beside: RankEdge[] = [];
  for (const link of links) {
    const to = local.get(link.target)!;
    for (const source of link.sources) {
      (isBeside(link) ? beside : edges).push({ from: local.get(source)!, to });
    }
  }
  return layoutPlaced(graph, members, direction, assignRanks(members.length, edges, beside));
}

function layoutPlaced(
  graph: LayoutGraph,
  members: number[],
  direction: FlowDirection,
  rank: number[],
): PieceLayout {
  const local = new Map(members.map((index, i) => [index, i]));
  const links = graph.links.filter((link) => local.has(link.target));
  const isBeside = (link: (typeof links)[number]) =>
    !link.junction && isBesideRelation(graph.tree, link.relation);
  const vertical = direction === 'up' || direction === 'down';
  const rankGap = vertical ? RANK_GAP_VERTICAL : RANK_GAP_HORIZONTAL;
  // Node i < members.length is members[i]; spacers follow.
  const placeNodes: PlaceNode[] = members.map((index, i) => {
    const node = graph.nodes[index]!;
    return { width: node.width, height: node.height, rank: RANK_STEP * rank[i]! };
  });

  // Each edge runs from one source of a link to its target; an AND junction is not a node (it
  // sits in the gap just before the target, see junctions.ts), but its sources still pull
  // towards the target. Edges run up the ranks, so a cycle's edge is reversed.
  const connectors: Connector[] = [];
  const edges: PlaceEdge[] = [];
  const connect = (part: Pick<Connector, 'link' | 'source' | 'target' | 'junction'>, a: number, b: number) => {
    const aRank = placeNodes[a]!.rank;
    const bRank = placeNodes[b]!.rank;
    if (aRank === bRank) return;
    const reversed = aRank > bRank;
    connectors.push({ ...part, edge: edges.length, reversed, low: Math.min(aRank, bRank), span: Math.abs(bRank - aRank) });
    edges.push(reversed ? { from: b, to: a } : { from: a, to: b });
  };
  const order = new BesideOrder();
  for (const link of links) {
    const to = local.get(link.target)!;
    if (isBeside(link)) {
      const [left, right] = besideSides(graph, link.sources[0]!, link.target);
      if (left !== right) order.add(local.get(left)!, local.get(right)!);
      continue;
    }
    for (const source of link.sources) {
      connect({ link: link.id, source, target: link.target, junction: link.junction }, local.get(source)!, to);
    }
  }

  // A spacer between the two sides of a beside pair keeps room for the relation's label.
  const besideGap = vertical ? RANK_GAP_HORIZONTAL : CONFLICT_GAP;
  const spacer = Math.max(0, besideGap - 2 * NODE_GAP);
  const besideRuns = order.pairs.map(([left, right]): [number, number, number] => {
    placeNodes.push({ width: vertical ? spacer : 0, height: vertical ? 0 : spacer, rank: RANK_STEP * rank[left]! });
    return [left, placeNodes.length - 1, right];
  });
  const placed = placeLayers(placeNodes, edges, {
    rankdir: RANKDIR[direction],
    nodesep: NODE_GAP,
    edgesep: NODE_GAP / 2,
    // Half a rank gap between rows: two ranks separate two card ranks.
    ranksep: rankGap / RANK_STEP,
    arrange: besideRuns.length === 0 ? undefined : (layers, rankOf) => keepBesideTogether(layers, rankOf, besideRuns),
  });

  const nodes = new Map<number, Point>();
  members.forEach((index, i) => {
    const at = placed.centres[i]!;
    const node = graph.nodes[index]!;
    nodes.set(index, { x: at.x - node.width / 2, y: at.y - node.height / 2 });
  });
  const rankOf = new Map(members.map((index, i) => [index, rank[i]!]));
  const rows = rowExtents(graph, nodes, rankOf, vertical);
  const bands = junctionBands(rows, direction, rankGap);
  const junctionsAt = new Map<string, Point>();
  for (const link of links) {
    if (!link.junction) continue;
    const band = bands.get(rankOf.get(link.target)!)!;
    junctionsAt.set(link.id, vertical ? { x: 0, y: band } : { x: band, y: 0 });
  }
  const routes = routesOf(placed.bends, connectors, { graph, nodes, rows, rankOf, direction });
  const junctionLinks = links.filter((link) => link.junction);
  const junctions = alignJunctions(graph, junctionLinks, nodes, junctionsAt, routes, vertical);
  return toPiece(graph, nodes, junctions, routes);
}

/** Which end of a beside link goes first (left, or top when arrows run sideways). */
function besideSides(graph: LayoutGraph, a: number, b: number): [number, number] {
  const aIsObstacle = graph.nodes[a]!.kind === 'obstacle';
  const bIsObstacle = graph.nodes[b]!.kind === 'obstacle';
  // An obstacle goes right of what overcomes it; otherwise input order decides.
  if (aIsObstacle !== bIsObstacle) return aIsObstacle ? [b, a] : [a, b];
  return a < b ? [a, b] : [b, a];
}

/**
 * The beside pairs to keep together, as [left, right]. A pair whose order already follows from
 * the pairs kept (or contradicts them, closing a loop of "left of") is dropped, so the pairs
 * never fight each other.
 */
class BesideOrder {
  readonly pairs: [number, number][] = [];
  private readonly right = new Map<number, number[]>();

  add(left: number, right: number): void {
    if (this.reaches(left, right) || this.reaches(right, left)) return;
    this.pairs.push([left, right]);
    const list = this.right.get(left);
    if (list) list.push(right);
    else this.right.set(left, [right]);
  }

  private reaches(from: number, to: number): boolean {
    const seen = new Set<number>([from]);
    const stack = [from];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node === to) return true;
      for (const next of this.right.get(node) ?? []) {
        if (!seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
    return false;
  }
}

/**
 * After crossing reduction, moves the spacer and right side of each beside pair to just after
 * its left side in their rank (crossing reduction knows nothing of pairs, and an obstacle
 * joined only by `overcomes` has no edge at all).
 */
function keepBesideTogether(layers: number[][], rankOf: number[], runs: [number, number, number][]): void {
  for (const [left, spacer, right] of runs) {
    const layer = layers[rankOf[left]!]!;
    if (!layer.includes(spacer) || !layer.includes(right)) continue;
    layer.splice(layer.indexOf(spacer), 1);
    layer.splice(layer.indexOf(right), 1);
    layer.splice(layer.indexOf(left) + 1, 0, spacer, right);
  }
}

interface Connector {
  link: string;
  /** Node indices of the two ends. */
  source: number;
  target: number;
  /** True when the connector ends at the link's AND junction, not at the target. */
  junction: boolean;
  /** Index of its edge in the placement. */
  edge: number;
  reversed: boolean;
  /** The lower end's rank, and how many ranks (two per card rank) the edge spans. */
  low: number;
  span: number;
}

interface RouteContext {
  graph: LayoutGraph;
  nodes: Map<number, Point>;
  rows: Map<number, RowExtent>;
  rankOf: Map<number, number>;
  direction: FlowDirection;
}

/**
 * Bend points that keep every connector clear of the cards, assuming it leaves the middle of
 * its source's side facing the target and reaches the middle of the target's facing side:
 * - when a card is shorter than its row, a straight stub first takes the connector out to the
 *   row's edge, so a slanting connector cannot clip a taller neighbour;
 * - a connector that skips ranks crosses each row in between straight, from edge to edge, at
 *   the gap the placement kept free for it (one bend point per placement rank crossed).
 * A connector closing a cycle (drawn against the flow) gets only the row crossings.
 */
function routesOf(chains: Point[][], connectors: Connector[], context: RouteContext): Map<string, PieceRoute> {
  const { graph, nodes, rows, rankOf, direction } = context;
  const vertical = direction === 'up' || direction === 'down';
  // Lower ranks lie at larger coordinates when arrows point up or left.
  const lowSideIsFar = direction === 'up' || direction === 'left';
  const point = (across: number, along: number): Point => (vertical ? { x: across, y: along } : { x: along, y: across });
  const centreAcross = (index: number) =>
    vertical ? nodes.get(index)!.x + graph.nodes[index]!.width / 2 : nodes.get(index)!.y + graph.nodes[index]!.height / 2;
  /** The card's edge and its row's edge on the side facing higher ranks (or lower ones). */
  const edges = (index: number, facingHigher: boolean): [number, number] => {
    const at = vertical ? nodes.get(index)!.y : nodes.get(index)!.x;
    const size = vertical ? graph.nodes[index]!.height : graph.nodes[index]!.width;
    const row = rows.get(rankOf.get(index)!)!;
    const far = facingHigher !== lowSideIsFar;
    return far ? [at + size, row.far] : [at, row.near];
  };
  const stub = (index: number, facingHigher: boolean): Point[] => {
    const [card, row] = edges(index, facingHigher);
    return Math.abs(card - row) < 0.5 ? [] : [point(centreAcross(index), row)];
  };

  const routes = new Map<string, PieceRoute>();
  const routeOf = (link: string) => {
    let route = routes.get(link);
    if (!route) routes.set(link, (route = { sources: new Map(), target: [] }));
    return route;
  };
  for (const connector of connectors) {
    const crossings: Point[] = [];
    if (connector.span > RANK_STEP) {
      const points = chains[connector.edge]!;
      for (let k = 1; k < connector.span; k++) {
        const at = points[k - 1];
        const placeRank = connector.low + k;
        const row = rows.get(placeRank / RANK_STEP);
        if (!at || placeRank % RANK_STEP !== 0 || !row) continue;
        const [enter, leave] = lowSideIsFar ? [row.far, row.near] : [row.near, row.far];
        const across = vertical ? at.x : at.y;
        crossings.push(point(across, enter), point(across, leave));
      }
    }
    const bends = connector.reversed
      ? crossings.reverse()
      : [
          ...stub(connector.source, true),
          ...crossings,
          ...(connector.junction ? [] : stub(connector.target, false)),
        ];
    if (bends.length > 0) routeOf(connector.link).sources.set(connector.source, bends);
  }
  // The last stretch of an AND link: from its junction into the target.
  const junctionTargets = new Map<string, number>();
  for (const connector of connectors) if (connector.junction) junctionTargets.set(connector.link, connector.target);
  for (const [link, target] of junctionTargets) {
    const bends = stub(target, false);
    if (bends.length > 0) routeOf(link).target = bends;
  }
  return routes;
}
