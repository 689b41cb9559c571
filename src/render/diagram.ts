// Cards and connectors → one standalone SVG: laid out by src/layout in the tree's own
// convention, connectors drawn the way the editor draws them (AND junctions, conflict zigzags,
// order arrows), labels placed clear of cards, then a title, a legend and link notes.
import { computeLayout, type LayoutResult, type Point } from '../layout';
import { wrapText } from '../layout';
import type { TreeKey } from '../format';
import { drawCard, measureCard, type CardModel, type MeasuredCard } from './card';
import {
  anchorOn,
  centre,
  bentCourse,
  coursePath,
  coursePoints,
  curveCourse,
  facingSide,
  overlaps,
  pointAlong,
  straightCourse,
  zigzagPath,
  type Course,
  type Orientation,
  type Rect,
  type Side,
} from './geometry';
import { drawLegend, type LegendEntry } from './legend';
import { INK, MARKS, MUTED, type Mark } from './palette';
import { PointGrid, RectGrid } from './spatial-grid';
import type { LayoutOf } from './layout-memo';
import { escapeXml, num } from './xml';

export interface ConnectorModel {
  /** Unique among the diagram's connectors (a changed link may be drawn twice). */
  key: string;
  linkId: string;
  from: string[];
  to: string;
  relation: string;
  mark: Mark;
  /** Words before the relation on the label, such as `ADDED` or `CHANGED · OLD`. */
  tag?: string;
  /** Words after the relation, such as `(was: causes)`. */
  suffix?: string;
  /** Drawn dashed whatever its mark (the old course of a changed link). */
  dashed?: boolean;
  /** Lines listed under the diagram, referred to from the label by a marker like [A1]. */
  note?: string[];
}

export interface DiagramModel {
  tree: TreeKey;
  title: string;
  captions: string[];
  cards: CardModel[];
  connectors: ConnectorModel[];
  /** The change view's marks go in the legend; the accepted view has none. */
  marks: Mark[];
  emptyMessage: string;
}

const MARGIN = 28;
const MIN_WIDTH = 680;
const AND_WIDTH = 34;
const AND_HEIGHT = 18;
const LABEL_HEIGHT = 18;
const LABEL_POSITIONS = [0.5, 0.4, 0.6, 0.3, 0.7, 0.22, 0.78];
const NOTE_CHAR = 6.3;

export function orientationOf(tree: TreeKey): Orientation {
  return tree === 'conflict' || tree === 'transition' ? 'horizontal' : 'vertical';
}

export function relationWords(relation: string): string {
  const words = relation.replace(/_/g, ' ').trim();
  return words === '' ? '(no relation)' : words;
}

type ConnectorStyle = 'cause' | 'conflict' | 'order';

function styleOf(relation: string): ConnectorStyle {
  if (relation === 'conflicts_with') return 'conflict';
  if (relation === 'precedes') return 'order';
  return 'cause';
}

/** One drawn stroke: a source into a junction, or into the target (the main piece has the label). */
interface Piece {
  connector: ConnectorModel;
  fromNode?: string;
  fromPoint?: Point;
  toNode?: string;
  toPoint?: Point;
  bends: Point[];
  main: boolean;
  course?: Course;
  start?: Point;
  end?: Point;
}

interface Label {
  connector: ConnectorModel;
  box: Rect;
  marker?: string;
}

