// Mermaid flowcharts, one per tree, for GitHub READMEs and pull requests: nodes with their kind,
// status and text, AND links as a junction node that their sources run into, statuses as classes
// (and in words, for readers who cannot tell the colours apart), arrows in each tree's reading
// direction. Text is escaped with Mermaid's entity codes, so it is shown, never interpreted.
import { TREE_NAMES, acceptedView, readTrees, type DrawableTree, type Json, type Status, type TreeKey } from '../../format';
import { TREE_CONVENTIONS } from '../../layout';

export interface MermaidOptions {
  acceptedOnly?: boolean;
  /** One tree, as a bare flowchart (a `.mmd` file) instead of a Markdown document. */
  tree?: TreeKey;
}

const DIRECTION = { up: 'BT', down: 'TB', left: 'RL', right: 'LR' } as const;

const STATUS_WORD: Record<Status, string> = { accepted: '✓ accepted', proposed: '? proposed', disputed: '! disputed' };

/** Mermaid's own escapes: `#quot;` and friends; every character that could start markup is coded. */
export function mermaidText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[#"<>&`|{}[\]();%\\]/g, (c) => `#${c.charCodeAt(0)};`);
}

function kindWords(kind: string): string {
  const words = kind.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function mermaidFlowchart(tree: DrawableTree): string {
  const ids = new Map<string, string>();
  tree.nodes.forEach((node, index) => ids.set(node.id, `n${index + 1}`));
  const lines = [`flowchart ${DIRECTION[TREE_CONVENTIONS[tree.key].direction]}`];
  const classes: Record<Status, string[]> = { accepted: [], proposed: [], disputed: [] };
  for (const node of tree.nodes) {
    const id = ids.get(node.id)!;
    lines.push(`  ${id}["${mermaidText(`${kindWords(node.kind)} · ${STATUS_WORD[node.status]}`)}<br/>${mermaidText(node.text)}<br/><small>${mermaidText(node.id)}</small>"]`);
    classes[node.status].push(id);
  }
  // Link styles are set by the index of each arrow, in the order they are written.
  let arrow = 0;
  const linkStyles: Record<Status, number[]> = { accepted: [], proposed: [], disputed: [] };
  tree.links.forEach((link, index) => {
    if (link.to === undefined || !ids.has(link.to)) return;
    const sources = link.from.filter((f) => ids.has(f) && f !== link.to);
    if (sources.length === 0) return;
    const label = `"${mermaidText(link.relation.replace(/_/g, ' ') || 'link')}${link.status === 'accepted' ? '' : ` (${link.status})`}"`;
    const to = ids.get(link.to)!;
    const shape = link.relation === 'conflicts_with' ? '<-. ' : link.relation === 'precedes' ? '-. ' : '-- ';
    const end = link.relation === 'conflicts_with' ? ' .->' : link.relation === 'precedes' ? ' .->' : ' -->';
    if (sources.length === 1) {
      lines.push(`  ${ids.get(sources[0]!)} ${shape}${label}${end} ${to}`);
      linkStyles[link.status].push(arrow++);
      return;
    }
    const junction = `and${index + 1}`;
    lines.push(`  ${junction}(("AND"))`);
    classes[link.status].push(junction);
    for (const source of sources) {
      lines.push(`  ${ids.get(source)} --- ${junction}`);
      linkStyles[link.status].push(arrow++);
    }
    lines.push(`  ${junction} ${shape}${label}${end} ${to}`);
    linkStyles[link.status].push(arrow++);
  });
  lines.push(
    '  classDef accepted fill:#ffffff,stroke:#334155,stroke-width:2px,color:#0f172a',
    '  classDef proposed fill:#eff6ff,stroke:#1d4ed8,stroke-width:2px,stroke-dasharray:6 4,color:#0f172a',
    '  classDef disputed fill:#fdf2f8,stroke:#9d174d,stroke-width:2px,stroke-dasharray:2 3,color:#0f172a',
  );
  for (const status of ['accepted', 'proposed', 'disputed'] as const) {
    if (classes[status].length > 0) lines.push(`  class ${classes[status].join(',')} ${status}`);
  }
  if (linkStyles.proposed.length > 0) lines.push(`  linkStyle ${linkStyles.proposed.join(',')} stroke:#1d4ed8,stroke-dasharray:6 4`);
  if (linkStyles.disputed.length > 0) lines.push(`  linkStyle ${linkStyles.disputed.join(',')} stroke:#9d174d,stroke-dasharray:2 3`);
  return `${lines.join('\n')}\n`;
}

/** Every tree (or one) of a working file as Mermaid. */
export function exportMermaid(data: Json, options: MermaidOptions = {}): string {
  const trees = readTrees(data).map((tree) => (options.acceptedOnly ? acceptedView(tree) : tree));
  if (options.tree) {
    const tree = trees.find((t) => t.key === options.tree);
    return tree ? mermaidFlowchart(tree) : 'flowchart BT\n';
  }
  const project = data && typeof data === 'object' && !Array.isArray(data) && typeof data.project === 'string' ? data.project : 'Working file';
  const out = [`# ${project.replace(/[\\`*_[\]<>|~#&!]/g, (c) => `\\${c}`)}`, '', options.acceptedOnly ? 'The accepted reasoning of each tree.' : 'Every tree, with the status of each item.'];
  for (const tree of trees) {
    out.push('', `## ${TREE_NAMES[tree.key]}`, '');
    if (tree.nodes.length === 0) {
      out.push(options.acceptedOnly ? '_Nothing accepted in this tree yet._' : '_No nodes in this tree yet._');
      continue;
    }
    out.push('```mermaid', mermaidFlowchart(tree).trimEnd(), '```');
  }
  return `${out.join('\n')}\n`;
}
