// Where new cards join a picture that is already arranged: next to what they connect to, in the
// nearest free room, so that no other card moves. A new card alone is placed where the tree's
// convention puts it (a cause below its effect when arrows point up); several new cards linked
// to each other (a branch an assistant wrote at once) are laid out together as a small tree of
// their own and placed as one block. Cards connected to nothing go beside the tree.
import { computeLayout } from './layout-tree';
import { conventionFor } from './conventions';
import { isBesideRelation } from './layout-graph';
import { segmentCrossesBox } from './layout-checks';
import { RectGrid, type Box } from './spatial-grid';
import { NODE_GAP, PIECE_GAP, RANK_GAP_HORIZONTAL, RANK_GAP_VERTICAL } from './spacing';
import type { FlowDirection, LayoutInput, LayoutLinkInput, LayoutNodeInput, Point } from './types';

export interface PlaceNewInput extends LayoutInput {
  /** Top-left corners already decided, by node id (it may name nodes no longer in the tree). */
  known: ReadonlyMap<string, Point>;
}

/** How far the search for room looks, in steps along the row and rows away from the anchor. */
const CROSS_STEPS = 24;
const ROWS = 4;

/**
 * The top-left corners of the tree's nodes that `known` does not place, keyed by id. Known
 * places are never changed. With nothing known at all, the whole tree is laid out afresh.
 */
export function placeNewCards(input: PlaceNewInput): Map<string, Point> {
  const sizes = new Map<string, LayoutNodeInput>();
  for (const node of input.nodes) if (!sizes.has(node.id)) sizes.set(node.id, node);
  const fresh = [...sizes.keys()].filter((id) => !input.known.has(id));
  if (fresh.length === 0) return new Map();
  const placedBefore = [...sizes.keys()].filter((id) => input.known.has(id));
  if (placedBefore.length === 0) return computeLayout(input).nodes;

  const direction = conventionFor(input.tree).direction;
  const axes = axesOf(direction);
  const links = input.links.filter((link) => sizes.has(link.to) && link.from.some((id) => id !== link.to && sizes.has(id)));
  const room = new Room(axes);
  const at = new Map<string, Point>();
  const linkedIds = new Set(links.flatMap(ends));
  for (const id of placedBefore) {
    const corner = input.known.get(id)!;
    at.set(id, corner);
    room.add({ x: corner.x, y: corner.y, width: sizes.get(id)!.width, height: sizes.get(id)!.height }, linkedIds.has(id));
  }

  const result = new Map<string, Point>();
  const groups = groupsOf(fresh, links);
  // Groups hanging on placed cards first, in the tree's order; then the loose ones beside it.
  const anchored = (group: string[]) => group.some((id) => links.some((l) => involves(l, id) && ends(l).some((other) => other !== id && at.has(other))));
  const ordered = [...groups.filter(anchored), ...groups.filter((g) => !anchored(g))];
  for (const group of ordered) {
    const block = blockOf(group, sizes, links, input.tree);
    const wish = wishFor(block, links, at, sizes, axes, input.tree, room);
    const corner = room.freeSpot(block.width, block.height, wish);
    for (const [id, offset] of block.nodes) {
      const point = { x: Math.round(corner.x + offset.x), y: Math.round(corner.y + offset.y) };
      at.set(id, point);
      result.set(id, point);
      const size = sizes.get(id)!;
      room.add({ x: point.x, y: point.y, width: size.width, height: size.height }, false);
    }
  }
  return result;
}

/** The main axis runs along the arrows, the cross axis along a rank. */
interface Axes {
  vertical: boolean;
  /** Targets lie at smaller main coordinates than their sources (arrows point up or left). */
  targetsBefore: boolean;
  rankGap: number;
}

function axesOf(direction: FlowDirection): Axes {
  const vertical = direction === 'up' || direction === 'down';
  return { vertical, targetsBefore: direction === 'up' || direction === 'left', rankGap: vertical ? RANK_GAP_VERTICAL : RANK_GAP_HORIZONTAL };
}

const ends = (link: LayoutLinkInput): string[] => [...link.from, link.to];
const involves = (link: LayoutLinkInput, id: string): boolean => link.to === id || link.from.includes(id);

/** The new cards in groups linked among themselves, in the order the tree lists them. */
function groupsOf(fresh: string[], links: LayoutLinkInput[]): string[][] {
  const parent = new Map(fresh.map((id) => [id, id]));
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(id, root);
    return root;
  };
  for (const link of links) {
    const members = ends(link).filter((id) => parent.has(id));
    for (let i = 1; i < members.length; i++) parent.set(find(members[i]!), find(members[0]!));
  }
  const groups = new Map<string, string[]>();
  for (const id of fresh) {
    const root = find(id);
    const group = groups.get(root);
    if (group) group.push(id);
    else groups.set(root, [id]);
  }
  return [...groups.values()];
}

interface Block {
  /** Each card's top-left relative to the block's. */
  nodes: Map<string, Point>;
  width: number;
  height: number;
}

