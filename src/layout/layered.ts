// The general layout: layers along the tree's reading direction, computed by dagre with our own
// ranks (see rank.ts). An AND junction sits in the gap just before its target, so every source
// runs into it and one arrow leaves it. Nodes joined by a "beside" relation (conflicts_with,
// overcomes) share a rank, next to each other, with room between them for the relation's label.
import dagre, { type Graph } from '@dagrejs/dagre';
import type { Point } from './types';
import type { LayoutGraph } from './layout-graph';
import { isBesideRelation } from './layout-graph';
import { alignJunctions, junctionBands } from './junctions';
import { rowExtents, type RowExtent } from './row-extents';
import { layoutRows } from './rows';
import { canOrderFlat, orderLayers } from './crossing-order';
import { assignRanks, type RankEdge } from './rank';
import { toPiece, type PieceLayout, type PieceRoute } from './piece';
import { CONFLICT_GAP, NODE_GAP, RANK_GAP_HORIZONTAL, RANK_GAP_VERTICAL } from './spacing';

/** Where arrows point: `up` = causes below effects; `left` = targets on the left. */
export type FlowDirection = 'up' | 'down' | 'left' | 'right';

const RANKDIR = { up: 'BT', down: 'TB', left: 'RL', right: 'LR' } as const;

/**
 * dagre draws an edge only when it spans two or more of its ranks (its own layouts double every
 * edge's length for labels), so a card rank r becomes dagre rank 2r.
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
  const rank = assignRanks(members.length, edges, beside);
  try {
    return layoutWithDagre(graph, members, direction, rank);
  } catch {
    // dagre recurses once per rank and overflows the stack on chains hundreds of cards deep.
    return layoutRows(graph, members, rank, direction);
  }
}

function layoutWithDagre(
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
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({
    rankdir: RANKDIR[direction],
    ranker: 'none',
    nodesep: NODE_GAP,
    edgesep: NODE_GAP / 2,
    // dagre halves ranksep, and RANK_STEP dagre ranks separate two card ranks.
    ranksep: (2 * rankGap) / RANK_STEP,
  });
  g.setDefaultEdgeLabel(() => ({}));
  // Internal names keep dagre's object keys free of user ids ("__proto__", "12" reordering).
  members.forEach((index, i) => {
    const node = graph.nodes[index]!;
    g.setNode(`n${i}`, { width: node.width, height: node.height, rank: RANK_STEP * rank[i]! });
  });

  // Each dagre edge runs from one source of a link to its target; an AND junction is not a dagre
  // node (it sits in the gap just before the target, see junctions.ts), but its sources still
  // pull towards the target. Edges run up the ranks, so a cycle's edge is reversed.
  const connectors: Connector[] = [];
  const connect = (
    part: Pick<Connector, 'link' | 'source' | 'target' | 'junction'>,
    a: string,
    aRank: number,
    b: string,
    bRank: number,
  ) => {
    if (aRank === bRank) return;
    const reversed = aRank > bRank;
    const [from, to] = reversed ? [b, a] : [a, b];
    const name = `e${connectors.length}`;
    const low = Math.min(aRank, bRank);
    connectors.push({ ...part, name, from, to, reversed, low, span: Math.abs(bRank - aRank) });
    g.setEdge(from, to, {}, name);
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
      const from = local.get(source)!;
      const part = { link: link.id, source, target: link.target, junction: link.junction };
      connect(part, `n${from}`, RANK_STEP * rank[from]!, `n${to}`, RANK_STEP * rank[to]!);
    }
  }

  // A spacer between the two sides of a beside pair keeps room for the relation's label.
  const besideGap = vertical ? RANK_GAP_HORIZONTAL : CONFLICT_GAP;
  const spacer = Math.max(0, besideGap - 2 * NODE_GAP);
  const besideRuns: string[][] = order.pairs.map(([left, right], p) => {
    g.setNode(`s${p}`, {
      width: vertical ? spacer : 0,
      height: vertical ? 0 : spacer,
      rank: RANK_STEP * rank[left]!,
    });
    return [`n${left}`, `s${p}`, `n${right}`];
  });
  dagre.layout(g, {
    customOrder(layoutGraph, defaultOrder) {
      // The same order as dagre's own, found in a fraction of the time (crossing-order.ts).
      if (canOrderFlat(layoutGraph)) orderLayers(layoutGraph);
      else defaultOrder(layoutGraph);
      if (besideRuns.length > 0) keepBesideTogether(layoutGraph, besideRuns);
    },
  });

  const nodes = new Map<number, Point>();
  members.forEach((index, i) => {
    const at = g.node(`n${i}`);
    const node = graph.nodes[index]!;
    nodes.set(index, { x: at.x! - node.width / 2, y: at.y! - node.height / 2 });
  });
  const rankOf = new Map(members.map((index, i) => [index, rank[i]!]));
  const rows = rowExtents(graph, nodes, rankOf, vertical);
  const bands = junctionBands(rows, direction, rankGap);
  const placed = new Map<string, Point>();
  for (const link of links) {
    if (!link.junction) continue;
    const band = bands.get(rankOf.get(link.target)!)!;
    placed.set(link.id, vertical ? { x: 0, y: band } : { x: band, y: 0 });
  }
  const routes = routesOf(g, connectors, { graph, nodes, rows, rankOf, direction });
  const junctionLinks = links.filter((link) => link.junction);
  const junctions = alignJunctions(graph, junctionLinks, nodes, placed, routes, vertical);
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
 * After dagre's crossing reduction, moves the spacer and right side of each beside pair to
 * just after its left side in their rank. (dagre's own order constraints skip nodes without
 * edges, such as an obstacle joined only by `overcomes`.)
 */
