// A picture of a tree drawn as people arranged it on the canvas (the arrangement kept beside
// the file): each card where it was put, cards the arrangement does not know placed next to what
// they link to, all spread a little so the picture's slightly wider cards keep their gaps.
import { CARD_WIDTH, computeLayout, makeRoom, placeNewCards, type LayoutResult, type LinkRoute, type Point } from '../layout';
import { SVG_CARD_WIDTH } from './card';
import type { LayoutOf } from './layout-memo';

/** The least room kept between two cards of a picture drawn from an arrangement. */
const PICTURE_GAP = 24;

/**
 * The layout to draw with: the arrangement where it places the tree's cards, else `layoutOf`'s
 * automatic one. Links between cards the arrangement moved are drawn straight (their automatic
 * bends would go round cards that are elsewhere now).
 */
export function arrangedLayout(arrangement: ReadonlyMap<string, Point> | undefined, layoutOf: LayoutOf = computeLayout): LayoutOf {
  if (!arrangement || arrangement.size === 0) return layoutOf;
  return (input) => {
    const spread = SVG_CARD_WIDTH / CARD_WIDTH;
    const known = new Map<string, Point>();
    for (const node of input.nodes) {
      const at = arrangement.get(node.id);
      if (at) known.set(node.id, { x: at.x * spread, y: at.y });
    }
    if (known.size === 0) return layoutOf(input);
    const placed = new Map([...known, ...placeNewCards({ ...input, known })]);
    const sizes = new Map(input.nodes.map((n) => [n.id, n]));
    const roomy = makeRoom(input.tree, [...placed].map(([id, at]) => ({ id, ...at, width: sizes.get(id)!.width, height: sizes.get(id)!.height })), PICTURE_GAP);
    for (const [id, at] of roomy) placed.set(id, at);

    // Whole pixels, from (0,0).
    let minX = Infinity;
    let minY = Infinity;
    for (const at of placed.values()) {
      minX = Math.min(minX, at.x);
      minY = Math.min(minY, at.y);
    }
    const result: LayoutResult = { nodes: new Map(), junctions: new Map(), routes: new Map<string, LinkRoute>(), width: 0, height: 0 };
    for (const [id, at] of placed) {
      const corner = { x: Math.round(at.x - minX), y: Math.round(at.y - minY) };
      result.nodes.set(id, corner);
      result.width = Math.max(result.width, corner.x + sizes.get(id)!.width);
      result.height = Math.max(result.height, corner.y + sizes.get(id)!.height);
    }
    return result;
  };
}
