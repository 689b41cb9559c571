// Arrow keys move the selection between connected nodes: to the linked node that lies most
// nearly in the arrow's direction on screen.
import type { Point } from './edge-geometry';

export type Direction = 'up' | 'down' | 'left' | 'right';

const VECTOR: Record<Direction, Point> = { up: { x: 0, y: -1 }, down: { x: 0, y: 1 }, left: { x: -1, y: 0 }, right: { x: 1, y: 0 } };

/** Node ids linked to `id` (as a source or the target of any link, AND links included). */
export function connectedNodes(id: string, links: { from: string[]; to: string | undefined }[]): Set<string> {
  const result = new Set<string>();
  for (const link of links) {
    if (link.to === undefined) continue;
    if (link.to === id) for (const source of link.from) result.add(source);
    if (link.from.includes(id)) result.add(link.to);
  }
  result.delete(id);
  return result;
}

/** The candidate whose centre lies in the direction (within 60° of it), nearest first, straighter first. */
export function nextInDirection(from: Point, candidates: { id: string; centre: Point }[], direction: Direction): string | undefined {
  const want = VECTOR[direction];
  let best: { id: string; score: number } | undefined;
  for (const candidate of candidates) {
    const dx = candidate.centre.x - from.x;
    const dy = candidate.centre.y - from.y;
    const distance = Math.hypot(dx, dy);
    if (distance === 0) continue;
    const along = (dx * want.x + dy * want.y) / distance;
    if (along < 0.5) continue;
    const score = distance * (2 - along);
    if (!best || score < best.score) best = { id: candidate.id, score };
  }
  return best?.id;
}