/** `layoutOf` lets several diagrams of one tree share layouts (see layout-memo.ts). */
export function renderDiagram(model: DiagramModel, layoutOf: LayoutOf = computeLayout): string {
  const measured = new Map<string, MeasuredCard>();
  for (const card of model.cards) if (!measured.has(card.id)) measured.set(card.id, measureCard(card));
  const drawable = model.connectors.filter((c) => measured.has(c.to) && sourcesOf(c, measured).length > 0);
  const layout = layoutOf({
    tree: model.tree,
    nodes: [...measured.values()].map((m) => ({ id: m.model.id, kind: m.model.kind, width: m.width, height: m.height })),
    links: drawable.map((c) => ({ id: c.key, from: sourcesOf(c, measured), to: c.to, relation: c.relation })),
  });
  const rects = new Map<string, Rect>();
  for (const [id, m] of measured) {
    const at = layout.nodes.get(id) ?? { x: 0, y: 0 };
    rects.set(id, { x: at.x, y: at.y, width: m.width, height: m.height });
  }
  const orientation = orientationOf(model.tree);
  const pieces = buildPieces(drawable, measured, layout, rects);
  placeEnds(pieces, rects, orientation);
  const junctions = new Map<string, Point>();
  for (const piece of pieces) if (piece.main && piece.fromPoint) junctions.set(piece.connector.key, piece.fromPoint);

  // Footnote markers for links with assumptions, in drawing order.
  const notes: { marker: string; connector: ConnectorModel }[] = [];
  for (const c of drawable) if (c.note && c.note.length > 0) notes.push({ marker: `A${notes.length + 1}`, connector: c });
  const markerOf = new Map(notes.map((n) => [n.connector.key, n.marker]));
  const labels = placeLabels(pieces, rects, junctions, markerOf, orientation);

  // Bounds of everything drawn, so labels and bends never fall off the picture.
  let minX = 0;
  let minY = 0;
  let maxX = layout.width;
  let maxY = layout.height;
  const grow = (r: Rect) => {
    minX = Math.min(minX, r.x);
    minY = Math.min(minY, r.y);
    maxX = Math.max(maxX, r.x + r.width);
    maxY = Math.max(maxY, r.y + r.height);
  };
  for (const r of rects.values()) grow(r);
  for (const l of labels) grow(l.box);
  for (const p of pieces) for (const q of p.course ? coursePoints(p.course) : []) grow({ x: q.x, y: q.y, width: 0, height: 0 });
  for (const j of junctions.values()) grow({ x: j.x - AND_WIDTH / 2, y: j.y - AND_HEIGHT / 2, width: AND_WIDTH, height: AND_HEIGHT });
  const diagramWidth = measured.size === 0 ? 0 : maxX - minX;
  const diagramHeight = measured.size === 0 ? 0 : maxY - minY;

  const titleWidth = model.title.length * 11 + 2 * MARGIN;
  const captionWidth = Math.max(0, ...model.captions.map((c) => c.length * 6.6)) + 2 * MARGIN;
  const width = Math.ceil(Math.max(MIN_WIDTH, diagramWidth + 2 * MARGIN, titleWidth, Math.min(captionWidth, 1100)));
  const inner = width - 2 * MARGIN;

  const head: string[] = [];
  let y = MARGIN + 20;
  head.push(`<text x="${MARGIN}" y="${y}" font-size="20" font-weight="700" fill="${INK}">${escapeXml(model.title)}</text>`);
  y += 8;
  for (const caption of model.captions) {
    for (const line of wrapText(caption, Math.floor(inner / 6.6))) {
      y += 18;
      head.push(`<text x="${MARGIN}" y="${y}" font-size="12.5" fill="${MUTED}">${escapeXml(line)}</text>`);
    }
  }
  y += 22;

  const body: string[] = [];
  if (measured.size === 0) {
    body.push(`<text x="${num(width / 2)}" y="${num(y + 40)}" text-anchor="middle" font-size="16" fill="${MUTED}" class="empty">${escapeXml(model.emptyMessage)}</text>`);
    y += 80;
  } else {
    const dx = MARGIN - minX + Math.max(0, (inner - diagramWidth) / 2);
    const dy = y - minY;
    body.push(`<g transform="translate(${num(dx)},${num(dy)})">`);
    for (const piece of pieces) body.push(drawPiece(piece));
    const connectorOf = new Map(drawable.map((c) => [c.key, c]));
    for (const [key, at] of junctions) body.push(drawJunction(connectorOf.get(key)!, at));
    for (const [id, m] of measured) body.push(drawCard(m, rects.get(id)!));
    for (const label of labels) body.push(drawLabel(label));
    body.push('</g>');
    y += diagramHeight + 28;
  }

  if (notes.length > 0) {
    y += 4;
    body.push(`<text x="${MARGIN}" y="${y}" font-size="12" font-weight="700" fill="${INK}">Assumptions on links</text>`);
    y += 4;
    const chars = Math.floor(inner / NOTE_CHAR);
    for (const { marker, connector } of notes) {
      const ends = `${sourcesOf(connector, measured).join(' + ')} → ${connector.to}`;
      const lines = [`[${marker}] ${relationWords(connector.relation)} (${ends}, link ${connector.linkId})`, ...connector.note!];
      lines.forEach((text, i) => {
        for (const line of wrapText(text, chars - (i === 0 ? 0 : 4))) {
          y += 16;
          body.push(`<text x="${MARGIN + (i === 0 ? 0 : 24)}" y="${y}" font-size="11.5"${i === 0 ? ' font-weight="700"' : ''} fill="${i === 0 ? MARKS[connector.mark].stroke : INK}">${escapeXml(line)}</text>`);
        }
      });
      y += 6;
    }
    y += 12;
  }

  const legend = drawLegend(legendEntries(model, drawable, measured, notes.length > 0), MARGIN, y, inner);
  if (legend.height > 0) {
    body.push(`<line x1="${MARGIN}" y1="${y - 8}" x2="${width - MARGIN}" y2="${y - 8}" stroke="#e2e8f0"/>`);
    body.push(legend.svg);
    y += legend.height;
  }
  const height = Math.ceil(y + MARGIN - 8);

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="cw-title" font-family="Arial, Helvetica, 'Liberation Sans', sans-serif">`,
    `<title id="cw-title">${escapeXml(model.title)}</title>`,
    defs(),
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    ...head,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

function sourcesOf(c: ConnectorModel, cards: Map<string, unknown>): string[] {
  return [...new Set(c.from)].filter((id) => id !== c.to && cards.has(id));
}

function defs(): string {
  const markers: string[] = [];
  for (const [mark, style] of Object.entries(MARKS)) {
    markers.push(
      `<marker id="cw-arrow-${mark}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="9" markerHeight="9" markerUnits="userSpaceOnUse" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="${style.stroke}"/></marker>`,
      `<marker id="cw-order-${mark}" viewBox="0 0 12 12" refX="11" refY="6" markerWidth="12" markerHeight="12" markerUnits="userSpaceOnUse" orient="auto"><path d="M1,1 L11,6 L1,11 z" fill="#ffffff" stroke="${style.stroke}" stroke-width="1.5"/></marker>`,
    );
  }
  return `<defs>${markers.join('')}</defs>`;
}

