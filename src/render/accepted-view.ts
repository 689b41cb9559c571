// The accepted view of one tree (FORMAT.md §9): its accepted nodes, isolated ones included, and
// the accepted links between them, from the tree's accepted projection.
import {
  nodeTraces,
  type ProjectedLink,
  type ProjectedNode,
  type TreeProjection,
  TREE_NAMES,
  type TraceField,
  type TreeKey,
} from '../format';
import type { CardSection } from './card';
import { renderDiagram, type ConnectorModel } from './diagram';
import type { LayoutOf } from './layout-memo';
import { naturalCompare } from './order';
import { MUTED, TRACE_INK, type Mark } from './palette';

export interface AcceptedViewInput {
  tree: TreeKey;
  /** The tree's accepted projection; undefined or empty draws "No accepted reasoning". */
  projection: TreeProjection | undefined;
  /** Lines under the title, such as which revision this is. */
  captions?: string[];
}

export const TRACE_WORDS: Record<TraceField, string> = {
  addresses: 'Addresses',
  derived_from: 'Derived from',
  implements: 'Implements',
};

/** The sections every card of a projected node shows: its traces and its assumptions. */
export function contentSections(node: ProjectedNode): CardSection[] {
  const sections: CardSection[] = [];
  const traces = nodeTraces(node);
  if (traces.length > 0) {
    sections.push({ paragraphs: traces.map((t) => `${TRACE_WORDS[t.field]}: ${t.ids.join(', ')}`), ink: TRACE_INK, trace: true });
  }
  if (node.assumptions && node.assumptions.length > 0) {
    sections.push({ paragraphs: node.assumptions.map((a) => `Assumes: ${a}`), ink: MUTED, italic: true });
  }
  return sections;
}

export function linkConnector(link: ProjectedLink, key: string, mark: Mark): ConnectorModel {
  return {
    key,
    linkId: link.id,
    from: link.from,
    to: link.to,
    relation: link.relation,
    mark,
    ...(link.assumptions && link.assumptions.length > 0 ? { note: link.assumptions.map((a) => `Assumes: ${a}`) } : {}),
  };
}

export function byId<T extends { id: string }>(a: T, b: T): number {
  return naturalCompare(a.id, b.id);
}

export function acceptedViewSvg(input: AcceptedViewInput, layoutOf?: LayoutOf): string {
  const nodes = [...(input.projection?.nodes ?? [])].sort(byId);
  const links = [...(input.projection?.links ?? [])].sort(byId);
  return renderDiagram({
    tree: input.tree,
    title: `${TREE_NAMES[input.tree]} — accepted reasoning`,
    captions: input.captions ?? [],
    cards: nodes.map((node) => ({ id: node.id, kind: node.kind, text: node.text, mark: 'accepted', tagged: false, sections: contentSections(node) })),
    connectors: links.map((link) => linkConnector(link, link.id, 'accepted')),
    marks: [],
    emptyMessage: 'No accepted reasoning',
  }, layoutOf);
}
