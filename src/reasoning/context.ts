// What a check may need beyond its own tree: traces point across trees.
import type { DrawableNode, DrawableTree } from '../format';
import type { TreeIndex } from './tree-index';
import type { ReasoningFinding } from './types';

export interface CheckContext {
  trees: DrawableTree[];
  /** Every node of the file by id (the first, if an id repeats). */
  nodes: Map<string, DrawableNode>;
  /** Ids named in some node's `implements` trace, in any tree. */
  implemented: Set<string>;
  /** Disputed nodes of the file by their statement (normalised), read once on first use. */
  disputedStatements(): Map<string, DrawableNode>;
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
  let disputed: Map<string, DrawableNode> | undefined;
  const disputedStatements = () => {
    if (disputed) return disputed;
    disputed = new Map();
    for (const node of nodes.values()) {
      if (node.status !== 'disputed') continue;
      const text = normalText(node.text);
      if (text !== '' && !disputed.has(text)) disputed.set(text, node);
    }
    return disputed;
  };
  return { trees, nodes, implemented, disputedStatements };
}

/** Case, spaces, quotes and closing punctuation do not make two statements different. */
export function normalText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["'“‘]+|["'”’]+$/g, '')
    .replace(/[.!?;:,]+$/, '')
    .trim();
}