function buildPieces(connectors: ConnectorModel[], cards: Map<string, MeasuredCard>, layout: LayoutResult, rects: Map<string, Rect>): Piece[] {
  const pieces: Piece[] = [];
  for (const c of connectors) {
    const sources = sourcesOf(c, cards);
    const route = layout.routes.get(c.key);
    if (sources.length === 1) {
      pieces.push({ connector: c, fromNode: sources[0], toNode: c.to, bends: route?.sources.get(sources[0]!) ?? [], main: true });
      continue;
    }
    const junction = layout.junctions.get(c.key) ?? fallbackJunction(sources, c.to, rects);
    for (const source of sources) {
      pieces.push({ connector: c, fromNode: source, toPoint: junction, bends: route?.sources.get(source) ?? [], main: false });
    }
    pieces.push({ connector: c, fromPoint: junction, toNode: c.to, bends: route?.target ?? [], main: true });
  }
  return pieces;
}

function fallbackJunction(sources: string[], target: string, rects: Map<string, Rect>): Point {
  const points = sources.map((id) => centre(rects.get(id)!));
  const sx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const sy = points.reduce((s, p) => s + p.y, 0) / points.length;
  const t = centre(rects.get(target)!);
  return { x: sx + (t.x - sx) * 0.55, y: sy + (t.y - sy) * 0.55 };
}

