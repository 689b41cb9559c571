// Runs the automatic layout in a Web Worker once every card has been measured (off the canvas), and only when the
// structure changes: editing text never moves the diagram. Results are kept per structure, so
// switching tabs back and forth is instant and always gives the same picture.
import { useEffect, useRef, useState } from 'react';
import type { TreeKey, DrawableTree } from '../../format';
import { createLayoutWorkerClient } from '../../layout';
import type { LayoutInput, LayoutResult } from '../../layout/types';
import { drawableLinks } from './build-flow';

type LayoutClient = ReturnType<typeof createLayoutWorkerClient>;

let sharedClient: LayoutClient | null = null;
function client(): LayoutClient {
  sharedClient ??= createLayoutWorkerClient();
  return sharedClient;
}

/** Has the layout worker warm up while the page is idle, so the first big tree is laid out by compiled code. */
export function warmLayoutWorker(): void {
  client().warm();
}

/** Kept layouts by structure, with the card sizes each was made for. */
const results = new Map<string, { result: LayoutResult; sizes: ReadonlyMap<string, { width: number; height: number }> }>();

/**
 * A kept layout made for smaller cards than these would draw them over each other: another file
 * of the same structure (a later version of it, say) opened with longer statements.
 */
function fitsSizes(made: ReadonlyMap<string, { width: number; height: number }>, sizes: ReadonlyMap<string, { width: number; height: number }>): boolean {
  for (const [id, size] of sizes) {
    const was = made.get(id);
    if (!was || size.height > was.height + 1 || size.width > was.width + 1) return false;
  }
  return true;
}

/** The last key made for each tree and view, and the tree it was made from. */
const lastKeys = new Map<string, { tree: DrawableTree; key: string }>();

/** What the layout depends on: ids, kinds and connections; never text. */
export function structureKey(view: string, tree: DrawableTree): string {
  // Typing changes a node's text, not the structure: the last key holds, found without building it again.
  const last = lastKeys.get(`${tree.key}|${view}`);
  if (last && sameStructure(last.tree, tree)) return last.key;
  const key = keyOf(view, tree);
  lastKeys.set(`${tree.key}|${view}`, { tree, key });
  return key;
}

/** The same ids and kinds in the same order, and the very same link objects (links are read once per version). */
function sameStructure(a: DrawableTree, b: DrawableTree): boolean {
  if (a === b) return true;
  if (a.nodes.length !== b.nodes.length || a.links.length !== b.links.length) return false;
  for (let i = 0; i < a.nodes.length; i++) if (a.nodes[i]!.id !== b.nodes[i]!.id || a.nodes[i]!.kind !== b.nodes[i]!.kind) return false;
  for (let i = 0; i < a.links.length; i++) if (a.links[i] !== b.links[i]) return false;
  return true;
}

function keyOf(view: string, tree: DrawableTree): string {
  const nodes = tree.nodes.map((n) => `${n.id}:${n.kind}`).join(',');
  const links = drawableLinks(tree)
    .map((l) => `${l.id}:${l.from.join('+')}>${l.to}:${l.relation}`)
    .join(',');
  return `${tree.key}|${view}|${nodes}|${links}`;
}

let layoutsOpening = 0;
/** A document opened anew starts without the layouts kept for the last one (same ids, other cards). */
export function keepLayoutsOf(openings: number): void {
  if (openings === layoutsOpening) return;
  layoutsOpening = openings;
  results.clear();
}

export function forgetLayout(prefix: string): void {
  for (const key of [...results.keys()]) if (key.startsWith(prefix)) results.delete(key);
}

export interface TreeLayoutState {
  /** The layout for the current structure, once known. */
  result: LayoutResult | undefined;
  /** Layout failed (the message is shown; the nodes stay where they are). */
  error: string | undefined;
  /** The generation asked for when the result was made (Tidy up waits for its own). */
  generation: number | undefined;
}

/**
 * `sizes` is undefined until every card is measured (or while no layout is wanted); layout
 * starts then. `generation` bumps on Tidy up, which forgets the kept results first.
 */
export function useTreeLayout(
  treeKey: TreeKey,
  key: string,
  tree: DrawableTree,
  sizes: Map<string, { width: number; height: number }> | undefined,
  generation: number,
): TreeLayoutState {
  const [state, setState] = useState<{ key: string; generation?: number; result?: LayoutResult; error?: string }>({ key: '' });
  const requested = useRef('');

  useEffect(() => {
    const kept = results.get(key);
    if (kept && sizes && !fitsSizes(kept.sizes, sizes)) results.delete(key);
    const cached = results.get(key)?.result;
    if (cached) {
      setState((current) => (current.key === key && current.result === cached && current.generation === generation ? current : { key, generation, result: cached }));
      return;
    }
    if (!sizes) return;
    const request = `${key}#${generation}`;
    if (requested.current === request) return;
    requested.current = request;
    const input: LayoutInput = {
      tree: treeKey,
      nodes: tree.nodes.map((n) => ({ id: n.id, kind: n.kind, ...(sizes.get(n.id) ?? { width: 240, height: 120 }) })),
      links: drawableLinks(tree).map((l) => ({ id: l.id, from: l.from, to: l.to!, relation: l.relation })),
    };
    let cancelled = false;
    client()
      .layout(input)
      .then((result) => {
        results.set(key, { result, sizes: new Map(sizes) });
        if (!cancelled) setState({ key, generation, result });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const message = error instanceof Error ? error.message : String(error);
        if (/supersede/i.test(message)) return;
        setState({ key, generation, error: message });
      });
    return () => {
      cancelled = true;
      if (requested.current === request) requested.current = '';
    };
  }, [key, sizes, generation, treeKey, tree]);

  return state.key === key ? { result: state.result, error: state.error, generation: state.generation } : { result: undefined, error: undefined, generation: undefined };
}
