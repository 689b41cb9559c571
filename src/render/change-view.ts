// The latest-change view of one tree (FORMAT.md §9): added, changed and removed items marked by
// colour and by word; a changed node with its previous wording, a changed link with its old and
// new connection, a removed item with its last accepted content; as muted context, the ends of
// changed links and the one-hop neighbours of changed nodes.
import {
  deepEqual,
  changeSet,
  type ItemChange,
  type ProjectedLink,
  type ProjectedNode,
  type TreeProjection,
  TRACE_FIELDS,
  TREE_NAMES,
  type TreeKey,
} from '../format';
import { kindLabel, type CardModel, type CardSection } from './card';
import { renderDiagram, relationWords, type ConnectorModel } from './diagram';
import type { LayoutOf } from './layout-memo';
import { TRACE_WORDS, byId, contentSections, linkConnector } from './accepted-view';
import { naturalCompare } from './order';
import type { Mark } from './palette';

export interface ChangeViewInput {
  tree: TreeKey;
  /** The tree's accepted projection before its latest change (empty for the first change). */
  before: TreeProjection;
  after: TreeProjection;
  /** Lines under the title, such as which revisions are compared and the change's summary. */
  captions?: string[];
}

const PREVIOUS_BAND = '#fef3c7';
const PREVIOUS_INK = '#78350f';

/** What a changed node was, field by field, for what differs. */
function previousSection(old: ProjectedNode, now: ProjectedNode): CardSection {
  const paragraphs: string[] = [];
  if (old.text !== now.text) paragraphs.push(old.text);
  if (old.kind !== now.kind) paragraphs.push(`Kind: ${kindLabel(old.kind)}`);
  for (const field of TRACE_FIELDS) {
    if (!deepEqual(old[field] ?? [], now[field] ?? [])) paragraphs.push(`${TRACE_WORDS[field]}: ${(old[field] ?? []).join(', ') || 'none'}`);
  }
  if (!deepEqual(old.assumptions ?? [], now.assumptions ?? [])) {
    if (!old.assumptions || old.assumptions.length === 0) paragraphs.push('No assumptions');
    else for (const a of old.assumptions) paragraphs.push(`Assumed: ${a}`);
  }
  return { heading: 'PREVIOUSLY', paragraphs, ink: PREVIOUS_INK, band: PREVIOUS_BAND };
}

function sameEnds(a: ProjectedLink, b: ProjectedLink): boolean {
  return a.to === b.to && deepEqual(a.from, b.from);
}

function changedLinkConnectors(old: ProjectedLink, now: ProjectedLink): ConnectorModel[] {
  const notes = (link: ProjectedLink, verb: string) => (link.assumptions ?? []).map((a) => `${verb}: ${a}`);
  const assumptionsChanged = !deepEqual(old.assumptions ?? [], now.assumptions ?? []);
  const note = assumptionsChanged
    ? [...notes(now, 'Now assumes'), ...(now.assumptions?.length ? [] : ['Now: no assumptions']), ...notes(old, 'Previously assumed'), ...(old.assumptions?.length ? [] : ['Previously: no assumptions'])]
    : notes(now, 'Assumes');
  const withNote = (c: ConnectorModel): ConnectorModel => (note.length > 0 ? { ...c, note } : c);
  if (sameEnds(old, now)) {
    const suffix = old.relation !== now.relation ? `(was: ${relationWords(old.relation)})` : undefined;
    return [withNote({ key: `now:${now.id}`, linkId: now.id, from: now.from, to: now.to, relation: now.relation, mark: 'changed', tag: 'CHANGED', ...(suffix ? { suffix } : {}) })];
  }
  return [
    { key: `was:${old.id}`, linkId: old.id, from: old.from, to: old.to, relation: old.relation, mark: 'changed', tag: 'CHANGED · OLD', dashed: true },
    withNote({ key: `now:${now.id}`, linkId: now.id, from: now.from, to: now.to, relation: now.relation, mark: 'changed', tag: 'CHANGED · NEW' }),
  ];
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** "2 nodes added, 1 link changed" — the change in words. */
export function describeChange(nodes: Map<string, ItemChange>, links: Map<string, ItemChange>): string {
  const parts: string[] = [];
  for (const change of ['added', 'changed', 'removed'] as const) {
    const n = [...nodes.values()].filter((c) => c === change).length;
    const l = [...links.values()].filter((c) => c === change).length;
    const items = [n ? plural(n, 'node') : '', l ? plural(l, 'link') : ''].filter(Boolean).join(' and ');
    if (items) parts.push(`${items} ${change}`);
  }
  return parts.length > 0 ? `${parts.join('; ')}.` : 'No accepted change.';
}

export function changeViewSvg(input: ChangeViewInput, layoutOf?: LayoutOf): string {
  const { before, after } = input;
  const changes = changeSet(before, after);
  const oldNodes = new Map(before.nodes.map((n) => [n.id, n]));
  const newNodes = new Map(after.nodes.map((n) => [n.id, n]));
  const oldLinks = new Map(before.links.map((l) => [l.id, l]));
  const newLinks = new Map(after.links.map((l) => [l.id, l]));

  const cards: CardModel[] = [];
  const nodeIds = [...changes.nodes.keys(), ...changes.contextNodes].sort(naturalCompare);
  for (const id of nodeIds) {
    const change = changes.nodes.get(id);
    const mark: Mark = change ?? 'context';
    const node = change === 'removed' ? oldNodes.get(id) : (newNodes.get(id) ?? oldNodes.get(id));
    if (!node) continue;
    const sections = contentSections(node);
    if (change === 'changed') sections.push(previousSection(oldNodes.get(id)!, node));
    cards.push({ id, kind: node.kind, text: node.text, mark, tagged: true, sections });
  }

  const connectors: ConnectorModel[] = [];
  const linkIds = [...changes.links.keys(), ...changes.contextLinks].sort(naturalCompare);
  for (const id of linkIds) {
    const change = changes.links.get(id);
    const old = oldLinks.get(id);
    const now = newLinks.get(id);
    if (change === 'changed' && old && now) connectors.push(...changedLinkConnectors(old, now));
    else if (change === 'removed' && old) connectors.push({ ...linkConnector(old, `was:${id}`, 'removed'), tag: 'REMOVED' });
    else if (change === 'added' && now) connectors.push({ ...linkConnector(now, `now:${id}`, 'added'), tag: 'ADDED' });
    else {
      const link = now ?? old;
      if (link) connectors.push({ ...linkConnector(link, `now:${id}`, 'context'), tag: 'CONTEXT' });
    }
  }

  const first = before.nodes.length === 0 && before.links.length === 0;
  const emptied = after.nodes.length === 0 && after.links.length === 0;
  const summary = first
    ? 'First accepted content of this tree: everything is shown as added.'
    : emptied
      ? 'Everything accepted in this tree was removed or lost acceptance.'
      : describeChange(changes.nodes, changes.links);
  return renderDiagram({
    tree: input.tree,
    title: `${TREE_NAMES[input.tree]} — latest accepted change`,
    captions: [...(input.captions ?? []), summary],
    cards: cards.sort(byId),
    connectors,
    marks: ['added', 'changed', 'removed', 'context'],
    emptyMessage: 'No accepted change',
  }, layoutOf);
}