function keepBesideTogether(layoutGraph: Graph, runs: string[][]): void {
  const layers = new Map<number, string[]>();
  for (const name of layoutGraph.nodes()) {
    const label = layoutGraph.node(name);
    if (typeof label?.rank !== 'number') continue;
    let layer = layers.get(label.rank);
    if (!layer) layers.set(label.rank, (layer = []));
    layer.push(name);
  }
  for (const layer of layers.values()) layer.sort((a, b) => layoutGraph.node(a).order! - layoutGraph.node(b).order!);
  for (const [left, spacer, right] of runs as [string, string, string][]) {
    const layer = layers.get(layoutGraph.node(left).rank!);
    if (!layer || !layer.includes(spacer) || !layer.includes(right)) continue;
    layer.splice(layer.indexOf(spacer), 1);
    layer.splice(layer.indexOf(right), 1);
    layer.splice(layer.indexOf(left) + 1, 0, spacer, right);
  }
  for (const layer of layers.values()) layer.forEach((name, i) => (layoutGraph.node(name).order = i));
}

interface Connector {
  link: string;
  /** Node indices of the two ends. */
  source: number;
  target: number;
  /** True when the connector ends at the link's AND junction, not at the target. */
  junction: boolean;
  name: string;
  from: string;
  to: string;
  reversed: boolean;
  /** The lower end's dagre rank, and how many dagre ranks the edge spans. */
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
 *   the gap dagre kept free for it (dagre's points: the two node intersections and one point per
 *   dagre rank crossed).
 * A connector closing a cycle (drawn against the flow) gets only the row crossings.
 */
function routesOf(g: Graph, connectors: Connector[], context: RouteContext): Map<string, PieceRoute> {
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
      const points = g.edge(connector.from, connector.to, connector.name)?.points ?? [];
      for (let k = 1; k < connector.span; k++) {
        const at = points[k];
        const dagreRank = connector.low + k;
        const row = rows.get(dagreRank / RANK_STEP);
        if (!at || dagreRank % RANK_STEP !== 0 || !row) continue;
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
