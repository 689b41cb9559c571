// A card's size by arithmetic, without drawing it: laying out a thousand cards in the page just to
// measure them was most of the time a big tree took to open. A card is a column of blocks whose
// heights add up: its head and frame (by kind and status), its statement (lines, wrapped at
// spaces as CSS wraps them, from canvas text widths, times the line height), its rows of trace
// chips, and its footer (by which parts it shows). Each of those is measured once per page
// on a few calibration cards drawn like any other (see card-sizes.tsx). A statement whose wrapping
// is not certain (a line that nearly fits, words the arithmetic does not wrap) is laid out on its
// own on the page; a card whose other parts are not certain (a row of chips that nearly fits, a
// footer that wraps, a change view's marks, problems) is drawn and measured as before.
import type { ClaimData } from './build-flow';
import { TRACE_LABEL, plural } from '../words';

export interface CardSize {
  width: number;
  height: number;
}

/** What the page's CSS gives the parts of a card, read from a calibration card as drawn. */
export interface CardMetrics {
  /** Canvas font strings (style, weight, size, family) of the statement and the smaller parts. */
  fonts: { text: string; id: string; people: string; count: string; backlog: string; chip: string };
  /** Width the statement (and every row of the card) is laid out in. */
  textWidth: number;
  /** Height one more line of statement adds. */
  lineHeight: number;
  /** The footer's gap between items, the counts' between theirs, the trace chips'. */
  footerGap: number;
  countsGap: number;
  chipGap: number;
  /** Padding and border around the backlog badge's text, and around a trace chip's. */
  backlogExtra: number;
  chipExtra: number;
}

/** The parts of a card its height depends on, besides its statement. */
export interface CardParts {
  kind: string;
  status: string;
  people: boolean;
  assumptions: boolean;
  challenges: boolean;
  backlog: boolean;
  traceRows: number;
}

/** A card's parts and statement lines, or undefined when the card must be drawn to be measured. */
export interface Modelled {
  parts: CardParts;
  lines: number;
}

/**
 * A card whose parts the arithmetic is sure of, but not how its statement wraps (a line nearly
 * fits, or the text has what the arithmetic does not wrap): its lines are read from the page,
 * the statement alone laid out as a card lays it out (see card-sizes.tsx).
 */
export interface UnsureLines {
  parts: CardParts;
  lines: undefined;
}

/** How near a line or a row may come to the edge before the arithmetic is not trusted. */
const MARGIN = 1.5;
/** A trace target that makes a calibration chip wider than half a row, on one line: a row of its own. */
const WIDE_TARGET = 'W'.repeat(8);
/**
 * Text wrapped here: letters, digits, single spaces, line breaks and punctuation that CSS never
 * breaks at. Anything else (hyphens, slashes, other scripts, runs of spaces) is drawn.
 */
