// A drawable tree + positions → React Flow nodes and edges. An AND link becomes one junction
// node: each source runs into it, and one arrow leaves it for the target.
import type { Edge, Node } from '@xyflow/react';
import type { TraceField, TreeKey, DrawableLink, DrawableNode, DrawableTree } from '../../format';
import type { LayoutResult } from '../../layout/types';
import type { ChangeMark, ChangeMarks } from './change-tree';
import { pointAlong } from '../../render/geometry';
import { nextTask } from '../timing/next-task';
import { keepRecent } from './recent';
import { STATUS_LABEL, kindLabel, relationLabel } from '../words';
import {
  LABEL_POSITIONS,
  assignSlots,
  centre,
  linkCourse,
  overlapArea,
  RectGrid,
  type EdgeEnd,
  type Orientation,
  type Point,
  type Rect,
  type Slot,
} from './edge-geometry';

export const JUNCTION_SIZE = 34;

export interface TraceChip {
  field: TraceField;
  target: string;
  /** Undefined when the target names no node (the file's diagnostics say so). */
  targetTree?: TreeKey;
  targetText?: string;
}

export interface ClaimData extends Record<string, unknown> {
  node: DrawableNode;
  /** The card side with the handle to drag a new link from (toward the effects). */
  linkSide: 'top' | 'left' | 'right';
  contributorNames: string[];
  openBacklog: number;
  traces: TraceChip[];
  /** Error messages about this node, shown as a mark on the card. */
  problems: string[];
  /** In the latest-change view: how the node changed, and its earlier wording when changed. */
  mark?: ChangeMark;
  previous?: { text: string; kind: string };
  /** A card with causes (something leads into it) can fold them away; how many it hides when folded. */
  branch?: { folded: boolean; hides: number };
}

export interface JunctionData extends Record<string, unknown> {
  link: DrawableLink;
  mark?: ChangeMark;
  fileId: string;
}

export type LinkStyle = 'cause' | 'conflict' | 'order';

export interface LinkData extends Record<string, unknown> {
  link: DrawableLink;
  /** `main` carries the arrow, label and status; `segment` runs from one AND source to the junction. */
  role: 'main' | 'segment';
  style: LinkStyle;
  orientation: Orientation;
  openBacklog: number;
  problems: string[];
  sourceSlot?: Slot;
  targetSlot?: Slot;
  /** Where along the link its label sits (0 = source, 1 = target), chosen to avoid overlaps. */
  labelAt?: number;
  /** Then moved aside by this much, off another label or beside a short AND arrow. */
  labelShift?: Point;
  /** Bend points from the layout that keep this piece clear of cards. */
  bends?: Point[];
  /** In the latest-change view: how the link changed (its old connection is marked removed). */
  mark?: ChangeMark;
  /** The link's id in the file (differs from `link.id` for a drawn old connection). */
  fileId: string;
}

export type ClaimFlowNode = Node<ClaimData, 'claim'>;
export type JunctionFlowNode = Node<JunctionData, 'junction'>;
export type CausewayFlowNode = ClaimFlowNode | JunctionFlowNode;
export type LinkFlowEdge = Edge<LinkData, 'link'>;

export interface FlowInput {
  tree: DrawableTree;
  /** Every tree in the file, to name what traces point at. */
  allTrees: DrawableTree[];
  displayName(id: string): string;
  /** Error messages by item id. */
  problems: Map<string, string[]>;
  /** Top-left corner of each node, or undefined while the tree is still being laid out. */
  positions: ReadonlyMap<string, Point> | undefined;
  /** Centre of each AND junction. */
  junctions: ReadonlyMap<string, Point>;
  /** Measured card sizes, for spreading link ends along card sides. */
  sizes: Map<string, { width: number; height: number }>;
  /** Marks of the latest-change view; absent in the other views. */
  change?: ChangeMarks;
  /** The layout's routes around cards, and the cards moved since (their links go direct). */
  routes?: LayoutResult['routes'];
  moved?: ReadonlySet<string>;
  /** Folded cards, and what their folded branches hide (not drawn). */
  folded?: { cards: ReadonlySet<string>; hidden: ReadonlySet<string>; hiding: ReadonlyMap<string, number> };
  /**
   * A placement not computed before is left to the caller (`place`), to run in tasks of its
   * own: on a big tree it is the longest step after the layout.
   */
  deferPlacement?: boolean;
}

export function treeOrientation(tree: TreeKey): Orientation {
  return tree === 'conflict' || tree === 'transition' ? 'horizontal' : 'vertical';
}

export function junctionId(linkId: string): string {
  return `and:${linkId}`;
}