/** Chooses each piece's card sides, spreads the ends sharing a side, and fixes its course. */
function placeEnds(pieces: Piece[], rects: Map<string, Rect>, orientation: Orientation): void {
  interface End {
    piece: Piece;
    which: 'start' | 'end';
    node: string;
    other: Point;
    side: Side;
  }
  const ends: End[] = [];
  const otherPoint = (piece: Piece, which: 'start' | 'end'): Point => {
    const bend = which === 'start' ? piece.bends[0] : piece.bends[piece.bends.length - 1];
    if (bend) return bend;
    if (which === 'start') return piece.toPoint ?? centre(rects.get(piece.toNode!)!);
    return piece.fromPoint ?? centre(rects.get(piece.fromNode!)!);
  };
  for (const piece of pieces) {
    if (piece.fromNode) {
      const other = otherPoint(piece, 'start');
      ends.push({ piece, which: 'start', node: piece.fromNode, other, side: facingSide(rects.get(piece.fromNode)!, other, orientation) });
    }
    if (piece.toNode) {
      const other = otherPoint(piece, 'end');
      ends.push({ piece, which: 'end', node: piece.toNode, other, side: facingSide(rects.get(piece.toNode)!, other, orientation) });
    }
  }
  const groups = new Map<string, End[]>();
  for (const end of ends) {
    const key = `${end.node}\u0000${end.side}`;
    const group = groups.get(key) ?? [];
    group.push(end);
    groups.set(key, group);
  }
  const anchors = new Map<End, Point>();
  for (const group of groups.values()) {
    const across = group[0]!.side === 'top' || group[0]!.side === 'bottom';
    group.sort((a, b) => (across ? a.other.x - b.other.x : a.other.y - b.other.y));
    group.forEach((end, slot) => anchors.set(end, anchorOn(rects.get(end.node)!, end.side, slot, group.length)));
  }
  const startOf = new Map<Piece, End>();
  const endOf = new Map<Piece, End>();
  for (const end of ends) (end.which === 'start' ? startOf : endOf).set(end.piece, end);
  for (const piece of pieces) {
    const startEnd = startOf.get(piece);
    const endEnd = endOf.get(piece);
    const start = startEnd ? anchors.get(startEnd)! : piece.fromPoint!;
    const end = endEnd ? anchors.get(endEnd)! : piece.toPoint!;
    piece.start = start;
    piece.end = end;
    if (styleOf(piece.connector.relation) === 'conflict' && piece.bends.length === 0) {
      piece.course = straightCourse(start, end);
    } else if (piece.bends.length > 0) {
      piece.course = bentCourse([start, ...piece.bends, end], orientation);
    } else {
      piece.course = curveCourse(start, startEnd?.side ?? null, end, endEnd?.side ?? null);
    }
  }
}

function labelText(c: ConnectorModel, marker: string | undefined): { tag: string; rest: string } {
  const rest = [relationWords(c.relation), c.suffix ?? '', marker ? `[${marker}]` : ''].filter((s) => s !== '').join(' ');
  return { tag: c.tag ?? '', rest };
}

function labelWidth(text: { tag: string; rest: string }): number {
  return 14 + (text.tag ? text.tag.length * 6.6 + 8 : 0) + Array.from(text.rest).length * 6.1;
}

