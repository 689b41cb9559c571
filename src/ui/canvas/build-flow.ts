// A drawable tree + positions → React Flow nodes and edges. An AND link becomes one junction
// node: each source runs into it, and one arrow leaves it for the target.
import type { Edge, Node } from '@xyflow/react';
import { sameItems, type TraceField, type TreeKey, type DrawableLink, type DrawableNode, type DrawableTree } from '../../format';
import type { LayoutResult } from '../../layout/types';
import type { ChangeMark, ChangeMarks } from './change-tree';
import { STATUS_LABEL, kindLabel, relationLabel } from '../words';
import { JUNCTION_SIZE, samePoints, type Orientation, type Point, type Slot } from './edge-geometry';
import { assignEdgeSlots } from './edge-placement';
import { stableItems } from './stable-items';

/** The AND junction's circle on the canvas, in px. */
export { JUNCTION_SIZE } from './edge-geometry';

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

/** Card sizes by node id (only looked up). */
export interface CardSizes {
  get(id: string): { width: number; height: number } | undefined;
}

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
  sizes: CardSizes;
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
  const backlogCount = openWorkCounts(tree);
  // Items only moved along their list in the file (a node written above them) are drawn as before.
  const links = stableItems(`${tree.key}:links`, drawableLinks(tree));
  const hidden = input.folded?.hidden;
  const nodes: CausewayFlowNode[] = cardsOf(input, backlogCount, links).map((card) => cardNode(card, positions?.get(card.data.node.id) ?? ORIGIN, hidden?.has(card.data.node.id) ?? false));

  const edges: LinkFlowEdge[] = [];
  for (const link of links) {
    const drawn = linkOf(link, {
      orientation,
      openBacklog: backlogCount.get(link.id) ?? 0,
      problems: input.problems.get(link.id) ?? NO_PROBLEMS,
      fileId: input.change?.wasOf.get(link.id) ?? link.id,
      mark: input.change ? (input.change.marks.get(link.id) ?? 'context') : undefined,
      route: input.routes?.get(link.id),
      moved: input.moved,
      hidden,
      junctionAt: (sources) => input.junctions.get(link.id) ?? fallbackJunction(sources, link.to!, positions, input.sizes),
    });
    if (drawn.junction) nodes.push(drawn.junction);
    // Fresh edge objects every build: placing the links sets each one's data.
    for (const edge of drawn.edges) edges.push({ ...edge });
  }

  const place = positions ? assignEdgeSlots(nodes, edges, input.sizes, orientation, input.deferPlacement ?? false) : undefined;
  return { nodes, edges, ...(place ? { place } : {}) };
}

/** What the cards of a tree show, without their places or the links: all that measuring them needs. */
export function claimCards(input: CardsInput): ClaimData[] {
  return cardsOf(input, openWorkCounts(input.tree), drawableLinks(input.tree)).map((card) => card.data);
}

type CardsInput = Pick<FlowInput, 'tree' | 'allTrees' | 'displayName' | 'problems' | 'change' | 'folded'>;

/** Open backlog work by the id of the item it is about. */
function openWorkCounts(tree: DrawableTree): Map<string, number> {
  const counts = new Map<string, number>();
  for (const entry of tree.backlog) counts.set(entry.ref, (counts.get(entry.ref) ?? 0) + 1);
  return counts;
}

function cardsOf(input: CardsInput, backlogCount: Map<string, number>, links: readonly DrawableLink[]): { data: ClaimData; ariaLabel: string }[] {
  const { tree } = input;
  const targetOf = traceTargets(input.allTrees);
  const withCauses = new Set(links.map((link) => link.to!));
  const linkSide: ClaimData['linkSide'] = tree.key === 'conflict' ? 'left' : tree.key === 'transition' ? 'right' : 'top';
  return stableItems(`${tree.key}:nodes`, tree.nodes).map((node) =>
    cardOf(node, {
      linkSide,
      contributorNames: node.contributors.length === 0 ? NO_NAMES : node.contributors.map((id) => input.displayName(id)),
      openBacklog: backlogCount.get(node.id) ?? 0,
      traces:
        node.traces.length === 0
          ? NO_TRACES
          : node.traces.map((trace) => {
              const target = targetOf(trace.target);
              return { ...trace, targetTree: target?.tree, targetText: target?.text };
            }),
      problems: input.problems.get(node.id) ?? NO_PROBLEMS,
      ...(input.change ? { mark: input.change.marks.get(node.id) ?? 'context', previous: input.change.previous.get(node.id) } : {}),
      ...(withCauses.has(node.id) ? { branch: { folded: input.folded?.cards.has(node.id) ?? false, hides: input.folded?.hiding.get(node.id) ?? 0 } } : {}),
    }),
  );
}

