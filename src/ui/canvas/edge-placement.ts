// Where each link meets its cards (its slot on a card side, spread with the others there) and
// where its label sits (off other labels, off cards). A change of a few cards in a big tree
// (a card added, moved, its links changed) places again only the links at those cards and the
// labels of links that changed; every other link keeps its place, so nothing else on the canvas
// moves and the work stays small. Anything bigger places every link again.
import { HASH_A_START, HASH_B_START, hashCodeUnits, hashStepA, hashStepB } from '../../format';
import { RectGrid, RectList } from '../../layout';
import { pointAlong } from '../../render/geometry';
import { nextTask } from '../../store/next-task';
import { relationLabel } from '../words';
import type { CardSizes, LinkData, LinkFlowEdge, CausewayFlowNode, PlaceLater } from './build-flow';
import { JUNCTION_SIZE, LABEL_POSITIONS, assignSlots, centre, linkCourse, overlapArea, samePoints, type EdgeEnd, type Orientation, type Point, type Rect, type Slot } from './edge-geometry';
import { keepRecent } from './recent';

const JUNCTION_BOX = { width: JUNCTION_SIZE, height: JUNCTION_SIZE };

/** Where each edge meets its cards and where its label sits. */
export type EdgePlacement = Pick<LinkData, 'sourceSlot' | 'targetSlot' | 'labelAt' | 'labelShift'>;

/**
 * The last few placements by what they were computed from. Placing every label looks at every
 * other one, yet editing text or selecting changes none of its inputs, and switching a view back
 * and forth or between trees brings the same inputs back: the same inputs give the same placement
 * objects back, so the edges' data keeps its identity and nothing is drawn again.
 */
const placementsBySignature = new Map<string, DonePlacement>();

/** The ids and words a placement reads, each hashed once (53 bits): the same strings come back every build. */
const textHashes = new Map<string, number>();

function textHash(value: string): number {
  let hash = textHashes.get(value);
  if (hash === undefined) {
    const [a, b] = hashCodeUnits(value, HASH_A_START, HASH_B_START);
    hash = (a >>> 0) * 2 ** 21 + ((b >>> 0) % 2 ** 21);
    if (textHashes.size >= 200_000) textHashes.clear();
    textHashes.set(value, hash);
  }
  return hash;
}

/** Two 32-bit hashes mixed as the placement's inputs are read (a string of them all was slow to write). */
class InputHash {
  private a = HASH_A_START;
  private b = HASH_B_START;
  private readonly number = new Float64Array(1);
  private readonly words = new Uint32Array(this.number.buffer);

  word(value: number): void {
    this.a = hashStepA(this.a, value);
    this.b = hashStepB(this.b, value);
  }

  num(value: number): void {
    this.number[0] = value;
    this.word(this.words[0]!);
    this.word(this.words[1]!);
  }

  text(value: string): void {
    const hash = textHash(value);
    this.word(hash >>> 0);
    this.word(Math.floor(hash / 2 ** 32));
  }

  toString(): string {
    return `${(this.a >>> 0).toString(36)}.${(this.b >>> 0).toString(36)}`;
  }
}

/** Every input of the placement: card and junction boxes, and each edge's ends, bends and label size. */
function placementSignature(rects: Map<string, Rect>, edges: LinkFlowEdge[], orientation: Orientation): string {
  const hash = new InputHash();
  hash.text(orientation);
  for (const [id, r] of rects) {
    hash.text(id);
    hash.num(r.x);
    hash.num(r.y);
    hash.num(r.width);
    hash.num(r.height);
  }
  for (const edge of edges) {
    const data = edge.data!;
    const link = data.link;
    hash.text(edge.id);
    hash.text(edge.source);
    hash.text(edge.target);
    hash.text(data.role);
    hash.text(data.style);
    hash.text(link.relation);
    hash.num(link.assumptions.length);
    hash.num(link.challenges.length);
    hash.num(data.openBacklog);
    for (const p of data.bends ?? []) {
      hash.num(p.x);
      hash.num(p.y);
    }
    hash.word(0xfffffffe);
  }
  return `${rects.size}:${edges.length}:${hash}`;
}

