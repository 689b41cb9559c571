// The Prerequisite Tree as a ladder: the objective at the top, the intermediate objectives
// stacked below it in the order their necessary_for / precedes chain gives, and each obstacle
// to the right of the intermediate objective that overcomes it. Used only when a piece is that
// regular; anything else is drawn by the layered layout.
import type { Point } from './types';
import type { LayoutGraph } from './layout-graph';
import { toPiece, type PieceLayout } from './piece';
import { NODE_GAP, RANK_GAP_HORIZONTAL, RANK_GAP_VERTICAL } from './spacing';

export interface LadderShape {
  /** The chain from the top (the objective) down. */
  rungs: number[];
  /** Obstacles beside each rung, in input order. */
  obstacles: Map<number, number[]>;
}

/**
 * The ladder in `members` when its non-obstacle nodes form one simple chain (single-source
 * links, at most one link in and one out each) and every obstacle is joined only by
 * `overcomes` links to one node of that chain; otherwise undefined.
 */
export function findLadder(graph: LayoutGraph, members: number[]): LadderShape | undefined {
  const inPiece = new Set(members);
  const isObstacle = (i: number) => graph.nodes[i]!.kind === 'obstacle';
  const next = new Map<number, Set<number>>();
  const previous = new Map<number, Set<number>>();
  const beside = new Map<number, Set<number>>();
  const add = (map: Map<number, Set<number>>, key: number, value: number) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(value);
  };
  for (const link of graph.links) {
    if (!inPiece.has(link.target)) continue;
    if (link.sources.length !== 1) return undefined;
    const source = link.sources[0]!;
    if (source === link.target) return undefined;
    const obstacleEnds = Number(isObstacle(source)) + Number(isObstacle(link.target));
    if (link.relation === 'overcomes' && obstacleEnds === 1) {
      const [obstacle, rung] = isObstacle(source) ? [source, link.target] : [link.target, source];
      add(beside, obstacle, rung);
    } else if (obstacleEnds === 0) {
      add(next, source, link.target);
      add(previous, link.target, source);
    } else return undefined;
  }
  const steps = members.filter((i) => !isObstacle(i));
  const tops = steps.filter((i) => !next.has(i));
  if (tops.length !== 1) return undefined;
  if (steps.some((i) => (next.get(i)?.size ?? 0) > 1 || (previous.get(i)?.size ?? 0) > 1)) {
    return undefined;
  }
  const rungs = [tops[0]!];
  for (let below = previous.get(tops[0]!); below; below = previous.get(rungs[rungs.length - 1]!)) {
    const step = [...below][0]!;
    if (rungs.includes(step)) return undefined;
    rungs.push(step);
  }
  if (rungs.length !== steps.length) return undefined;

  const obstacles = new Map<number, number[]>(rungs.map((rung) => [rung, []]));
  for (const obstacle of members.filter(isObstacle)) {
    const rungsBeside = beside.get(obstacle);
    if (!rungsBeside || rungsBeside.size !== 1) return undefined;
    obstacles.get([...rungsBeside][0]!)!.push(obstacle);
  }
  return { rungs, obstacles };
}

/**
 * One rung per chain node, top down. Several obstacles of one rung stand in a column to its
 * right, centred on it, so each arrow reaches its obstacle without crossing another card.
 */
export function layoutLadder(graph: LayoutGraph, ladder: LadderShape): PieceLayout {
  const box = (i: number) => graph.nodes[i]!;
  const columnWidth = Math.max(...ladder.rungs.map((i) => box(i).width));
  const obstacleX = columnWidth + RANK_GAP_HORIZONTAL;
  const nodes = new Map<number, Point>();
  let top = 0;
  for (const rung of ladder.rungs) {
    const besides = ladder.obstacles.get(rung)!;
    const stack = besides.reduce((sum, i) => sum + box(i).height, 0) + NODE_GAP * Math.max(0, besides.length - 1);
    const height = Math.max(box(rung).height, stack);
    const centreY = top + height / 2;
    nodes.set(rung, { x: (columnWidth - box(rung).width) / 2, y: centreY - box(rung).height / 2 });
    let y = centreY - stack / 2;
    for (const obstacle of besides) {
      nodes.set(obstacle, { x: obstacleX, y });
      y += box(obstacle).height + NODE_GAP;
    }
    top += height + RANK_GAP_VERTICAL;
  }
  return toPiece(graph, nodes, new Map());
}
