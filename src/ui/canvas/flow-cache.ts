// The last graph built for each view of each tree, with what it was built from: showing a view
// again (Accepted only and back, another tree and back) with nothing changed reuses its cards and
// placed links instead of building and placing a big tree's graph again.
import type { CausewayFlowNode, LinkFlowEdge } from './build-flow';

export interface KeptFlow {
  nodes: CausewayFlowNode[];
  /** With their links placed. */
  edges: LinkFlowEdge[];
}

const kept = new Map<string, { inputs: readonly unknown[]; flow: KeptFlow }>();
/** Both views of each of the six trees. */
const KEPT = 12;

/** The graph kept for `view` when it was built from these same `inputs` (compared one by one). */
export function keptFlow(view: string, inputs: readonly unknown[]): KeptFlow | undefined {
  const entry = kept.get(view);
  return entry && entry.inputs.length === inputs.length && entry.inputs.every((input, i) => input === inputs[i]) ? entry.flow : undefined;
}

export function keepFlow(view: string, inputs: readonly unknown[], flow: KeptFlow): void {
  kept.delete(view);
  kept.set(view, { inputs, flow: { nodes: flow.nodes, edges: flow.edges } });
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
}
