// Runs the automatic layout in a Web Worker once every card has been measured (off the canvas), and only when the
// structure changes: editing text never moves the diagram. Results are kept per structure, so
// switching tabs back and forth is instant and always gives the same picture.
import { useEffect, useRef, useState } from 'react';
import type { TreeKey } from '../../format';
import type { DrawableTree } from '../../format/read';
import { createLayoutWorkerClient } from '../../layout';
import type { LayoutInput, LayoutResult } from '../../layout/types';
import { drawableLinks } from './build-flow';

type LayoutClient = ReturnType<typeof createLayoutWorkerClient>;

let sharedClient: LayoutClient | null = null;
function client(): LayoutClient {
  sharedClient ??= createLayoutWorkerClient();
  return sharedClient;
}

const results = new Map<string, LayoutResult>();

/** What the layout depends on: ids, kinds and connections; never text. */
export function structureKey(view: string, tree: DrawableTree): string {
  const nodes = tree.nodes.map((n) => `${n.id}:${n.kind}`).join(',');
  const links = drawableLinks(tree)
    .map((l) => `${l.id}:${l.from.join('+')}>${l.to}:${l.relation}`)
    .join(',');
  return `${tree.key}|${view}|${nodes}|${links}`;
}

export function forgetLayout(prefix: string): void {
  for (const key of [...results.keys()]) if (key.startsWith(prefix)) results.delete(key);
}

export interface TreeLayoutState {
  /** The layout for the current structure, once known. */
  result: LayoutResult | undefined;
  /** Layout failed (the message is shown; the nodes stay where they are). */
  error: string | undefined;
}

/**
 * `sizes` is undefined until every card is measured; layout starts then.
 * `generation` bumps on "Re-layout" to force a fresh run.
 */
export function useTreeLayout(
  treeKey: TreeKey,
  key: string,
  tree: DrawableTree,
  sizes: Map<string, { width: number; height: number }> | undefined,
  generation: number,
): TreeLayoutState {
  const [state, setState] = useState<{ key: string; result?: LayoutResult; error?: string }>({ key: '' });
  const requested = useRef('');

  useEffect(() => {
    const cached = results.get(key);
    if (cached) {
      setState({ key, result: cached });
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
        results.set(key, result);
        if (!cancelled) setState({ key, result });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const message = error instanceof Error ? error.message : String(error);
        if (/supersede/i.test(message)) return;
        setState({ key, error: message });
      });
    return () => {
      cancelled = true;
      if (requested.current === request) requested.current = '';
    };
  }, [key, sizes, generation, treeKey, tree]);

  return state.key === key ? { result: state.result, error: state.error } : { result: undefined, error: undefined };
}