/** A group laid out on its own, in the tree's convention. */
function blockOf(group: string[], sizes: Map<string, LayoutNodeInput>, links: LayoutLinkInput[], tree: string): Block {
  if (group.length === 1) {
    const size = sizes.get(group[0]!)!;
    return { nodes: new Map([[group[0]!, { x: 0, y: 0 }]]), width: size.width, height: size.height };
  }
  const members = new Set(group);
  const inside = links.filter((link) => members.has(link.to) && link.from.some((id) => members.has(id))).map((link) => ({ ...link, from: link.from.filter((id) => members.has(id)) }));
  const laid = computeLayout({ tree: tree as LayoutInput['tree'], nodes: group.map((id) => sizes.get(id)!), links: inside });
  let width = 0;
  let height = 0;
  for (const id of group) {
    const corner = laid.nodes.get(id)!;
    width = Math.max(width, corner.x + sizes.get(id)!.width);
    height = Math.max(height, corner.y + sizes.get(id)!.height);
  }
  return { nodes: laid.nodes, width, height };
}

/** Where the block would best sit, and which way to look for room when that place is taken. */
interface Wish {
  corner: Point;
  /** +1 or -1: rows further from the anchors lie this way along the main axis (0: no anchor). */
  away: number;
  /** The block's links to placed cards: from a card's centre (relative to the block) to the placed card. */
  reaches: { from: Point; to: Box }[];
}

/** The place the tree's convention gives the block, from the placed cards it links to. */
function wishFor(block: Block, links: LayoutLinkInput[], at: Map<string, Point>, sizes: Map<string, LayoutNodeInput>, axes: Axes, tree: string, room: Room): Wish {
  const box = (id: string) => ({ ...at.get(id)!, width: sizes.get(id)!.width, height: sizes.get(id)!.height });
  const main = (b: Box) => (axes.vertical ? b.y : b.x);
  const mainSize = (b: { width: number; height: number }) => (axes.vertical ? b.height : b.width);
  const crossCentre = (b: Box) => (axes.vertical ? b.x + b.width / 2 : b.y + b.height / 2);
  const corners: Point[] = [];
  const reaches: Wish['reaches'] = [];
  let away = 0;
  for (const [id, offset] of block.nodes) {
    const own = sizes.get(id)!;
    const targets: Box[] = [];
    const sources: Box[] = [];
    const beside: Box[] = [];
    for (const link of links) {
      if (link.from.includes(id) && at.has(link.to) && link.to !== id) (isBesideRelation(tree as LayoutInput['tree'], link.relation) && link.from.length === 1 ? beside : targets).push(box(link.to));
      if (link.to === id) for (const source of link.from) if (at.has(source) && source !== id) (isBesideRelation(tree as LayoutInput['tree'], link.relation) && link.from.length === 1 ? beside : sources).push(box(source));
    }
    let mainAt: number;
    let crossAt: number;
    if (targets.length > 0 || sources.length > 0) {
      // After the targets (or before the sources) along the arrows, centred on them across.
      const anchors = targets.length > 0 ? targets : sources;
      const sign = (targets.length > 0) === axes.targetsBefore ? 1 : -1;
      mainAt = sign > 0 ? Math.max(...anchors.map((b) => main(b) + mainSize(b))) + axes.rankGap : Math.min(...anchors.map(main)) - axes.rankGap - mainSize(own);
      crossAt = average([...targets, ...sources].map(crossCentre)) - (axes.vertical ? own.width : own.height) / 2;
      away = away || sign;
      for (const anchor of [...targets, ...sources]) reaches.push({ from: { x: offset.x + own.width / 2, y: offset.y + own.height / 2 }, to: anchor });
    } else if (beside.length > 0) {
      // Side by side in the same rank, with room for the relation's label between.
      const partner = beside[0]!;
      mainAt = main(partner);
      crossAt = (axes.vertical ? partner.x + partner.width : partner.y + partner.height) + 3 * NODE_GAP;
      away = away || 1;
    } else continue;
    const corner = axes.vertical ? { x: crossAt, y: mainAt } : { x: mainAt, y: crossAt };
    corners.push({ x: corner.x - offset.x, y: corner.y - offset.y });
  }
  if (corners.length > 0) return { corner: { x: average(corners.map((c) => c.x)), y: average(corners.map((c) => c.y)) }, away, reaches };
  // Linked to nothing placed: beside the tree (in the column of cards linked to nothing, if any), from its top down.
  const bounds = room.treeBounds();
  return { corner: axes.vertical ? { x: bounds.x + bounds.width + PIECE_GAP, y: bounds.y } : { x: bounds.x, y: bounds.y + bounds.height + PIECE_GAP }, away: 0, reaches: [] };
}

