// Cards closer than the usual gap are moved apart along the tree's arrows, each only as far as
// needed: the card met first in reading order stays, the next goes just past it. Used where an
// arrangement drawn with one card size is drawn with another (a picture of the tree), and where a
// card grew.
import { conventionFor } from './conventions';
import { RectGrid, type Box } from './spatial-grid';
import type { Point } from './types';

export interface RoomCard extends Box {
  id: string;
}

/** The new top-left corners of the cards that had to move. */
export function makeRoom(tree: string, cards: readonly RoomCard[], gap: number): Map<string, Point> {
  const direction = conventionFor(tree).direction;
  const vertical = direction === 'up' || direction === 'down';
  const ordered = [...cards].sort((a, b) => (vertical ? a.y - b.y || a.x - b.x : a.x - b.x || a.y - b.y));
  const grid = new RectGrid<Box>(320);
  const moved = new Map<string, Point>();
  for (const card of ordered) {
    const at = { x: card.x, y: card.y };
    for (let tries = 0; tries < 1000; tries++) {
      const probe = { x: at.x - gap, y: at.y - gap, width: card.width + 2 * gap, height: card.height + 2 * gap };
      const hit = grid.near(probe).filter((r) => probe.x < r.x + r.width && r.x < probe.x + probe.width && probe.y < r.y + r.height && r.y < probe.y + probe.height);
      if (hit.length === 0) break;
      if (vertical) at.y = Math.max(...hit.map((r) => r.y + r.height)) + gap;
      else at.x = Math.max(...hit.map((r) => r.x + r.width)) + gap;
    }
    if (at.x !== card.x || at.y !== card.y) moved.set(card.id, at);
    grid.add({ x: at.x, y: at.y, width: card.width, height: card.height });
  }
  return moved;
}
