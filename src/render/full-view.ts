// The full (working) view of one tree (FORMAT.md §9): every node and link, each showing its
// status by colour, by its border (solid, dashed, dotted) and by a word on proposed and disputed
// items. Drawn by the one-file HTML export and the presentation mode.
import { TREE_NAMES, type DrawableLink, type DrawableNode, type DrawableTree, type Status } from '../format';
import type { CardModel, CardSection } from './card';
import { renderDiagram, type ConnectorModel } from './diagram';
import type { LayoutOf } from './layout-memo';
import { MUTED, TRACE_INK, type Mark } from './palette';
import { TRACE_WORDS } from './accepted-view';
import type { TraceField } from '../format';

export interface FullViewInput {
  tree: DrawableTree;
  /** Lines under the title. */
  captions?: string[];
  /** The title; the tree's name by default. */
  title?: string;
  /** Leave out the list of link assumptions under the diagram (the presentation reads them out). */
  withoutNotes?: boolean;
}

function markOf(status: Status): Mark {
  return status;
}

function sections(node: DrawableNode): CardSection[] {
  const out: CardSection[] = [];
  const byField = new Map<TraceField, string[]>();
  for (const trace of node.traces) byField.set(trace.field, [...(byField.get(trace.field) ?? []), trace.target]);
  if (byField.size > 0) out.push({ paragraphs: [...byField].map(([field, ids]) => `${TRACE_WORDS[field]}: ${ids.join(', ')}`), ink: TRACE_INK, trace: true });
  if (node.assumptions.length > 0) out.push({ paragraphs: node.assumptions.map((a) => `Assumes: ${a.text}`), ink: MUTED, italic: true });
  if (node.challenges.length > 0) out.push({ paragraphs: node.challenges.map((c) => `Challenge: ${c.text}`), ink: '#9d174d', italic: true });
  return out;
}

function connector(link: DrawableLink, withNotes: boolean): ConnectorModel | undefined {
  if (link.to === undefined) return undefined;
  const notes = !withNotes ? [] : [...link.assumptions.map((a) => `Assumes: ${a.text}`), ...link.challenges.map((c) => `Challenge: ${c.text}`)];
  return { key: link.id, linkId: link.id, from: link.from, to: link.to, relation: link.relation, mark: markOf(link.status), ...(notes.length > 0 ? { note: notes } : {}) };
}

export function fullViewSvg(input: FullViewInput, layoutOf?: LayoutOf): string {
  const cards: CardModel[] = input.tree.nodes.map((node) => ({
    id: node.id,
    kind: node.kind,
    text: node.text,
    mark: markOf(node.status),
    tagged: node.status !== 'accepted',
    sections: sections(node),
  }));
  const used = new Set<Mark>(cards.map((c) => c.mark));
  const connectors = input.tree.links.map((l) => connector(l, !input.withoutNotes)).filter((c): c is ConnectorModel => c !== undefined);
  for (const c of connectors) used.add(c.mark);
  return renderDiagram(
    {
      tree: input.tree.key,
      title: input.title ?? `${TREE_NAMES[input.tree.key]} — every item`,
      captions: input.captions ?? [],
      cards,
      connectors,
      marks: (['proposed', 'disputed'] as const).filter((m) => used.has(m)),
      emptyMessage: 'No nodes in this tree yet',
    },
    layoutOf,
  );
}