/** The inputs of the last placement and their signature: typing redraws with the same ones. */
let lastPlacement: { rects: Map<string, Rect>; edges: LinkFlowEdge[]; pieces: LinkData[]; orientation: Orientation; signature: string; done?: DonePlacement } | undefined;

/** A finished placement, kept to place the next one from it when only a few cards changed. */
interface DonePlacement {
  placements: Map<string, EdgePlacement>;
  slots: Map<string, Slot>;
  labels: Map<string, Rect>;
}

/**
 * The last placement's signature when every input it covers is the same (compared field by
 * field, which is much quicker than writing the signature of a big tree out again).
 */
function sameAsLastPlacement(rects: Map<string, Rect>, edges: LinkFlowEdge[], orientation: Orientation): string | undefined {
  const last = lastPlacement;
  if (!last || last.orientation !== orientation || last.rects.size !== rects.size || last.edges.length !== edges.length) return undefined;
  // In the same order: the signature lists the rectangles in order too.
  const before = last.rects.entries();
  for (const [id, r] of rects) {
    const [lastId, q] = before.next().value!;
    if (q === r && id === lastId) continue;
    if (id !== lastId || q.x !== r.x || q.y !== r.y || q.width !== r.width || q.height !== r.height) return undefined;
  }
  for (let i = 0; i < edges.length; i++) {
    const [a, b] = [edges[i]!, last.edges[i]!];
    // The same piece of the same link (its data kept by `buildFlow`) is drawn from the same inputs.
    if (a.data === last.pieces[i] && a.id === b.id) continue;
    const [x, y] = [a.data!, b.data!];
    // The same link object has the same relation, assumptions and challenges.
    if (a.id !== b.id || a.source !== b.source || a.target !== b.target || x.role !== y.role || x.style !== y.style || x.link !== y.link || x.openBacklog !== y.openBacklog || !samePoints(x.bends, y.bends)) return undefined;
  }
  return last.signature;
}

/** Each piece's data with its placement merged in, as last merged. */
const merged = new WeakMap<LinkData, { placement: EdgePlacement | undefined; data: LinkData }>();

/** `data` with `placement`: the same object as last time when both are the same (nothing to draw again). */
function placed(data: LinkData, placement: EdgePlacement | undefined): LinkData {
  const last = merged.get(data);
  if (last && last.placement === placement) return last.data;
  const next = { ...data, ...placement };
  merged.set(data, { placement, data: next });
  return next;
}

export function assignEdgeSlots(
  nodes: CausewayFlowNode[],
  edges: LinkFlowEdge[],
  sizes: CardSizes,
  orientation: Orientation,
  defer: boolean,
): PlaceLater | undefined {
  const previous = lastPlacement;
  const rects = new Map<string, Rect>();
  for (const node of nodes) {
    const size = node.type === 'junction' ? JUNCTION_BOX : sizes.get(node.id);
    if (!size) continue;
    // The last placement's box while the card is where it was and as big (give or take the pixel
    // between its size drawn and measured off the canvas): compared by identity below.
    const { x, y } = node.position;
    const was = previous?.rects.get(node.id);
    rects.set(node.id, was && sameBox(was, x, y, size) ? was : { x, y, width: size.width, height: size.height });
  }
  const signature = sameAsLastPlacement(rects, edges, orientation) ?? placementSignature(rects, edges, orientation);
  const current: NonNullable<typeof lastPlacement> = { rects, edges, pieces: edges.map((edge) => edge.data!), orientation, signature };
  lastPlacement = current;
  const apply = (done: DonePlacement) => {
    keepRecent(placementsBySignature, signature, done);
    current.done = done;
    for (const edge of edges) edge.data = placed(edge.data!, done.placements.get(edge.id));
  };
  const known = placementsBySignature.get(signature) ?? (previous?.signature === signature ? previous.done : undefined);
  if (known) {
    apply(known);
    return undefined;
  }
  // A few cards changed since the last placement: only their links are placed again, at once.
  const nearby = previous?.done ? placeNear(previous as Required<typeof previous>, rects, edges, orientation) : undefined;
  if (nearby) {
    apply(nearby);
    return undefined;
  }
  if (defer) {
    return async (cancelled) => {
      await nextTask();
      const done = cancelled() ? undefined : await inSlices(placing(rects, edges, orientation), cancelled);
      if (done) apply(done);
      return done !== undefined;
    };
  }
  apply(atOnce(placing(rects, edges, orientation)));
  return undefined;
}

