// Checks of a layout's promises, shared by the tests and the benchmark (which reports them
// beside its timings, so a fast but broken layout cannot pass unnoticed).
import type { LayoutInput, LayoutResult, Point } from './types';
import { conventionFor } from './conventions';
import { isBesideRelation } from './layout-graph';

export interface Box {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export function boxesOf(input: LayoutInput, result: LayoutResult): Box[] {
  const boxes: Box[] = [];
  const seen = new Set<string>();
  for (const node of input.nodes) {
    const at = result.nodes.get(node.id);
    if (!at || seen.has(node.id)) continue;
    seen.add(node.id);
    boxes.push({ id: node.id, x: at.x, y: at.y, width: node.width, height: node.height });
  }
  return boxes;
}

/** Pairs of node boxes closer than `margin` on both axes (that is, overlapping once grown). */
export function overlappingPairs(input: LayoutInput, result: LayoutResult, margin: number): [string, string][] {
  const boxes = boxesOf(input, result).sort((a, b) => a.x - b.x);
  const pairs: [string, string][] = [];
  for (let i = 0; i < boxes.length; i++) {
    const a = boxes[i]!;
    for (let j = i + 1; j < boxes.length; j++) {
      const b = boxes[j]!;
      if (b.x >= a.x + a.width + margin) break; // sorted by x: no later box can touch a
      const apartY = b.y >= a.y + a.height + margin || a.y >= b.y + b.height + margin;
      if (!apartY) pairs.push([a.id, b.id]);
    }
  }
  return pairs;
}

/** Everything inside [0, width] × [0, height], and something touching each of x=0 and y=0. */
export function boundsProblems(input: LayoutInput, result: LayoutResult): string[] {
  const problems: string[] = [];
  let minX = Infinity;
  let minY = Infinity;
  for (const box of boxesOf(input, result)) {
    minX = Math.min(minX, box.x);
    minY = Math.min(minY, box.y);
    if (box.x < 0 || box.y < 0 || box.x + box.width > result.width || box.y + box.height > result.height) {
      problems.push(`node ${box.id} outside the bounding box`);
    }
  }
  for (const [id, at] of result.junctions) {
    minX = Math.min(minX, at.x);
    minY = Math.min(minY, at.y);
    if (at.x < 0 || at.y < 0 || at.x > result.width || at.y > result.height) {
      problems.push(`junction ${id} outside the bounding box`);
    }
  }
  for (const [id, route] of result.routes) {
    for (const at of [...[...route.sources.values()].flat(), ...route.target]) {
      minX = Math.min(minX, at.x);
      minY = Math.min(minY, at.y);
      if (at.x < 0 || at.y < 0 || at.x > result.width || at.y > result.height) {
        problems.push(`a bend of link ${id} outside the bounding box`);
      }
    }
  }
  if (minX !== Infinity && (minX > 8 || minY > 8)) problems.push(`origin not at (0,0): ${minX},${minY}`);
  return problems;
}

/** Whether segment pq passes through the inside of the box (touching its border does not count). */
export function segmentCrossesBox(p: Point, q: Point, box: Pick<Box, 'x' | 'y' | 'width' | 'height'>): boolean {
  // Liang–Barsky clipping against the box shrunk by 1 px.
  let t0 = 0;
  let t1 = 1;
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const sides: [number, number][] = [
    [-dx, p.x - (box.x + 1)],
    [dx, box.x + box.width - 1 - p.x],
    [-dy, p.y - (box.y + 1)],
    [dy, box.y + box.height - 1 - p.y],
  ];
  for (const [direction, room] of sides) {
    if (direction === 0) {
      if (room < 0) return false;
      continue;
    }
    const t = room / direction;
    if (direction < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return false;
  }
  return true;
}

/**
 * Links whose connectors, drawn as the canvas draws them, pass through a card: from the middle
 * of the source's side facing the flow, through the route's bends (and the AND junction), to
 * the middle of the target's facing side. Beside links (conflicts_with, overcomes) are left out.
 */
export function linksThroughCards(input: LayoutInput, result: LayoutResult): string[] {
  const direction = conventionFor(input.tree).direction;
  const vertical = direction === 'up' || direction === 'down';
  const targetsBefore = direction === 'up' || direction === 'left'; // targets at smaller coordinates
  const cards = boxesOf(input, result);
  const card = new Map(cards.map((b) => [b.id, b]));
  const handle = (id: string, towardsTarget: boolean): Point => {
    const b = card.get(id)!;
    const nearSide = towardsTarget === targetsBefore;
    if (vertical) return { x: b.x + b.width / 2, y: nearSide ? b.y : b.y + b.height };
    return { x: nearSide ? b.x : b.x + b.width, y: b.y + b.height / 2 };
  };
  const crosses = (path: Point[], own: string[]) =>
    cards.some((b) => !own.includes(b.id) && path.some((p, k) => k > 0 && segmentCrossesBox(path[k - 1]!, p, b)));
  const bad: string[] = [];
  for (const link of input.links) {
    if (!card.has(link.to) || isBesideRelation(input.tree, link.relation)) continue;
    const sources = [...new Set(link.from)].filter((id) => card.has(id) && id !== link.to);
    const route = result.routes.get(link.id);
    const junction = result.junctions.get(link.id);
    const end = junction ?? handle(link.to, false);
    let hit = sources.some((s) => crosses([handle(s, true), ...(route?.sources.get(s) ?? []), end], [s, link.to]));
    if (junction) hit ||= crosses([junction, ...(route?.target ?? []), handle(link.to, false)], [link.to]);
    if (hit) bad.push(link.id);
  }
  return bad;
}