export function linkStyle(relation: string): LinkStyle {
  if (relation === 'conflicts_with') return 'conflict';
  if (relation === 'precedes') return 'order';
  return 'cause';
}

/** Links that can be drawn: at least one source and a target, both in this tree. */
export function drawableLinks(tree: DrawableTree): DrawableLink[] {
  return tree.links.filter((link) => link.to !== undefined && link.from.some((id) => id !== link.to));
}

/** No problems: one shared list, so unchanged data compares equal by identity. */
const NO_PROBLEMS: string[] = [];

/** Places the links in slices (each a task of its own); resolves false when `cancelled` said stop. */
export type PlaceLater = (cancelled: () => boolean) => Promise<boolean>;

export function buildFlow(input: FlowInput): { nodes: CausewayFlowNode[]; edges: LinkFlowEdge[]; place?: PlaceLater } {
  const { tree, positions } = input;
  const orientation = treeOrientation(tree.key);
  const targetOf = traceTargets(input.allTrees);
  const backlogCount = new Map<string, number>();
  for (const entry of tree.backlog) backlogCount.set(entry.ref, (backlogCount.get(entry.ref) ?? 0) + 1);
  const links = drawableLinks(tree);
  const withCauses = new Set(links.map((link) => link.to!));
  const hidden = input.folded?.hidden;

  const nodes: CausewayFlowNode[] = tree.nodes.map((node) => {
    const card = cardOf(node, {
      node,
      linkSide: tree.key === 'conflict' ? 'left' : tree.key === 'transition' ? 'right' : 'top',
      contributorNames: node.contributors.map((id) => input.displayName(id)),
      openBacklog: backlogCount.get(node.id) ?? 0,
      traces: node.traces.map((trace) => {
        const target = targetOf(trace.target);
        return { ...trace, targetTree: target?.tree, targetText: target?.text };
      }),
      problems: input.problems.get(node.id) ?? NO_PROBLEMS,
      ...(input.change ? { mark: input.change.marks.get(node.id) ?? 'context', previous: input.change.previous.get(node.id) } : {}),
      ...(withCauses.has(node.id) ? { branch: { folded: input.folded?.cards.has(node.id) ?? false, hides: input.folded?.hiding.get(node.id) ?? 0 } } : {}),
    });
    return { id: node.id, type: 'claim', ariaLabel: card.ariaLabel, position: positions?.get(node.id) ?? { x: 0, y: 0 }, data: card.data, ...(hidden?.has(node.id) ? { hidden: true } : {}) };
  });

  const edges: LinkFlowEdge[] = [];
  for (const link of links) {
    const sources = link.from.filter((id) => id !== link.to);
    const base = {
      link,
      style: linkStyle(link.relation),
      orientation,
      openBacklog: backlogCount.get(link.id) ?? 0,
      problems: input.problems.get(link.id) ?? NO_PROBLEMS,
      fileId: input.change?.wasOf.get(link.id) ?? link.id,
      ...(input.change ? { mark: input.change.marks.get(link.id) ?? 'context' } : {}),
    };
    const route = input.routes?.get(link.id);
    const routed = route && ![...sources, link.to!].some((id) => input.moved?.has(id)) ? route : undefined;
    const ariaLabel = `Link ${link.id}, ${base.mark ?? STATUS_LABEL[link.status].word.toLowerCase()}: ${sources.join(' and ')} ${relationLabel(link.relation)} ${link.to}`;
    const shown = hidden ? sources.filter((id) => !hidden.has(id)) : sources;
    const gone = hidden !== undefined && (hidden.has(link.to!) || shown.length === 0);
    const hide = gone ? { hidden: true } : {};
    if (sources.length === 1) {
      edges.push({ id: `link:${link.id}`, type: 'link', source: sources[0], target: link.to!, ariaLabel, data: { ...base, role: 'main', bends: routed?.sources.get(sources[0]!) }, ...hide });
      continue;
    }
    const junction = junctionId(link.id);
    const at = input.junctions.get(link.id) ?? fallbackJunction(sources, link.to!, positions, input.sizes);
    nodes.push({
      id: junction,
      type: 'junction',
      ariaLabel: `AND junction of ${link.id}: ${sources.join(', ')} act together`,
      position: { x: at.x - JUNCTION_SIZE / 2, y: at.y - JUNCTION_SIZE / 2 },
      draggable: false,
      data: { link, mark: base.mark, fileId: base.fileId },
      ...hide,
    });
    for (const source of sources) {
      // Only the main piece takes the keyboard; the pieces into the junction are part of it.
      const segmentHidden = gone || hidden?.has(source) ? { hidden: true } : {};
      edges.push({ id: `segment:${link.id}:${source}`, type: 'link', source, target: junction, focusable: false, ariaLabel: `${source}, joint source of ${link.id}`, data: { ...base, role: 'segment', bends: routed?.sources.get(source) }, ...segmentHidden });
    }
    edges.push({ id: `link:${link.id}`, type: 'link', source: junction, target: link.to!, ariaLabel, data: { ...base, role: 'main', bends: routed?.target }, ...hide });
  }

  const place = positions ? assignEdgeSlots(nodes, edges, input.sizes, orientation, input.deferPlacement ?? false) : undefined;
  return { nodes, edges, ...(place ? { place } : {}) };
}

