// The size of every card, for the layout, without putting the cards on the canvas. A big tree's
// cards are sized by arithmetic (card-model.ts) from a few calibration cards; the others, and
// every card of a small tree, are drawn off screen (hidden, with the canvas's CSS), measured and
// taken away again within one task, a few dozen cards a task so the page never stalls. Sizes are
// remembered per card content, so the other view of a tree, a re-layout or opening the file again
// measures only what is new.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { Position, type NodeHandle } from '@xyflow/react';
import type { ClaimData } from './build-flow';
import { ClaimCard, linkHandleSide } from './ClaimNode';
import { nextTask } from '../../store/next-task';
import { keepRecent } from './recent';
import { calibrationParts, metricsCard, modelCard, partsCard, readMetrics, sizeOf, type CardMetrics, type CardParts, type CardSize, type Modelled, type UnsureLines } from './card-model';
import { useChecks } from '../checks/check-report';

export type { CardSize } from './card-model';

/** One React root per measuring host, rendering nothing between slices. */
const roots = new WeakMap<HTMLElement, Root>();
const remembered = new Map<string, CardSize>();
/** Plenty for several big files; past it the oldest half is forgotten. */
const REMEMBER_AT_MOST = 40_000;
/** Time one task may spend drawing and measuring cards. */
const TASK_BUDGET_MS = 25;

/** Each card's signature as last written: a card's data object is kept while it shows the same. */
const signatures = new WeakMap<ClaimData, string>();

/** Everything shown on a card that can change its size (what the card draws, in order). */
export function cardSignature(data: ClaimData): string {
  let signature = signatures.get(data);
  if (signature === undefined) {
    signature = writeSignature(data);
    signatures.set(data, signature);
  }
  return signature;
}

function writeSignature(data: ClaimData): string {
  const { node } = data;
  return JSON.stringify([
    node.id,
    node.kind,
    node.status,
    node.text,
    data.mark ?? '',
    data.previous ?? '',
    data.traces.map((t) => [t.field, t.target, t.targetTree ?? '']),
    data.contributorNames,
    node.assumptions.length,
    node.challenges.length,
    data.openBacklog,
    data.problems.length,
  ]);
}

/**
 * The size of each card (by node id). `host` must sit inside the canvas so the cards get its
 * styles; it is left empty between tasks, so nothing else ever sees the measuring copies.
 */
export async function measureCards(host: HTMLElement, cards: ClaimData[], job: { cancelled: boolean }): Promise<Map<string, CardSize>> {
  const sizes = new Map<string, CardSize>();
  let missing: { data: ClaimData; signature: string }[] = [];
  for (const data of cards) {
    const signature = cardSignature(data);
    const known = remembered.get(signature);
    if (known) sizes.set(data.node.id, known);
    else missing.push({ data, signature });
  }
  if (missing.length === 0) return sizes;
  if (remembered.size + missing.length > REMEMBER_AT_MOST) [...remembered.keys()].slice(0, remembered.size / 2).forEach((k) => remembered.delete(k));
  const root = roots.get(host) ?? createRoot(host);
  roots.set(host, root);
  if (missing.length >= MODEL_FROM && metrics !== null) {
    const modelled = await modelSizes(root, host, missing.map((m) => m.data), job);
    if (job.cancelled) return sizes;
    missing.forEach(({ data, signature }, i) => {
      const size = modelled.get(i);
      if (!size) return;
      remembered.set(signature, size);
      sizes.set(data.node.id, size);
    });
    missing = missing.filter((_, i) => !modelled.has(i));
  }
  let batch = 40;
  for (let start = 0; start < missing.length; ) {
    await nextTask();
    if (job.cancelled) return sizes;
    const began = performance.now();
    const slice = missing.slice(start, start + batch);
    flushSync(() =>
      root.render(
        slice.map(({ data, signature }) => (
          <div key={signature} className="cw-card-measure-slot">
            <ClaimCard data={data} selected={false} />
          </div>
        )),
      ),
    );
    const slots = host.children;
    slice.forEach(({ data, signature }, i) => {
      const card = slots[i] as HTMLElement;
      const size = { width: card.offsetWidth, height: card.offsetHeight };
      remembered.set(signature, size);
      sizes.set(data.node.id, size);
    });
    flushSync(() => root.render(null));
    start += slice.length;
    // Aim the next slice at the task budget from how long this one took.
    const took = Math.max(1, performance.now() - began);
    batch = Math.max(10, Math.min(400, Math.round((batch * TASK_BUDGET_MS) / took)));
  }
  return sizes;
}