function placeLabels(pieces: Piece[], rects: Map<string, Rect>, junctions: Map<string, Point>, markerOf: Map<string, string>, orientation: Orientation): Label[] {
  // Cards, junctions and labels placed so far, and points along every connector except where
  // labels belong (the middle of main pieces), each in a grid: a label looks only nearby.
  const taken = new RectGrid<Rect>();
  for (const rect of rects.values()) taken.add(rect);
  for (const j of junctions.values()) taken.add({ x: j.x - AND_WIDTH / 2, y: j.y - AND_HEIGHT / 2, width: AND_WIDTH, height: AND_HEIGHT });
  const labels: Label[] = [];
  const courseSamples = new PointGrid();
  for (const piece of pieces) {
    if (!piece.course) continue;
    for (let i = 0; i <= 20; i++) {
      const t = i / 20;
      if (piece.main && t > 0.15 && t < 0.85) continue;
      courseSamples.add(pointAlong(piece.course, t));
    }
  }
  for (const piece of pieces) {
    if (!piece.main || !piece.course) continue;
    const marker = markerOf.get(piece.connector.key);
    const width = labelWidth(labelText(piece.connector, marker));
    const boxAt = (t: number): Rect => {
      const p = pointAlong(piece.course!, t);
      return { x: p.x - width / 2, y: p.y - LABEL_HEIGHT / 2, width, height: LABEL_HEIGHT };
    };
    // An AND link's label sits beside its junction: the piece after it is often too short.
    const j = piece.fromPoint;
    const candidates: Rect[] = j
      ? orientation === 'vertical'
        ? [
            { x: j.x + AND_WIDTH / 2 + 6, y: j.y - LABEL_HEIGHT / 2, width, height: LABEL_HEIGHT },
            { x: j.x - AND_WIDTH / 2 - 6 - width, y: j.y - LABEL_HEIGHT / 2, width, height: LABEL_HEIGHT },
          ]
        : [
            { x: j.x - width / 2, y: j.y + AND_HEIGHT / 2 + 5, width, height: LABEL_HEIGHT },
            { x: j.x - width / 2, y: j.y - AND_HEIGHT / 2 - 5 - LABEL_HEIGHT, width, height: LABEL_HEIGHT },
          ]
      : [];
    candidates.push(...LABEL_POSITIONS.map(boxAt));
    // Then beside the connector, clear of it, where the gap between cards is too short.
    for (const t of [0.5, 0.35, 0.65]) {
      const box = boxAt(t);
      if (orientation === 'vertical') {
        candidates.push({ ...box, x: box.x + width / 2 + 6 }, { ...box, x: box.x - width / 2 - 6 });
      } else {
        candidates.push({ ...box, y: box.y - LABEL_HEIGHT / 2 - 4 }, { ...box, y: box.y + LABEL_HEIGHT / 2 + 4 });
      }
    }
    let best = candidates[0]!;
    let bestOverlap = Infinity;
    for (const box of candidates) {
      // Covering a card or another label is worst; hiding a stretch of some connector is bad too.
      const crossed = courseSamples.countInside(box);
      const around = { x: box.x - 3, y: box.y - 3, width: box.width + 6, height: box.height + 6 };
      const hits = taken.near(around).filter((r) => overlaps(box, r, 3)).length * 100 + crossed;
      if (hits < bestOverlap) {
        best = box;
        bestOverlap = hits;
        if (hits === 0) break;
      }
    }
    taken.add(best);
    labels.push({ connector: piece.connector, box: best, marker });
  }
  return labels;
}

function strokeAttrs(c: ConnectorModel): string {
  const style = MARKS[c.mark];
  const dash = c.dashed ? '7 5' : style.dash;
  return `stroke="${style.stroke}" stroke-width="${style.width}"${dash ? ` stroke-dasharray="${dash}"` : ''}${c.dashed ? ' stroke-opacity="0.75"' : ''}`;
}

function drawPiece(piece: Piece): string {
  const c = piece.connector;
  const kind = styleOf(c.relation);
  const attrs = `fill="none" stroke-linejoin="round" ${strokeAttrs(c)}`;
  const data = `data-link-id="${escapeXml(c.linkId)}" data-mark="${c.mark}"`;
  if (kind === 'conflict' && piece.main && piece.bends.length === 0) {
    return `<path class="link conflict" ${data} d="${zigzagPath(piece.start!, piece.end!)}" ${attrs}/>`;
  }
  const arrow = piece.main && kind !== 'conflict' ? ` marker-end="url(#cw-${kind === 'order' ? 'order' : 'arrow'}-${c.mark})"` : '';
  return `<path class="link${piece.main ? '' : ' and-source'}" ${data} d="${coursePath(piece.course!)}" ${attrs}${arrow}/>`;
}