/** No contributors or traces: shared lists, so unchanged data compares equal by identity. */
const NO_NAMES: string[] = [];
const NO_TRACES: TraceChip[] = [];
const ORIGIN: Point = { x: 0, y: 0 };

/** Everything a card shows besides its node. */
type CardParts = Pick<ClaimData, 'linkSide' | 'contributorNames' | 'openBacklog' | 'traces' | 'problems' | 'mark' | 'previous' | 'branch'>;

/** Each node's card as last built: the same object again while all the card shows is the same. */
const cards = new WeakMap<DrawableNode, { data: ClaimData; ariaLabel: string }>();

/**
 * The card for `node`: its last build when nothing differs, so one edit in a big tree gives every
 * other card its old data object and React Flow draws only the card that changed.
 */
function cardOf(node: DrawableNode, parts: CardParts): { data: ClaimData; ariaLabel: string } {
  const last = cards.get(node);
  if (last && sameCard(last.data, parts)) return last;
  const data: ClaimData = { node, ...parts };
  // What a screen reader says on reaching the card: kind, status (or change mark) and text.
  const ariaLabel = `${kindLabel(node.kind)} ${node.id}, ${data.mark ?? STATUS_LABEL[node.status].word.toLowerCase()}: ${node.text}`;
  const card = { data, ariaLabel };
  cards.set(node, card);
  return card;
}

function sameCard(a: ClaimData, b: CardParts): boolean {
  return (
    a.linkSide === b.linkSide &&
    a.openBacklog === b.openBacklog &&
    a.mark === b.mark &&
    a.previous === b.previous &&
    a.branch?.folded === b.branch?.folded &&
    a.branch?.hides === b.branch?.hides &&
    sameItems(a.contributorNames, b.contributorNames) &&
    sameItems(a.problems, b.problems) &&
    a.traces.length === b.traces.length &&
    a.traces.every((t, i) => t.field === b.traces[i]!.field && t.target === b.traces[i]!.target && t.targetTree === b.traces[i]!.targetTree && t.targetText === b.traces[i]!.targetText)
  );
}

/** Each card's node for React Flow as last built: the same object while its card, place and hiding are. */
const cardNodes = new WeakMap<ClaimData, ClaimFlowNode>();

function cardNode(card: { data: ClaimData; ariaLabel: string }, at: Point, hide: boolean): ClaimFlowNode {
  const last = cardNodes.get(card.data);
  if (last && last.ariaLabel === card.ariaLabel && last.position.x === at.x && last.position.y === at.y && (last.hidden ?? false) === hide) return last;
  const node: ClaimFlowNode = { id: card.data.node.id, type: 'claim', ariaLabel: card.ariaLabel, position: at, data: card.data, ...(hide ? { hidden: true } : {}) };
  cardNodes.set(card.data, node);
  return node;
}

type LinkRoute = NonNullable<ReturnType<NonNullable<LayoutResult['routes']>['get']>>;

/** What a link's drawn pieces carry besides the link itself. */
interface LinkLooks {
  orientation: Orientation;
  openBacklog: number;
  problems: string[];
  fileId: string;
  mark: ChangeMark | undefined;
}

/** What a link's drawing is made of besides the link itself. */
interface LinkContext extends LinkLooks {
  /** The layout's route for it, kept while none of its cards moved since. */
  route: LinkRoute | undefined;
  moved: ReadonlySet<string> | undefined;
  hidden: ReadonlySet<string> | undefined;
  /** Where its AND junction goes, given its sources. */
  junctionAt(sources: string[]): Point;
}

/** A link as drawn: its pieces (data without placement) and its AND junction. */
interface DrawnLink extends LinkLooks {
  routed: LinkContext['route'];
  /** Which of its pieces a folded branch hides. */
  hiding: string;
  junction?: JunctionFlowNode;
  edges: LinkFlowEdge[];
}

/** Each link as last drawn: built again only when something it is drawn from changed. */
const drawnLinks = new WeakMap<DrawableLink, DrawnLink>();