/** From this many cards to measure, the arithmetic sizes them (fewer are drawn: quick enough). */
const MODEL_FROM = 40;
/** The card arithmetic's metrics on this page: undefined until first needed, null when not to be trusted. */
let metrics: CardMetrics | null | undefined;
/** Exact sizes of the calibration cards drawn, by their parts. */
const calibrated = new Map<string, CardSize>();
/** How many of the cards sized by arithmetic are also drawn, to check the arithmetic against. */
const VERIFY_CARDS = 4;

/** How many statements are laid out together to read their lines (one layout of the page for all). */
const STATEMENTS_A_TASK = 300;

/**
 * The lines each of `texts` takes in a card's statement, read from the page: copies of the drawn
 * card `card`'s statement, one per text, beside it in its column (so the same width and styles
 * apply), measured together. Undefined for a text whose height is not a whole number of lines.
 */
function statementLines(card: HTMLElement, texts: string[]): (number | undefined)[] {
  const statement = card.querySelector<HTMLElement>('.cw-claim-text');
  const column = statement?.parentElement;
  if (!statement || !column) return texts.map(() => undefined);
  const line = statement.getBoundingClientRect().height;
  const copies = texts.map((text) => {
    const copy = statement.cloneNode(false) as HTMLElement;
    copy.textContent = text;
    column.insertBefore(copy, statement);
    return copy;
  });
  const lines = copies.map((copy) => {
    const ratio = copy.getBoundingClientRect().height / line;
    const whole = Math.round(ratio);
    return whole >= 1 && Math.abs(ratio - whole) < 0.02 ? whole : undefined;
  });
  for (const copy of copies) copy.remove();
  return lines;
}

/** Draws `cards` off screen at once, reads their slots (each a card as the canvas draws it) and takes them away. */
function drawn<T>(root: Root, host: HTMLElement, cards: ClaimData[], read: (slots: HTMLElement[]) => T): T {
  flushSync(() =>
    root.render(
      cards.map((data, i) => (
        <div key={i} className="cw-card-measure-slot">
          <ClaimCard data={data} selected={false} />
        </div>
      )),
    ),
  );
  const answer = read([...host.children] as HTMLElement[]);
  flushSync(() => root.render(null));
  return answer;
}

/** Sizes unrounded, to add up parts without adding up rounding. */
const exact = (slots: HTMLElement[]): CardSize[] =>
  slots.map((slot) => {
    const box = slot.getBoundingClientRect();
    return { width: box.width, height: box.height };
  });

/**
 * Sizes by arithmetic for the cards it is sure of (by index in `cards`), after drawing the
 * calibration cards it lacks. The first time on a page, a few real cards are drawn as well, and
 * the arithmetic is dropped for good if any of them differs from it.
 */
async function modelSizes(root: Root, host: HTMLElement, cards: ClaimData[], job: { cancelled: boolean }): Promise<Map<number, CardSize>> {
  const sizes = new Map<number, CardSize>();
  const sample = cards[0]!;
  if (metrics === undefined) {
    await nextTask();
    if (job.cancelled) return sizes;
    metrics = drawn(root, host, [metricsCard(sample, 1), metricsCard(sample, 3)], ([one, three]) => readMetrics(one!, three!)) ?? null;
  }
  const known = metrics;
  if (!known) return sizes;
  // A card with a reasoning check mark has one more part in its footer: drawn.
  const checked = useChecks.getState().byItem;
  const modelled = new Map<number, Modelled>();
  const unsure = new Map<number, UnsureLines>();
  for (let i = 0; i < cards.length; ) {
    // Text widths are measured the first time a word is seen: a slice of cards a task.
    await nextTask();
    if (job.cancelled) return sizes;
    const began = performance.now();
    for (; i < cards.length && performance.now() - began < TASK_BUDGET_MS; i++) {
      const data = cards[i]!;
      const card = checked.has(data.node.id) ? undefined : modelCard(data, known);
      if (card?.lines !== undefined) modelled.set(i, card);
      else if (card) unsure.set(i, card);
    }
  }
  // Statements whose wrapping the arithmetic is unsure of: laid out on the page, all at once.
  const indexes = [...unsure.keys()];
  for (let start = 0; start < indexes.length; start += STATEMENTS_A_TASK) {
    await nextTask();
    if (job.cancelled) return sizes;
    const slice = indexes.slice(start, start + STATEMENTS_A_TASK);
    const lines = drawn(root, host, [metricsCard(sample, 1)], ([one]) => statementLines(one!, slice.map((i) => cards[i]!.node.text)));
    slice.forEach((i, k) => {
      const count = lines[k];
      if (count !== undefined) modelled.set(i, { parts: unsure.get(i)!.parts, lines: count });
    });
  }
  const first = modelled.values().next().value;
  if (!first) return sizes;
  const reference = calibrationParts(first.parts, first.parts).frame;
  const key = (parts: CardParts) => JSON.stringify(parts);
  const wanted = new Map<string, CardParts>([[key(reference), reference]]);
  for (const card of modelled.values()) {
    for (const parts of Object.values(calibrationParts(card.parts, reference))) if (!calibrated.has(key(parts))) wanted.set(key(parts), parts);
  }
  const toDraw = [...wanted].filter(([k]) => !calibrated.has(k));
  for (let start = 0; start < toDraw.length; start += 40) {
    await nextTask();
    if (job.cancelled) return sizes;
    const slice = toDraw.slice(start, start + 40);
    drawn(root, host, slice.map(([, parts]) => partsCard(sample, parts)), exact).forEach((size, i) => calibrated.set(slice[i]![0], size));
  }
  const base = calibrated.get(key(reference))!.height;
  for (const [i, card] of modelled) {
    const parts = calibrationParts(card.parts, reference);
    const size = sizeOf(card, { frame: calibrated.get(key(parts.frame))!, footer: calibrated.get(key(parts.footer))!.height, traces: calibrated.get(key(parts.traces))!.height, reference: base }, known);
    sizes.set(i, size);
  }
  // Cards spread over the tree, drawn as well: any that differs drops the arithmetic for good.
  await nextTask();
  if (job.cancelled) return new Map();
  const sized = [...modelled.keys()].sort((a, b) => a - b);
  const count = Math.min(VERIFY_CARDS, sized.length);
  const picks = [...new Set(Array.from({ length: count }, (_, k) => sized[Math.floor((k * sized.length) / count)]!))];
  const real = drawn(root, host, picks.map((i) => cards[i]!), (slots) => slots.map((slot) => ({ width: slot.offsetWidth, height: slot.offsetHeight })));
  const agrees = picks.every((i, k) => {
    const model = sizes.get(i)!;
    return model.width === real[k]!.width && model.height >= real[k]!.height && model.height - real[k]!.height <= 1;
  });
  if (!agrees) {
    metrics = null;
    return new Map();
  }
  return sizes;
}