function drawJunction(c: ConnectorModel, at: Point): string {
  const style = MARKS[c.mark];
  return (
    `<g class="junction" data-link-id="${escapeXml(c.linkId)}" data-mark="${c.mark}">` +
    `<rect x="${num(at.x - AND_WIDTH / 2)}" y="${num(at.y - AND_HEIGHT / 2)}" width="${AND_WIDTH}" height="${AND_HEIGHT}" rx="9" fill="#ffffff" stroke="${style.stroke}" stroke-width="1.6"${c.dashed ? ' stroke-dasharray="4 3"' : ''}/>` +
    `<text x="${num(at.x)}" y="${num(at.y + 3.5)}" text-anchor="middle" font-size="9.5" font-weight="700" fill="${style.stroke}">AND</text></g>`
  );
}

function drawLabel(label: Label): string {
  const c = label.connector;
  const style = MARKS[c.mark];
  const text = labelText(c, label.marker);
  const { x, y, width, height } = label.box;
  const parts = [
    `<g class="link-label" data-link-id="${escapeXml(c.linkId)}" data-mark="${c.mark}">`,
    `<rect x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${height}" rx="4" fill="#ffffff" fill-opacity="0.94" stroke="${style.stroke}" stroke-opacity="0.45"/>`,
    `<text x="${num(x + 7)}" y="${num(y + 12.8)}" font-size="11.5" fill="${c.mark === 'context' ? MUTED : style.stroke}">`,
  ];
  if (text.tag) parts.push(`<tspan font-size="9.5" font-weight="700" letter-spacing="0.4">${escapeXml(text.tag)}</tspan><tspan dx="4"> ${escapeXml(text.rest)}</tspan>`);
  else parts.push(escapeXml(text.rest));
  parts.push('</text></g>');
  return parts.join('');
}

function legendEntries(model: DiagramModel, drawable: ConnectorModel[], cards: Map<string, MeasuredCard>, hasNotes: boolean): LegendEntry[] {
  const entries: LegendEntry[] = [];
  const words: Record<Exclude<Mark, 'accepted'>, string> = {
    proposed: 'proposed: not endorsed yet (dashed)',
    disputed: 'disputed: an objection stands (dotted)',
    added: 'newly accepted',
    changed: 'changed; its previous form is shown',
    removed: 'no longer accepted; last accepted content',
    context: 'unchanged neighbour, for orientation',
  };
  for (const mark of model.marks) if (mark !== 'accepted') entries.push({ sign: mark, text: words[mark] });
  const styles = new Set(drawable.map((c) => styleOf(c.relation)));
  const signsFrom = entries.length;
  if (styles.has('cause')) entries.push({ sign: 'arrow', text: 'read from source to target' });
  if (drawable.some((c) => sourcesOf(c, cards).length > 1)) entries.push({ sign: 'and', text: 'sources act together (one joint link)' });
  if (styles.has('conflict')) entries.push({ sign: 'conflict', text: 'conflicts with (not causal)' });
  if (styles.has('order')) entries.push({ sign: 'order', text: 'precedes: order only, not causation' });
  if ([...cards.values()].some((m) => m.model.sections.some((s) => s.trace))) {
    entries.push({ sign: 'trace', text: 'Addresses, Derived from, Implements: nodes in other trees (references, not arrows)' });
  }
  if (hasNotes) entries.push({ sign: 'note', text: 'assumption on a link, listed above' });
  if (signsFrom > 0 && entries[signsFrom]) entries[signsFrom] = { ...entries[signsFrom]!, newRow: true };
  return entries;
}