/** Each node's card as last built: the same object again while all the card shows is the same. */
const cards = new WeakMap<DrawableNode, { data: ClaimData; ariaLabel: string }>();

/**
 * The card for `data`: its last build when nothing differs, so one edit in a big tree gives every
 * other card its old data object and React Flow draws only the card that changed.
 */
function cardOf(node: DrawableNode, data: ClaimData): { data: ClaimData; ariaLabel: string } {
  const last = cards.get(node);
  if (last && sameCard(last.data, data)) return last;
  // What a screen reader says on reaching the card: kind, status (or change mark) and text.
  const ariaLabel = `${kindLabel(node.kind)} ${node.id}, ${data.mark ?? STATUS_LABEL[node.status].word.toLowerCase()}: ${node.text}`;
  const card = { data, ariaLabel };
  cards.set(node, card);
  return card;
}

function sameCard(a: ClaimData, b: ClaimData): boolean {
  return (
    a.node === b.node &&
    a.linkSide === b.linkSide &&
    a.openBacklog === b.openBacklog &&
    a.mark === b.mark &&
    a.previous === b.previous &&
    a.branch?.folded === b.branch?.folded &&
    a.branch?.hides === b.branch?.hides &&
    sameList(a.contributorNames, b.contributorNames) &&
    sameList(a.problems, b.problems) &&
    a.traces.length === b.traces.length &&
    a.traces.every((t, i) => t.field === b.traces[i]!.field && t.target === b.traces[i]!.target && t.targetTree === b.traces[i]!.targetTree && t.targetText === b.traces[i]!.targetText)
  );
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a === b || (a.length === b.length && a.every((item, i) => item === b[i]));
}

/** Each tree's node texts by id, built once per tree (an edit rebuilds only the tree it touched). */
const textsByTree = new WeakMap<DrawableTree, Map<string, string>>();

/** What a trace's target is: its tree and text, the last tree naming the id winning. */
function traceTargets(trees: readonly DrawableTree[]): (id: string) => { tree: TreeKey; text: string } | undefined {
  const maps = trees.map((tree) => {
    let texts = textsByTree.get(tree);
    if (!texts) {
      texts = new Map(tree.nodes.map((n) => [n.id, n.text]));
      textsByTree.set(tree, texts);
    }
    return { tree: tree.key, texts };
  });
  return (id) => {
    for (let i = maps.length - 1; i >= 0; i--) {
      const text = maps[i]!.texts.get(id);
      if (text !== undefined) return { tree: maps[i]!.tree, text };
    }
    return undefined;
  };
}

/** Without a layout point: between the sources' centre and the target. */
function fallbackJunction(
  sources: string[],
  target: string,
  positions: ReadonlyMap<string, Point> | undefined,
  sizes: Map<string, { width: number; height: number }>,
): Point {
  const middle = (id: string): Point => {
    const p = positions?.get(id) ?? { x: 0, y: 0 };
    const s = sizes.get(id) ?? { width: 0, height: 0 };
    return { x: p.x + s.width / 2, y: p.y + s.height / 2 };
  };
  const from = sources.map(middle);
  const sx = from.reduce((sum, p) => sum + p.x, 0) / from.length;
  const sy = from.reduce((sum, p) => sum + p.y, 0) / from.length;
  const t = middle(target);
  return { x: sx + (t.x - sx) * 0.45, y: sy + (t.y - sy) * 0.45 };
}

/** Where each edge meets its cards and where its label sits. */
type EdgePlacement = Pick<LinkData, 'sourceSlot' | 'targetSlot' | 'labelAt' | 'labelShift'>;

/**
 * The last few placements by what they were computed from. Placing every label looks at every
 * other one, yet editing text or selecting changes none of its inputs, and switching a view back
 * and forth or between trees brings the same inputs back: the same inputs give the same placement
 * objects back, so the edges' data keeps its identity and nothing is drawn again.
 */
const placementsBySignature = new Map<string, Map<string, EdgePlacement>>();

