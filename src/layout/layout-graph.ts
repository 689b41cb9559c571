// The input made safe to lay out: the first node of each id kept, link ends missing from the
// nodes dropped, sources made distinct, and input order remembered (it breaks every tie, so the
// same input always gives the same picture).
import type { TreeKey } from '../format';
import type { LayoutInput } from './types';

export interface GraphNode {
  id: string;
  kind: string;
  width: number;
  height: number;
  /** Position in the input's node list; the layout's tie-breaker. */
  index: number;
}

export interface GraphLink {
  id: string;
  /** Distinct sources that are present among the nodes, in the order the link lists them. */
  sources: number[];
  target: number;
  relation: string;
  /** True when the sources act together through an AND junction (2+ distinct sources). */
  junction: boolean;
}

export interface LayoutGraph {
  tree: TreeKey;
  nodes: GraphNode[];
  links: GraphLink[];
}

/** Relations that place their ends side by side instead of one above the other. */
export function isBesideRelation(tree: TreeKey, relation: string): boolean {
  return relation === 'conflicts_with' || (tree === 'prerequisite' && relation === 'overcomes');
}

function size(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

export function buildLayoutGraph(input: LayoutInput): LayoutGraph {
  if (typeof input !== 'object' || input === null) {
    throw new Error('The layout input must be a tree: {tree, nodes, links}');
  }
  const nodes: GraphNode[] = [];
  const indexOf = new Map<string, number>();
  for (const node of input.nodes ?? []) {
    if (typeof node?.id !== 'string' || indexOf.has(node.id)) continue;
    indexOf.set(node.id, nodes.length);
    nodes.push({
      id: node.id,
      kind: typeof node.kind === 'string' ? node.kind : '',
      width: size(node.width),
      height: size(node.height),
      index: nodes.length,
    });
  }
  const links: GraphLink[] = [];
  const seenLinks = new Set<string>();
  for (const link of input.links ?? []) {
    if (typeof link?.id !== 'string' || seenLinks.has(link.id)) continue;
    seenLinks.add(link.id);
    const target = indexOf.get(link.to);
    if (target === undefined || !Array.isArray(link.from)) continue;
    const sources: number[] = [];
    for (const from of link.from) {
      const source = indexOf.get(from);
      if (source !== undefined && !sources.includes(source)) sources.push(source);
    }
    if (sources.length === 0) continue;
    links.push({
      id: link.id,
      sources,
      target,
      relation: typeof link.relation === 'string' ? link.relation : '',
      junction: sources.length >= 2,
    });
  }
  return { tree: input.tree, nodes, links };
}

/** Groups of node indices joined by links, each group and the list in input order. */
export function connectedPieces(graph: LayoutGraph): number[][] {
  const parent = graph.nodes.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  for (const link of graph.links) {
    for (const source of link.sources) {
      const a = find(source);
      const b = find(link.target);
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  }
  const pieces = new Map<number, number[]>();
  for (let i = 0; i < graph.nodes.length; i++) {
    const root = find(i);
    let piece = pieces.get(root);
    if (!piece) pieces.set(root, (piece = []));
    piece.push(i);
  }
  return [...pieces.values()];
}