function average(values: number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** The cards placed so far, and the search for the nearest place where a box fits among them. */
class Room {
  private readonly grid = new RectGrid<Box>(320);
  private box: Box | undefined;
  /** Around the cards that were placed before and are linked to something: the tree itself. */
  private linkedBox: Box | undefined;
  constructor(private readonly axes: Axes) {}

  add(rect: Box, linked = true): void {
    this.grid.add(rect);
    this.box = grow(this.box, rect);
    if (linked) this.linkedBox = grow(this.linkedBox, rect);
  }

  bounds(): Box {
    return this.box ?? { x: 0, y: 0, width: 0, height: 0 };
  }

  treeBounds(): Box {
    return this.linkedBox ?? this.bounds();
  }

  /** Whether a box at `corner` keeps the usual gaps to every placed card. */
  fits(corner: Point, width: number, height: number): boolean {
    const crossGap = NODE_GAP;
    const mainGap = this.axes.rankGap / 2;
    const gapX = this.axes.vertical ? crossGap : mainGap;
    const gapY = this.axes.vertical ? mainGap : crossGap;
    const probe = { x: corner.x - gapX, y: corner.y - gapY, width: width + 2 * gapX, height: height + 2 * gapY };
    for (const r of this.grid.near(probe)) {
      if (probe.x < r.x + r.width && r.x < probe.x + probe.width && probe.y < r.y + r.height && r.y < probe.y + probe.height) return false;
    }
    return true;
  }

  /** Whether a straight link from the block at `corner` to a card it links to crosses another placed card. */
  hidesLink(corner: Point, reaches: Wish['reaches']): boolean {
    return reaches.some(({ from, to }) => {
      const a = { x: corner.x + from.x, y: corner.y + from.y };
      const b = { x: to.x + to.width / 2, y: to.y + to.height / 2 };
      const span = { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
      return this.grid.near(span).some((r) => !sameBox(r, to) && segmentCrossesBox(a, b, r));
    });
  }

  /**
   * The free place nearest `wish`: along the rank first, then rows further away from the
   * anchors; failing those, just past the end of the tree (always free).
   */
  freeSpot(width: number, height: number, wish: Wish): Point {
    const { vertical } = this.axes;
    const crossStep = ((vertical ? width : height) + NODE_GAP) / 2;
    const rowStep = (vertical ? height : width) + this.axes.rankGap / 2;
    const candidates: { corner: Point; cost: number }[] = [];
    const away = wish.away === 0 ? 1 : wish.away;
    const push = (along: number, across: number, cost: number) =>
      candidates.push({ corner: vertical ? { x: wish.corner.x + across, y: wish.corner.y + along } : { x: wish.corner.x + along, y: wish.corner.y + across }, cost });
    if (wish.away === 0) {
      // Beside the tree: down its side (or along under it), one column after another.
      const columnStep = (vertical ? width : height) + NODE_GAP;
      for (let column = 0; column <= ROWS; column++) for (let k = 0; k <= 2 * CROSS_STEPS; k++) push(k * rowStep, column * columnStep, column * 1e6 + k);
    } else {
      for (let row = 0; row <= ROWS; row++) {
        for (let step = -CROSS_STEPS; step <= CROSS_STEPS; step++) push(row * rowStep * away, step * crossStep, Math.abs(step) * crossStep + 3 * row * rowStep);
      }
    }
    // The cheapest place that fits (the first pushed, of equal costs). A place from which the link
    // would run behind another card (a row further out, right behind a card placed before) costs
    // as much as four more rows: the link would be hidden. That is looked at only for places
    // that fit and could still win, cheapest first: on a big tree it is the costly part.
    const hiddenCost = wish.away === 0 ? 0 : 12 * rowStep;
    const order = candidates.map((candidate, index) => ({ ...candidate, index })).sort((a, b) => a.cost - b.cost || a.index - b.index);
    let best: { corner: Point; cost: number; index: number } | undefined;
    for (const candidate of order) {
      if (best && (candidate.cost > best.cost || (candidate.cost === best.cost && candidate.index > best.index))) break;
      if (!this.fits(candidate.corner, width, height)) continue;
      const cost = hiddenCost > 0 && this.hidesLink(candidate.corner, wish.reaches) ? candidate.cost + hiddenCost : candidate.cost;
      if (!best || cost < best.cost || (cost === best.cost && candidate.index < best.index)) best = { corner: candidate.corner, cost, index: candidate.index };
    }
    if (best) return best.corner;
    const b = this.bounds();
    const past = vertical
      ? { x: wish.corner.x, y: away > 0 ? b.y + b.height + this.axes.rankGap : b.y - this.axes.rankGap - height }
      : { x: away > 0 ? b.x + b.width + this.axes.rankGap : b.x - this.axes.rankGap - width, y: wish.corner.y };
    return past;
  }
}

function sameBox(a: Box, b: Box): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

function grow(box: Box | undefined, rect: Box): Box {
  if (!box) return { ...rect };
  const x = Math.min(box.x, rect.x);
  const y = Math.min(box.y, rect.y);
  return { x, y, width: Math.max(box.x + box.width, rect.x + rect.width) - x, height: Math.max(box.y + box.height, rect.y + rect.height) - y };
}