/** Every input of the placement: card and junction boxes, and each edge's ends, bends and label size. */
function placementSignature(rects: Map<string, Rect>, edges: LinkFlowEdge[], orientation: Orientation): string {
  const parts: string[] = [orientation];
  for (const [id, r] of rects) parts.push(`${id}@${r.x},${r.y},${r.width},${r.height}`);
  for (const edge of edges) {
    const data = edge.data!;
    const link = data.link;
    const bends = (data.bends ?? []).map((p) => `${p.x},${p.y}`).join(' ');
    parts.push(`${edge.id}:${edge.source}>${edge.target}:${data.role}:${data.style}:${link.relation}:${link.assumptions.length}:${link.challenges.length}:${data.openBacklog}:${bends}`);
  }
  return parts.join('|');
}

/** The inputs of the last placement and their signature: typing redraws with the same ones. */
let lastPlacement: { rects: Map<string, Rect>; edges: LinkFlowEdge[]; orientation: Orientation; signature: string } | undefined;

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
    if (id !== lastId || q.x !== r.x || q.y !== r.y || q.width !== r.width || q.height !== r.height) return undefined;
  }
  for (let i = 0; i < edges.length; i++) {
    const [a, b] = [edges[i]!, last.edges[i]!];
    const [x, y] = [a.data!, b.data!];
    // The same link object has the same relation, assumptions and challenges.
    if (a.id !== b.id || a.source !== b.source || a.target !== b.target || x.role !== y.role || x.style !== y.style || x.link !== y.link || x.openBacklog !== y.openBacklog || !samePoints(x.bends, y.bends)) return undefined;
  }
  return last.signature;
}

function samePoints(a: Point[] | undefined, b: Point[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return (a?.length ?? 0) === 0 && (b?.length ?? 0) === 0;
  return a.every((p, i) => p.x === b[i]!.x && p.y === b[i]!.y);
}

function assignEdgeSlots(
  nodes: CausewayFlowNode[],
  edges: LinkFlowEdge[],
  sizes: Map<string, { width: number; height: number }>,
  orientation: Orientation,
  defer: boolean,
): PlaceLater | undefined {
  const rects = new Map<string, Rect>();
  for (const node of nodes) {
    const size = node.type === 'junction' ? { width: JUNCTION_SIZE, height: JUNCTION_SIZE } : sizes.get(node.id);
    if (size) rects.set(node.id, { ...node.position, ...size });
  }
  const signature = sameAsLastPlacement(rects, edges, orientation) ?? placementSignature(rects, edges, orientation);
  lastPlacement = { rects, edges, orientation, signature };
  const apply = (placements: Map<string, EdgePlacement>) => {
    keepRecent(placementsBySignature, signature, placements);
    for (const edge of edges) edge.data = { ...edge.data!, ...placements.get(edge.id) };
  };
  const known = placementsBySignature.get(signature);
  if (!known && defer) {
    return async (cancelled) => {
      await nextTask();
      const placements = cancelled() ? undefined : await inSlices(placing(rects, edges, orientation), cancelled);
      if (placements) apply(placements);
      return placements !== undefined;
    };
  }
  apply(known ?? atOnce(placing(rects, edges, orientation)));
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
function* placing(rects: Map<string, Rect>, edges: LinkFlowEdge[], orientation: Orientation): Generator<void, Map<string, EdgePlacement>> {
  const placements = new Map<string, EdgePlacement>();
  const ends: EdgeEnd[] = [];
  for (const edge of edges) {
    const source = rects.get(edge.source);
    const target = rects.get(edge.target);
    if (!source || !target) continue;
    const bends = edge.data?.bends ?? [];
    ends.push({ key: `${edge.id}:source`, nodeId: edge.source, other: bends[0] ?? centre(target) });
    ends.push({ key: `${edge.id}:target`, nodeId: edge.target, other: bends[bends.length - 1] ?? centre(source) });
  }
  const slots = assignSlots(ends, rects, orientation);
  yield;
  const cards = new RectGrid();
  for (const rect of rects.values()) cards.add(rect);
  const labels = new RectGrid();
  let placed = 0;
  for (const edge of edges) {
    if (++placed % 25 === 0) yield;
    const sourceSlot = slots.get(`${edge.id}:source`);
    const targetSlot = slots.get(`${edge.id}:target`);
    const placement: EdgePlacement = { sourceSlot, targetSlot };
    placements.set(edge.id, placement);
    const data = edge.data!;
    const source = rects.get(edge.source);
    const target = rects.get(edge.target);
    if (data.role !== 'main' || !source || !target) continue;
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
    labels.add(boxAt(labelAt, shift));
  }
  return placements;
}