/** Time one task may spend placing links before the page gets a turn. */
const SLICE_MS = 12;

function atOnce<T>(work: Generator<void, T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

async function inSlices<T>(work: Generator<void, T>, cancelled: () => boolean): Promise<T | undefined> {
  let began = performance.now();
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    if (performance.now() - began < SLICE_MS) continue;
    await nextTask();
    if (cancelled()) return undefined;
    began = performance.now();
  }
}

/** Links placed in order (each label avoids those before it), pausing between groups of links. */
function* placing(rects: Map<string, Rect>, edges: LinkFlowEdge[], orientation: Orientation): Generator<void, DonePlacement> {
  const placements = new Map<string, EdgePlacement>();
  const ends: EdgeEnd[] = [];
  for (const edge of edges) {
    const end = endsOf(edge, rects);
    if (end) ends.push(...end);
  }
  const slots = assignSlots(ends, rects, orientation);
  yield;
  const cards = new RectGrid();
  for (const rect of rects.values()) cards.add(rect);
  const labels = new RectGrid();
  const boxes = new Map<string, Rect>();
  let placed = 0;
  for (const edge of edges) {
    if (++placed % 25 === 0) yield;
    const placement: EdgePlacement = { sourceSlot: slots.get(`${edge.id}:source`), targetSlot: slots.get(`${edge.id}:target`) };
    placements.set(edge.id, placement);
    const box = placeLabel(edge, placement, rects, cards, labels, orientation);
    if (box) boxes.set(edge.id, box);
  }
  return { placements, slots, labels: boxes };
}

/** Both ends of an edge, each facing the other end (or the nearest bend). */
function endsOf(edge: LinkFlowEdge, rects: Map<string, Rect>): [EdgeEnd, EdgeEnd] | undefined {
  const source = rects.get(edge.source);
  const target = rects.get(edge.target);
  if (!source || !target) return undefined;
  const bends = edge.data?.bends ?? [];
  return [
    { key: `${edge.id}:source`, nodeId: edge.source, other: bends[0] ?? centre(target) },
    { key: `${edge.id}:target`, nodeId: edge.target, other: bends[bends.length - 1] ?? centre(source) },
  ];
}

/** Beyond this share of the links, a change is placed whole; so is any change of a small tree (it is quick). */
const NEARBY_SHARE = 0.2;
const NEARBY_FROM = 60;
/**
 * A card measured again can come back a pixel taller or shorter (its size is first measured off
 * the canvas, then as drawn): too little to move a link end or a label, and on a big tree it made
 * the first edit after opening place every link again.
 */
const SIZE_SLACK = 1;

/** A card's box where it was and, give or take SIZE_SLACK, as big. */
function sameBox(was: Rect, x: number, y: number, size: { width: number; height: number }): boolean {
  return was.x === x && was.y === y && Math.abs(was.width - size.width) <= SIZE_SLACK && Math.abs(was.height - size.height) <= SIZE_SLACK;
}
/** Up to this many labels placed again, they are placed by looking through lists, not grids. */
const FEW_LABELS = 8;

/** Where labels look for what they would cover. */
type NearbyRects = Pick<RectGrid, 'add' | 'near'>;

/**
 * The placement after a few cards changed, from the last one: the cards that changed (moved,
 * resized, added, removed) and the links whose drawing changed mark the cards whose slots are
 * assigned again (all the links at those cards, so their spread is exactly a full placement's);
 * labels are placed again only for links that changed or whose ends moved to another slot, off
 * every label kept. Undefined when too much changed: place everything.
 */
