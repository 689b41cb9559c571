// The classic five-box Evaporating Cloud:
//
//                 [need A] ← [prerequisite A]
//   [objective] ←                 ┆ conflict
//                 [need B] ← [prerequisite B]
//
// used only when a piece is exactly that cloud; anything else is drawn by the layered layout.
import type { Point } from './types';
import type { LayoutGraph } from './layout-graph';
import { toPiece, type PieceLayout } from './piece';
import { CONFLICT_GAP, RANK_GAP_HORIZONTAL } from './spacing';

export interface CloudShape {
  objective: number;
  /** The two needs, the upper one first. */
  needs: [number, number];
  /** prerequisites[i] is the one beside needs[i]. */
  prerequisites: [number, number];
}

/**
 * The cloud's parts when `members` is exactly one objective, two needs and two prerequisites,
 * each need linked to the objective, each prerequisite to its own need, the prerequisites
 * joined by `conflicts_with`, and no other link; otherwise undefined.
 */
export function findCloud(graph: LayoutGraph, members: number[]): CloudShape | undefined {
  if (members.length !== 5) return undefined;
  const ofKind = (kind: string) => members.filter((i) => graph.nodes[i]!.kind === kind);
  const objectives = ofKind('objective');
  const needs = ofKind('need');
  const prerequisites = ofKind('prerequisite');
  if (objectives.length !== 1 || needs.length !== 2 || prerequisites.length !== 2) return undefined;
  const objective = objectives[0]!;
  const [p0, p1] = prerequisites as [number, number];

  const needServes = new Set<number>();
  const needOf = new Map<number, Set<number>>([
    [p0, new Set()],
    [p1, new Set()],
  ]);
  let conflict = false;
  const members5 = new Set(members);
  for (const link of graph.links) {
    if (!members5.has(link.target)) continue;
    if (link.relation === 'conflicts_with') {
      const ends = new Set([...link.sources, link.target]);
      if (link.sources.length !== 1 || ends.size !== 2 || !ends.has(p0) || !ends.has(p1)) {
        return undefined;
      }
      conflict = true;
      continue;
    }
    for (const source of link.sources) {
      if (needs.includes(source) && link.target === objective) needServes.add(source);
      else if (needOf.has(source) && needs.includes(link.target)) needOf.get(source)!.add(link.target);
      else return undefined;
    }
  }
  if (!conflict || needServes.size !== 2) return undefined;
  const need0 = [...needOf.get(p0)!];
  const need1 = [...needOf.get(p1)!];
  if (need0.length !== 1 || need1.length !== 1 || need0[0] === need1[0]) return undefined;
  // The need listed first in the file goes on top.
  const upper = Math.min(needs[0]!, needs[1]!);
  const upperPrerequisite = need0[0] === upper ? p0 : p1;
  const lowerPrerequisite = upperPrerequisite === p0 ? p1 : p0;
  const lower = upper === needs[0] ? needs[1]! : needs[0]!;
  return {
    objective,
    needs: [upper, lower],
    prerequisites: [upperPrerequisite, lowerPrerequisite],
  };
}

/** Places the five boxes: three columns, each prerequisite level with its need. */
export function layoutCloud(graph: LayoutGraph, cloud: CloudShape): PieceLayout {
  const box = (i: number) => graph.nodes[i]!;
  const [needA, needB] = cloud.needs;
  const [prereqA, prereqB] = cloud.prerequisites;
  const objective = box(cloud.objective);
  const needsWidth = Math.max(box(needA).width, box(needB).width);
  const needsX = objective.width + RANK_GAP_HORIZONTAL;
  const prereqX = needsX + needsWidth + RANK_GAP_HORIZONTAL;
  const rowA = Math.max(box(needA).height, box(prereqA).height);
  const rowB = Math.max(box(needB).height, box(prereqB).height);
  const centreA = rowA / 2;
  const centreB = rowA + CONFLICT_GAP + rowB / 2;
  const objectiveCentre = (centreA + centreB) / 2;

  const nodes = new Map<number, Point>();
  const place = (i: number, x: number, centreY: number) =>
    nodes.set(i, { x, y: centreY - box(i).height / 2 });
  place(cloud.objective, 0, objectiveCentre);
  place(needA, needsX, centreA);
  place(needB, needsX, centreB);
  place(prereqA, prereqX, centreA);
  place(prereqB, prereqX, centreB);

  // An AND link from both needs to the objective merges halfway between the two columns.
  const junctions = new Map<string, Point>();
  for (const link of graph.links) {
    if (!link.junction || !nodes.has(link.target)) continue;
    junctions.set(link.id, { x: objective.width + RANK_GAP_HORIZONTAL / 2, y: objectiveCentre });
  }
  return toPiece(graph, nodes, junctions);
}
