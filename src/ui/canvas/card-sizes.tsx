// The size of every card, for the layout, without putting the cards on the canvas: each card is
// drawn off screen (hidden, with the canvas's CSS), measured and taken away again within one
// task, a few dozen cards a task so the page never stalls. Sizes are remembered per card content,
// so the other view of a tree, a re-layout or opening the file again measures only what is new.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { Position, type NodeHandle } from '@xyflow/react';
import type { ClaimData } from './build-flow';
import { ClaimCard, linkHandleSide } from './ClaimNode';
import { nextTask } from '../timing/next-task';
import { keepRecent } from './recent';

export interface CardSize {
  width: number;
  height: number;
}

/** One React root per measuring host, rendering nothing between slices. */
const roots = new WeakMap<HTMLElement, Root>();
const remembered = new Map<string, CardSize>();
/** Plenty for several big files; past it the oldest half is forgotten. */
const REMEMBER_AT_MOST = 40_000;
/** Time one task may spend drawing and measuring cards. */
const TASK_BUDGET_MS = 25;

/** Everything shown on a card that can change its size (what the card draws, in order). */
export function cardSignature(data: ClaimData): string {
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
  const missing: { data: ClaimData; signature: string }[] = [];
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
    void measureCards(element, read.current(), job).then((sizes) => {
      if (job.cancelled) return;
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
