// What a check may need beyond its own tree: traces point across trees.
import type { DrawableNode, DrawableTree } from '../format/read';
import type { TreeIndex } from './tree-index';
import type { ReasoningFinding } from './types';

export interface CheckContext {
  trees: DrawableTree[];
  /** Every node of the file by id (the first, if an id repeats). */
  nodes: Map<string, DrawableNode>;
  /** Ids named in some node's `implements` trace, in any tree. */
  implemented: Set<string>;
}

export type Check = (index: TreeIndex, context: CheckContext) => ReasoningFinding[];

export function checkContext(trees: DrawableTree[]): CheckContext {
  const nodes = new Map<string, DrawableNode>();
  const implemented = new Set<string>();
  for (const tree of trees) {
    for (const node of tree.nodes) {
      if (!nodes.has(node.id)) nodes.set(node.id, node);
      for (const trace of node.traces) if (trace.field === 'implements') implemented.add(trace.target);
    }
  }
  return { trees, nodes, implemented };
}