/**
 * The last answers by request: a canvas drawn again for a request it answered before (the other
 * view and back, another tree and back) takes the sizes its layout was made with, at once.
 */
const answers = new Map<string, Map<string, CardSize>>();

function answered(request: string): { request: string; sizes: Map<string, CardSize> } | undefined {
  const sizes = answers.get(request);
  return sizes ? { request, sizes } : undefined;
}

/**
 * Card sizes for `request` (a structure and layout generation): measured once per request, not
 * on every edit, as the layout needs them only when the structure changes. Until the first
 * answer, undefined; afterwards the latest answer (its request says which).
 */
export function useCardSizes(host: RefObject<HTMLElement | null>, request: string, cards: () => ClaimData[]): { request: string; sizes: Map<string, CardSize> } | undefined {
  const [answer, setAnswer] = useState<{ request: string; sizes: Map<string, CardSize> } | undefined>(() => answered(request));
  const read = useRef(cards);
  read.current = cards;
  useEffect(() => {
    const known = answered(request);
    if (known) {
      setAnswer((current) => (current?.sizes === known.sizes ? current : known));
      return;
    }
    const element = host.current;
    if (!element) return;
    const job = { cancelled: false };
    // In a task after the one that drew the canvas: reading a big tree's cards and starting to
    // measure them would otherwise lengthen that task by tens of milliseconds.
    void nextTask()
      .then(() => (job.cancelled ? undefined : measureCards(element, read.current(), job)))
      .then((sizes) => {
        if (!sizes || job.cancelled) return;
        keepRecent(answers, request, sizes);
        setAnswer({ request, sizes });
      });
    return () => {
      job.cancelled = true;
    };
  }, [host, request]);
  return answer;
}

/** Handle boxes as the card's CSS places them, so React Flow can cull and link a card it never drew. */
export function cardHandles(size: CardSize, linkSide: ClaimData['linkSide']): NodeHandle[] {
  const link = 14;
  const side = linkHandleSide(linkSide);
  const at = side === Position.Top ? { x: size.width / 2 - link / 2, y: -link / 2 } : { x: side === Position.Left ? -link / 2 : size.width - link / 2, y: size.height / 2 - link / 2 };
  return [
    { type: 'target', position: Position.Top, x: size.width / 2 - 3, y: -3, width: 6, height: 6 },
    { type: 'source', position: side, ...at, width: link, height: link },
  ];
}

/** The junction's two handles (its size is fixed). */
export function junctionHandles(size: number): NodeHandle[] {
  return [
    { type: 'target', position: Position.Top, x: size / 2 - 3, y: -3, width: 6, height: 6 },
    { type: 'source', position: Position.Bottom, x: size / 2 - 3, y: size - 3, width: 6, height: 6 },
  ];
}