function placeNear(
  last: { rects: Map<string, Rect>; edges: LinkFlowEdge[]; orientation: Orientation; done: DonePlacement },
  rects: Map<string, Rect>,
  edges: LinkFlowEdge[],
  orientation: Orientation,
): DonePlacement | undefined {
  if (last.orientation !== orientation || edges.length < NEARBY_FROM) return undefined;
  const changedCards = new Set<string>();
  for (const [id, r] of rects) {
    const q = last.rects.get(id);
    if (!q || !sameBox(q, r.x, r.y, r)) changedCards.add(id);
  }
  for (const id of last.rects.keys()) if (!rects.has(id)) changedCards.add(id);
  const before = new Map(last.edges.map((edge) => [edge.id, edge]));
  const affected = new Set<string>();
  const dirty = new Set<string>();
  for (const edge of edges) {
    const old = before.get(edge.id);
    before.delete(edge.id);
    const [x, y] = [edge.data!, old?.data];
    const same = old && y && old.source === edge.source && old.target === edge.target && x.role === y.role && x.style === y.style && x.link === y.link && x.openBacklog === y.openBacklog && samePoints(x.bends, y.bends);
    if (same && !changedCards.has(edge.source) && !changedCards.has(edge.target)) continue;
    dirty.add(edge.id);
    affected.add(edge.source);
    affected.add(edge.target);
  }
  // Links gone: the cards they ended at spread their other links again.
  for (const gone of before.values()) {
    affected.add(gone.source);
    affected.add(gone.target);
  }
  if (dirty.size + before.size > NEARBY_SHARE * edges.length) return undefined;

  // Links at no affected card keep their slots, placement and label: the last placement's maps
  // are copied whole (quick) and only the links at affected cards are looked at again.
  const touching = edges.filter((edge) => affected.has(edge.source) || affected.has(edge.target));
  const slots = new Map(last.done.slots);
  const placements = new Map(last.done.placements);
  const boxes = new Map(last.done.labels);
  for (const gone of before.values()) {
    slots.delete(`${gone.id}:source`);
    slots.delete(`${gone.id}:target`);
    placements.delete(gone.id);
    boxes.delete(gone.id);
  }
  const ends: EdgeEnd[] = [];
  for (const edge of touching) {
    for (const end of ['source', 'target'] as const) if (affected.has(edge[end])) slots.delete(`${edge.id}:${end}`);
    for (const end of endsOf(edge, rects) ?? []) if (affected.has(end.nodeId)) ends.push(end);
  }
  for (const [key, slot] of assignSlots(ends, rects, orientation)) slots.set(key, slot);
  const relabel: LinkFlowEdge[] = [];
  for (const edge of touching) {
    const sourceSlot = slots.get(`${edge.id}:source`);
    const targetSlot = slots.get(`${edge.id}:target`);
    const kept = last.done.placements.get(edge.id);
    if (kept && !dirty.has(edge.id) && sameSlot(kept.sourceSlot, sourceSlot) && sameSlot(kept.targetSlot, targetSlot)) continue;
    relabel.push(edge);
    placements.delete(edge.id);
    boxes.delete(edge.id);
  }
  // A few labels placed among a big tree's cards (one card added): asking plain lists is
  // quicker than filling grids with every card and label first.
  const few = relabel.length <= FEW_LABELS;
  const cards = few ? new RectList() : new RectGrid();
  for (const rect of rects.values()) cards.add(rect);
  const labels = few ? new RectList() : new RectGrid();
  for (const box of boxes.values()) labels.add(box);
  for (const edge of relabel) {
    const placement: EdgePlacement = { sourceSlot: slots.get(`${edge.id}:source`), targetSlot: slots.get(`${edge.id}:target`) };
    placements.set(edge.id, placement);
    const box = placeLabel(edge, placement, rects, cards, labels, orientation);
    if (box) boxes.set(edge.id, box);
  }
  return { placements, slots, labels: boxes };
}

function sameSlot(a: Slot | undefined, b: Slot | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.side === b.side && a.slot === b.slot && a.count === b.count);
}

