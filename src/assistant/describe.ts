// The file told in plain text for an assistant: compact lines it can read and quote, naming every
// item by its id. What a write changed is told the same way.
import {
  TREE_NAMES,
  backReferences,
  findItem,
  isObject,
  readTrees,
  type DrawableLink,
  type DrawableNode,
  type DrawableTree,
  type Json,
  type TurnChange,
  type WorkingFile,
} from '../format';

const STATUS_WORD = { accepted: 'accepted', proposed: 'proposed', disputed: 'disputed' } as const;

/** “text”, shortened for a list line. */
export function quote(text: string, max = 160): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return `“${one.length > max ? `${one.slice(0, max - 1)}…` : one}”`;
}

function statusOf(item: { status: keyof typeof STATUS_WORD; acceptedBy: string[] }): string {
  return item.status === 'accepted' ? `accepted by ${item.acceptedBy.join(', ')}` : STATUS_WORD[item.status];
}

function contributionsOf(raw: unknown): string {
  if (!isObject(raw) || !Array.isArray(raw.contributions)) return '';
  const parts = raw.contributions.filter(isObject).map((c) => `${String(c.by)} (${String(c.attribution)}${c.mode && c.mode !== 'text' ? `, ${String(c.mode)}` : ''})`);
  return parts.length ? ` — idea of ${parts.join(', ')}` : '';
}

export function nodeLine(node: DrawableNode, raw?: unknown): string {
  const traces = node.traces.length ? ` · ${node.traces.map((t) => `${t.field} ${t.target}`).join(', ')}` : '';
  return `${node.id} [${node.kind}, ${statusOf(node)}] ${quote(node.text, 400)}${contributionsOf(raw)}${traces}`;
}

export function linkLine(link: DrawableLink, raw?: unknown): string {
  const from = link.from.length > 1 ? `${link.from.join(' AND ')}` : (link.from[0] ?? '?');
  return `${link.id}: ${from} → ${link.to ?? '?'} (${link.relation}) [${statusOf(link)}]${contributionsOf(raw)}`;
}

function notesOf(item: { assumptions: { text: string; by: string }[]; challenges: { text: string; by: string }[] }): string[] {
  return [
    ...item.assumptions.map((a) => `    assumption (${a.by}): ${quote(a.text, 300)}`),
    ...item.challenges.map((c) => `    challenge (${c.by}): ${quote(c.text, 300)}`),
  ];
}

function rawItems(data: WorkingFile, key: string, list: 'nodes' | 'links'): Map<string, unknown> {
  const tree = isObject(data.trees) ? (data.trees as Record<string, unknown>)[key] : undefined;
  const items = isObject(tree) && Array.isArray(tree[list]) ? (tree[list] as unknown[]) : [];
  return new Map(items.filter(isObject).map((item) => [String(item.id), item]));
}

/** A whole tree: nodes, links and backlog, one line each (notes indented under their item). */
export function describeTree(data: WorkingFile, tree: DrawableTree): string {
  const nodes = rawItems(data, tree.key, 'nodes');
  const links = rawItems(data, tree.key, 'links');
  const lines = [`${TREE_NAMES[tree.key]} (${tree.key}): ${tree.nodes.length} nodes, ${tree.links.length} links, ${tree.backlog.length} backlog entries.`, '', 'Nodes:'];
  if (tree.nodes.length === 0) lines.push('  (none)');
  for (const node of tree.nodes) lines.push(`  ${nodeLine(node, nodes.get(node.id))}`, ...notesOf(node));
  lines.push('', 'Links (source → target; several sources joined by AND act together):');
  if (tree.links.length === 0) lines.push('  (none)');
  for (const link of tree.links) lines.push(`  ${linkLine(link, links.get(link.id))}`, ...notesOf(link));
  lines.push('', 'Backlog:');
  if (tree.backlog.length === 0) lines.push('  (none)');
  for (const entry of tree.backlog) lines.push(`  ${entry.ref}: ${entry.work}${entry.note ? ` — ${quote(entry.note, 300)}` : ''}`);
  return lines.join('\n');
}

