// The last graph built for each view of each tree, with what it was built from: showing a view
// again (Accepted only and back, another tree and back) with nothing changed reuses its cards and
// placed links instead of building and placing a big tree's graph again.
import type { CausewayFlowNode, LinkFlowEdge } from './build-flow';
import { keepRecent } from './recent';

export interface KeptFlow {
  nodes: CausewayFlowNode[];
  /** With their links placed. */
  edges: LinkFlowEdge[];
}

const kept = new Map<string, { inputs: readonly unknown[]; flow: KeptFlow }>();

/** The graph kept for `view` when it was built from these same `inputs` (compared one by one). */
export function keptFlow(view: string, inputs: readonly unknown[]): KeptFlow | undefined {
  const entry = kept.get(view);
  return entry && entry.inputs.length === inputs.length && entry.inputs.every((input, i) => input === inputs[i]) ? entry.flow : undefined;
}

export function keepFlow(view: string, inputs: readonly unknown[], flow: KeptFlow): void {
  keepRecent(kept, view, { inputs, flow: { nodes: flow.nodes, edges: flow.edges } });
}