function linkOf(link: DrawableLink, context: LinkContext): DrawnLink {
  const sources = link.from.filter((id) => id !== link.to);
  const { route, moved, hidden } = context;
  const routed = route && !(moved && (moved.has(link.to!) || sources.some((id) => moved.has(id)))) ? route : undefined;
  const shown = hidden ? sources.filter((id) => !hidden.has(id)) : sources;
  const gone = hidden !== undefined && (hidden.has(link.to!) || shown.length === 0);
  const hiding = hidden === undefined ? '' : `${gone ? 'gone' : ''}:${sources.map((id) => (hidden.has(id) ? 1 : 0)).join('')}`;
  const last = drawnLinks.get(link);
  const at = sources.length > 1 ? context.junctionAt(sources) : undefined;
  if (
    last &&
    last.orientation === context.orientation &&
    last.openBacklog === context.openBacklog &&
    sameItems(last.problems, context.problems) &&
    last.fileId === context.fileId &&
    last.mark === context.mark &&
    last.routed === routed &&
    last.hiding === hiding &&
    (!at || (last.junction !== undefined && last.junction.position.x === at.x - JUNCTION_SIZE / 2 && last.junction.position.y === at.y - JUNCTION_SIZE / 2))
  ) {
    return last;
  }
  const base = {
    link,
    style: linkStyle(link.relation),
    orientation: context.orientation,
    openBacklog: context.openBacklog,
    problems: context.problems,
    fileId: context.fileId,
    ...(context.mark !== undefined ? { mark: context.mark } : {}),
  };
  const ariaLabel = `Link ${link.id}, ${base.mark ?? STATUS_LABEL[link.status].word.toLowerCase()}: ${sources.join(' and ')} ${relationLabel(link.relation)} ${link.to}`;
  const hide = gone ? { hidden: true } : {};
  const drawn: DrawnLink = { orientation: context.orientation, openBacklog: context.openBacklog, problems: context.problems, fileId: context.fileId, mark: context.mark, routed, hiding, edges: [] };
  if (!at) {
    drawn.edges.push({ id: `link:${link.id}`, type: 'link', source: sources[0]!, target: link.to!, ariaLabel, data: pieceOf(`link:${link.id}`, { ...base, role: 'main', bends: routed?.sources.get(sources[0]!) }), ...hide });
  } else {
    const junction = junctionId(link.id);
    drawn.junction = {
      id: junction,
      type: 'junction',
      ariaLabel: `AND junction of ${link.id}: ${sources.join(', ')} act together`,
      position: { x: at.x - JUNCTION_SIZE / 2, y: at.y - JUNCTION_SIZE / 2 },
      draggable: false,
      data: { link, mark: base.mark, fileId: base.fileId },
      ...hide,
    };
    for (const source of sources) {
      // Only the main piece takes the keyboard; the pieces into the junction are part of it.
      const segmentHidden = gone || hidden?.has(source) ? { hidden: true } : {};
      const id = `segment:${link.id}:${source}`;
      drawn.edges.push({ id, type: 'link', source, target: junction, focusable: false, ariaLabel: `${source}, joint source of ${link.id}`, data: pieceOf(id, { ...base, role: 'segment', bends: routed?.sources.get(source) }), ...segmentHidden });
    }
    drawn.edges.push({ id: `link:${link.id}`, type: 'link', source: junction, target: link.to!, ariaLabel, data: pieceOf(`link:${link.id}`, { ...base, role: 'main', bends: routed?.target }), ...hide });
  }
  drawnLinks.set(link, drawn);
  return drawn;
}

/** Each link's drawn pieces as last built, by edge id: the same object again while the piece is the same. */
const pieces = new WeakMap<DrawableLink, Map<string, LinkData>>();

/**
 * The data of one drawn piece of a link: its last build when nothing differs, so one edit in a
 * big tree leaves every other link's data (and the placement merged into it) as it was.
 */
function pieceOf(edgeId: string, data: LinkData): LinkData {
  let built = pieces.get(data.link);
  if (!built) pieces.set(data.link, (built = new Map()));
  const last = built.get(edgeId);
  if (last && samePiece(last, data)) return last;
  built.set(edgeId, data);
  return data;
}

function samePiece(a: LinkData, b: LinkData): boolean {
  return (
    a.role === b.role &&
    a.style === b.style &&
    a.orientation === b.orientation &&
    a.openBacklog === b.openBacklog &&
    a.fileId === b.fileId &&
    a.mark === b.mark &&
    sameItems(a.problems, b.problems) &&
    samePoints(a.bends, b.bends)
  );
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
  sizes: CardSizes,
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