/**
 * Where the label of a main piece goes on its link: the least covered of a few places along it
 * (covering another label is worse than brushing a card), then slid across the flow off any label
 * still under it. Adds the label's box to `labels` and sets it on `placement`.
 */
function placeLabel(edge: LinkFlowEdge, placement: EdgePlacement, rects: Map<string, Rect>, cards: NearbyRects, labels: NearbyRects, orientation: Orientation): Rect | undefined {
  const { sourceSlot, targetSlot } = placement;
  const data = edge.data!;
  const source = rects.get(edge.source);
  const target = rects.get(edge.target);
  if (data.role !== 'main' || !source || !target) return undefined;
  const { from, to, course } = linkCourse({
    source,
    target,
    sourceSlot,
    targetSlot,
    sourceIsJunction: edge.source.startsWith('and:'),
    targetIsJunction: edge.target.startsWith('and:'),
    bends: data.bends,
    straight: data.style === 'conflict',
    orientation,
  });
  // The label's size as drawn (11.5px text, its marks), plus a little air around it.
  const link = data.link;
  const width = relationLabel(link.relation).length * 6.8 + 44 + (link.assumptions.length ? 24 : 0) + (link.challenges.length ? 24 : 0) + (data.openBacklog ? 28 : 0);
  const height = 26;
  const along = (t: number): Point => pointAlong(course, t);
  const boxAt = (t: number, shift: Point = { x: 0, y: 0 }): Rect => {
    const p = along(t);
    return { x: p.x + shift.x - width / 2, y: p.y + shift.y - height / 2, width, height };
  };
  let labelAt = LABEL_POSITIONS[0];
  let shift: Point = { x: 0, y: 0 };
  const outOfJunction = edge.source.startsWith('and:');
  const length = Math.hypot(to.point.x - from.point.x, to.point.y - from.point.y);
  const run = orientation === 'horizontal' ? width : height;
  if (outOfJunction && length < run + 60) {
    // Too short an arrow to carry its label: the label goes beside the AND junction.
    labelAt = 0;
    shift = orientation === 'horizontal' ? { x: 0, y: -(JUNCTION_SIZE / 2 + height / 2 + 4) } : { x: JUNCTION_SIZE / 2 + width / 2 + 6, y: 0 };
  } else if (!outOfJunction && data.style !== 'conflict' && length < run + 60) {
    // On so short an arrow the label would hide it: the label rides beside the arrow instead.
    labelAt = 0.5;
    shift = orientation === 'horizontal' ? { x: 0, y: -(height / 2 + 5) } : { x: width / 2 + 8, y: 0 };
  } else {
    // Least covered place: covering another label is worse than brushing a card.
    const cost = (t: number) => {
      const box = boxAt(t);
      return labels.near(box).reduce((sum, r) => sum + 3 * overlapArea(box, r), 0) + cards.near(box).reduce((sum, r) => sum + overlapArea(box, r), 0);
    };
    let best = cost(labelAt);
    for (const t of LABEL_POSITIONS.slice(1)) {
      const here = cost(t);
      if (here < best - 1) [labelAt, best] = [t, here];
    }
  }
  // Still on top of another label: slide across the flow until clear.
  for (let attempt = 0; attempt < 4; attempt++) {
    const box = boxAt(labelAt, shift);
    const other = labels.near(box).find((r) => overlapArea(box, r) > 0);
    if (!other) break;
    if (orientation === 'vertical') {
      const away = box.x + box.width / 2 >= other.x + other.width / 2 ? 1 : -1;
      shift = { x: shift.x + away * (away > 0 ? other.x + other.width - box.x + 4 : box.x + box.width - other.x + 4), y: shift.y };
    } else {
      const away = box.y + box.height / 2 >= other.y + other.height / 2 ? 1 : -1;
      shift = { x: shift.x, y: shift.y + away * (away > 0 ? other.y + other.height - box.y + 3 : box.y + box.height - other.y + 3) };
    }
  }
  placement.labelAt = labelAt;
  if (shift.x !== 0 || shift.y !== 0) placement.labelShift = shift;
  const box = boxAt(labelAt, shift);
  labels.add(box);
  return box;
}