/** One item with what surrounds it: its links, the texts at their other ends, backlog and traces. */
export function describeItem(data: WorkingFile, id: string): string | undefined {
  const trees = readTrees(data as Json);
  for (const tree of trees) {
    const node = tree.nodes.find((n) => n.id === id);
    const link = tree.links.find((l) => l.id === id);
    if (!node && !link) continue;
    const textOf = (nodeId: string) => tree.nodes.find((n) => n.id === nodeId)?.text;
    const named = (nodeId: string) => `${nodeId} ${textOf(nodeId) !== undefined ? quote(textOf(nodeId)!, 120) : '(not a node of this tree)'}`;
    const raw = findItem(data, id)?.item;
    const lines = [`In the ${TREE_NAMES[tree.key]} (${tree.key}):`];
    if (node) {
      lines.push(nodeLine(node, raw), ...notesOf(node));
      const into = tree.links.filter((l) => l.to === id);
      const out = tree.links.filter((l) => l.from.includes(id));
      lines.push('', `Links into ${id} (its causes or conditions):`, ...(into.length ? into.map((l) => `  ${linkLine(l)}: ${l.from.map(named).join(' AND ')}`) : ['  (none)']));
      lines.push(`Links out of ${id}:`, ...(out.length ? out.map((l) => `  ${linkLine(l)}: to ${named(l.to ?? '?')}`) : ['  (none)']));
      const back = backReferences(data, id);
      if (back.length) lines.push(`Traced from other nodes: ${back.map((b) => `${b.node} (${b.field}, ${b.tree})`).join(', ')}`);
    } else if (link) {
      lines.push(linkLine(link, raw), ...notesOf(link));
      lines.push('', 'Sources:', ...link.from.map((f) => `  ${named(f)}`), `Target: ${link.to ? named(link.to) : '?'}`);
    }
    const backlog = tree.backlog.filter((b) => b.ref === id);
    lines.push(`Backlog on ${id}:`, ...(backlog.length ? backlog.map((b) => `  ${b.work}${b.note ? ` — ${quote(b.note, 300)}` : ''}`) : ['  (none)']));
    return lines.join('\n');
  }
  return undefined;
}

/** "changed node n3: text “a” → “b”; status accepted → proposed" */
export function describeChange(change: TurnChange): string {
  const subject = change.subject === 'backlog' ? `backlog entry on ${change.id}` : change.subject === 'field' ? change.id : `${change.subject} ${change.id}`;
  if (change.change === 'added') return `added ${subject}${summaryOf(change.subject, change.after)}`;
  if (change.change === 'removed') return `removed ${subject}${summaryOf(change.subject, change.before)}`;
  return `changed ${subject}: ${fieldChanges(change.before, change.after)}`;
}

function summaryOf(subject: TurnChange['subject'], value: Json | undefined): string {
  if (!isObject(value)) return value === undefined ? '' : `: ${JSON.stringify(value)}`;
  if (subject === 'node') return ` (${String(value.kind)}, ${String(value.status ?? 'proposed')}): ${quote(String(value.text ?? ''), 120)}`;
  if (subject === 'link') return ` (${Array.isArray(value.from) ? value.from.join(' AND ') : '?'} → ${String(value.to)}, ${String(value.relation)}, ${String(value.status ?? 'proposed')})`;
  if (subject === 'backlog') return `: ${String(value.work)}${value.note ? ` — ${quote(String(value.note), 120)}` : ''}`;
  return '';
}

function fieldChanges(before: Json | undefined, after: Json | undefined): string {
  if (!isObject(before) || !isObject(after)) return `${JSON.stringify(before)} → ${JSON.stringify(after)}`;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const show = (key: string, value: Json | undefined) =>
    value === undefined ? '(none)' : typeof value === 'string' ? (key === 'text' || key === 'note' ? quote(value, 120) : value) : JSON.stringify(value).slice(0, 200);
  return keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${key} ${show(key, before[key])} → ${show(key, after[key])}`)
    .join('; ');
}