const SIMPLE = /^[A-Za-z0-9 \n.,;:'"!?()&%#+=*]*$/;

let context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null | undefined;
/** Text widths by font, each measured once (words repeat across a tree's statements). */
const widths = new Map<string, Map<string, number>>();

function contextFor(font: string): CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null {
  context ??= typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(1, 1).getContext('2d') : document.createElement('canvas').getContext('2d');
  if (context && context.font !== font) context.font = font;
  return context;
}

function widthOf(text: string, font: string): number {
  let byText = widths.get(font);
  if (!byText) widths.set(font, (byText = new Map()));
  let width = byText.get(text);
  if (width === undefined) {
    if (byText.size > 50_000) byText.clear();
    width = contextFor(font)?.measureText(text).width ?? Number.NaN;
    byText.set(text, width);
  }
  return width;
}

/**
 * Lines of `text` wrapped at `width` as CSS wraps it (at spaces, a line's last spaces hanging),
 * or undefined when a line comes too near the edge to be sure, a word is wider than a line, or
 * the text is not simple.
 */
function linesOf(text: string, font: string, width: number): number | undefined {
  if (!SIMPLE.test(text) || text.includes('  ')) return undefined;
  const space = widthOf(' ', font);
  let lines = 0;
  for (const paragraph of text.split('\n')) {
    lines++;
    let used = -1;
    for (const word of paragraph.split(' ')) {
      const w = widthOf(word, font);
      if (!(w < width - MARGIN)) return undefined;
      const next = used < 0 ? w : used + space + w;
      if (Math.abs(next - width) < MARGIN) return undefined;
      if (next <= width) used = next;
      else {
        lines++;
        used = w;
      }
    }
  }
  return lines;
}

/** Statements left to the page: none at all, tabs, spaces or breaks at either end. */
function plainEnough(text: string): boolean {
  return text.trim() !== '' && text === text.trim() && !text.includes('\t');
}

/** The chip's words, as the card writes them (ClaimNode.tsx). */
function chipLabel(trace: ClaimData['traces'][number]): string {
  return `${TRACE_LABEL[trace.field]} ${trace.target}`;
}

/** Rows of trace chips as flex-wrap fills them; undefined when a chip nearly fits or overflows. */
function traceRows(data: ClaimData, metrics: CardMetrics): number | undefined {
  let rows = 0;
  let used = 0;
  for (const trace of data.traces) {
    const chip = widthOf(chipLabel(trace), metrics.fonts.chip) + metrics.chipExtra;
    if (chip > metrics.textWidth - MARGIN) return undefined;
    if (rows === 0) {
      rows = 1;
      used = chip;
      continue;
    }
    const next = used + metrics.chipGap + chip;
    if (Math.abs(next - metrics.textWidth) < MARGIN) return undefined;
    if (next <= metrics.textWidth) used = next;
    else {
      rows++;
      used = chip;
    }
  }
  return rows;
}

/** Whether the footer (id, contributors, counts) keeps to one row, the contributors to one line. */
function footerFits(data: ClaimData, metrics: CardMetrics): boolean {
  const { fonts } = metrics;
  const counts: number[] = [];
  if (data.node.assumptions.length > 0) counts.push(widthOf(plural(data.node.assumptions.length, 'assumption'), fonts.count));
  if (data.node.challenges.length > 0) counts.push(widthOf(plural(data.node.challenges.length, 'challenge'), fonts.count));
  if (data.openBacklog > 0) counts.push(widthOf(`⚑ ${data.openBacklog}`, fonts.backlog) + metrics.backlogExtra);
  const countsWidth = counts.reduce((sum, w) => sum + w, 0) + Math.max(0, counts.length - 1) * metrics.countsGap;
  const people = data.contributorNames.length > 0;
  // The contributors take what the id and the counts leave (flex: 1) and wrap there.
  const left = metrics.textWidth - widthOf(data.node.id, fonts.id) - countsWidth - (people ? 2 : 1) * metrics.footerGap;
  if (left < MARGIN) return false;
  return !people || linesOf(data.contributorNames.join(', '), fonts.people, left) === 1;
}

/** What a card's height is made of (its lines perhaps left to the page), or undefined when it must be drawn to be measured. */
export function modelCard(data: ClaimData, metrics: CardMetrics): Modelled | UnsureLines | undefined {
  const { node } = data;
  if (data.mark || data.previous || data.problems.length > 0 || !plainEnough(node.text)) return undefined;
  const rows = traceRows(data, metrics);
  if (rows === undefined || !footerFits(data, metrics)) return undefined;
  const lines = linesOf(node.text, metrics.fonts.text, metrics.textWidth);
  const parts = { kind: node.kind, status: node.status, people: data.contributorNames.length > 0, assumptions: node.assumptions.length > 0, challenges: node.challenges.length > 0, backlog: data.openBacklog > 0, traceRows: rows };
  return lines === undefined ? { parts, lines: undefined } : { parts, lines };
}

/** The frame a card's size is built on: its kind and status, one line, nothing else. */
export function frameKey(parts: CardParts): string {
  return `${parts.kind}|${parts.status}`;
}

/** What its footer shows. */
export function footerKey(parts: CardParts): string {
  return `${+parts.people}${+parts.assumptions}${+parts.challenges}${+parts.backlog}`;
}

const BARE: Omit<CardParts, 'kind' | 'status'> = { people: false, assumptions: false, challenges: false, backlog: false, traceRows: 0 };

/** The parts of the card that calibrates the frame of `parts`, its footer, or its trace rows (on `reference`'s frame). */
export function calibrationParts(parts: CardParts, reference: CardParts): { frame: CardParts; footer: CardParts; traces: CardParts } {
  const frame = { ...BARE, kind: parts.kind, status: parts.status };
  return {
    frame,
    footer: { ...BARE, kind: reference.kind, status: reference.status, people: parts.people, assumptions: parts.assumptions, challenges: parts.challenges, backlog: parts.backlog },
    traces: { ...BARE, kind: reference.kind, status: reference.status, traceRows: parts.traceRows },
  };
}

/** A card of `parts` with a statement of `lines` lines of one letter, made from any card's data. */
export function partsCard(data: ClaimData, parts: CardParts, lines = 1): ClaimData {
  const node = {
    ...data.node,
    kind: parts.kind as ClaimData['node']['kind'],
    status: parts.status as ClaimData['node']['status'],
    text: Array(lines).fill('x').join('\n'),
    assumptions: (parts.assumptions ? [{ text: 'x' }] : []) as ClaimData['node']['assumptions'],
    challenges: (parts.challenges ? [{ text: 'x' }] : []) as ClaimData['node']['challenges'],
  };
  const targetTree = data.traces[0]?.targetTree ?? 'goal';
  const traces = Array.from({ length: parts.traceRows }, (_, i) => ({ field: 'derived_from' as const, target: `${WIDE_TARGET}${i}`, targetTree, targetText: '' }));
  return { ...data, node, contributorNames: parts.people ? ['x'] : [], openBacklog: parts.backlog ? 1 : 0, traces, problems: [], mark: undefined, previous: undefined };
}

/** The card the metrics are read from: every part shown, with `lines` lines of statement. */
export function metricsCard(data: ClaimData, lines: number): ClaimData {
  const all = { kind: data.node.kind, status: 'proposed', people: true, assumptions: true, challenges: false, backlog: true, traceRows: 1 };
  const card = partsCard(data, all, lines);
  return { ...card, traces: [{ ...card.traces[0]!, target: 'x' }] };
}

function fontOf(element: Element): string {
  const style = getComputedStyle(element);
  return `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
}

function px(value: string): number {
  return Number.parseFloat(value) || 0;
}

function sides(element: Element): number {
  const style = getComputedStyle(element);
  return px(style.paddingLeft) + px(style.paddingRight) + px(style.borderLeftWidth) + px(style.borderRightWidth);
}

/** The metrics from the metrics card drawn with one line (`one`) and with three (`three`). */
export function readMetrics(one: HTMLElement, three: HTMLElement): CardMetrics | undefined {
  const find = (selector: string) => one.querySelector(selector);
  const [text, id, people, count, backlog, chip, foot, counts, traces] = ['.cw-claim-text', '.cw-id', '.cw-people', '.cw-count', '.cw-backlog-badge', '.cw-trace-chip', '.cw-claim-foot', '.cw-counts', '.cw-traces'].map(find);
  if (!text || !id || !people || !count || !backlog || !chip || !foot || !counts || !traces) return undefined;
  const lineHeight = (three.getBoundingClientRect().height - one.getBoundingClientRect().height) / 2;
  if (!(lineHeight > 0)) return undefined;
  return {
    fonts: { text: fontOf(text), id: fontOf(id), people: fontOf(people), count: fontOf(count), backlog: fontOf(backlog), chip: fontOf(chip) },
    textWidth: text.getBoundingClientRect().width,
    lineHeight,
    footerGap: px(getComputedStyle(foot).columnGap),
    countsGap: px(getComputedStyle(counts).columnGap),
    chipGap: px(getComputedStyle(traces).columnGap),
    backlogExtra: sides(backlog),
    chipExtra: sides(chip),
  };
}

/**
 * The size from the measured (exact, unrounded) heights: the card's frame, the footer's and the
 * trace rows' cards and the bare reference card they are compared with.
 */
export function sizeOf(modelled: Modelled, measured: { frame: CardSize; footer: number; traces: number; reference: number }, metrics: CardMetrics): CardSize {
  const height = measured.frame.height + (measured.footer - measured.reference) + (measured.traces - measured.reference) + (modelled.lines - 1) * metrics.lineHeight;
  // Never less than the page draws (a hundredth of a pixel is rounding, not room).
  return { width: Math.ceil(measured.frame.width - 0.01), height: Math.ceil(height - 0.01) };
}
