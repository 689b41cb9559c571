// Checks of what accepted reasoning takes for granted: links with no stated assumption, accepted
// items that rest on a dispute, and the same statement made twice.
import { TREE_NAMES, type DrawableLink, type DrawableNode } from '../format';
import { TRACE_LABEL } from './words';
import { normalText, type Check } from './context';
import { clip, finding, listWords, named, type TreeIndex } from './tree-index';

/** Why a link of each usual relation holds: the question its missing assumption would answer. */
function question(link: DrawableLink, index: TreeIndex): string {
  const sources = link.from.filter((id) => id !== link.to);
  const one = sources.length === 1;
  const from = one ? short(index.node.get(sources[0])) : `${listWords(sources)} together`;
  const to = short(index.node.get(link.to!));
  switch (link.relation) {
    case 'necessary_for':
      return one ? `why is ${from} necessary for ${to}?` : `why are ${from} necessary for ${to}?`;
    case 'conflicts_with':
      return `why can ${from} and ${to} not both hold?`;
    case 'overcomes':
      return `why would ${from} overcome ${to}?`;
    case 'causes':
    case 'contributes_to':
    case 'produces':
      return `why ${one ? 'does' : 'do'} ${from} lead to ${to}?`;
    default:
      return `what makes ${from} → ${to} (${link.relation.replace(/_/g, ' ')}) hold?`;
  }
}

function short(node: DrawableNode | undefined): string {
  if (!node) return '?';
  return node.text.trim() === '' ? node.id : `${node.id} "${clip(node.text, 40)}"`;
}

/**
 * An accepted link with no assumption. Only accepted links: drafts are still being drawn. Left
 * out, as they mostly drew noise: order-only links (`precedes`) claim nothing to assume; a link
 * into the goal itself is necessary by definition (that is what a critical success factor is);
 * a transition tree's link out of a need has its reason in the need; a link to or from a
 * statement a later one supersedes is history.
 *
 * Once per tree until the group writes assumptions there: in a tree where no node or link has
 * one yet (a converted model, a group that has not come to assumptions), a note on every link
 * says one thing many times, so the tree gets one note, on its first such link, naming how many
 * there are. Where the group has started writing assumptions, each link without one is noted.
 */
export const linkWithoutAssumption: Check = (index) => {
  const bare = index.links.filter((link) => link.status === 'accepted' && link.assumptions.length === 0 && asksForAssumption(link, index));
  if (bare.length === 0) return [];
  const asked = (link: DrawableLink) => `Accepted link ${link.id} states no assumption: ${question(link, index)}`;
  const advice = 'Write down what the group takes for granted.';
  if (bare.length > 1 && !writesAssumptions(index)) {
    const first = bare[0];
    return [
      finding(
        'link-without-assumption',
        index,
        first,
        `No assumption is written in the ${TREE_NAMES[index.tree.key]} yet, and ${bare.length} accepted links state none. ${asked(first)} ${advice} Once the tree has assumptions, each link still without one is listed.`,
      ),
    ];
  }
  return bare.map((link) => finding('link-without-assumption', index, link, `${asked(link)} ${advice}`));
};

/** Some node or link of the tree states an assumption. */
function writesAssumptions(index: TreeIndex): boolean {
  return index.tree.nodes.some((n) => n.assumptions.length > 0) || index.tree.links.some((l) => l.assumptions.length > 0);
}

function asksForAssumption(link: DrawableLink, index: TreeIndex): boolean {
  if (link.relation === 'precedes') return false;
  if ([...link.from, link.to!].some((id) => index.superseded.has(id))) return false;
  const key = index.tree.key;
  if (key === 'goal' && index.node.get(link.to!)?.kind === 'goal') return false;
  if (key === 'transition' && link.from.some((id) => index.node.get(id)?.kind === 'need')) return false;
  return true;
}

/**
 * An accepted node or link that rests on a dispute: it carries an open challenge, a trace of it
 * names a disputed node, or one of its assumptions is itself a disputed node's statement.
 */
export const restsOnDispute: Check = (index, context) => {
  const results = [];
  for (const item of [...index.tree.nodes, ...index.links]) {
    if (item.status !== 'accepted') continue;
    const reasons: string[] = [];
    const related: string[] = [];
    if (item.challenges.length === 1) reasons.push(`carries an open challenge: "${clip(item.challenges[0].text)}"`);
    else if (item.challenges.length > 1) reasons.push(`carries ${item.challenges.length} open challenges, the first: "${clip(item.challenges[0].text)}"`);
    if ('kind' in item) {
      for (const trace of item.traces) {
        const target = context.nodes.get(trace.target);
        if (target?.status === 'disputed') {
          reasons.push(`${TRACE_LABEL[trace.field]} ${named(target)}, which is disputed`);
          if (index.node.has(target.id)) related.push(target.id);
        }
      }
    }
    for (const assumption of item.assumptions) {
      const node = context.disputedStatements().get(normalText(assumption.text));
      if (node) {
        reasons.push(`assumes "${clip(assumption.text)}", which is disputed as ${node.id}`);
        if (index.node.has(node.id)) related.push(node.id);
      }
    }
    if (reasons.length === 0) continue;
    const what = 'kind' in item ? `node ${named(item)}` : `link ${item.id}`;
    results.push(
      finding(
        'rests-on-dispute',
        index,
        item,
        `Accepted ${what} ${reasons.join('; it also ')}. Resolve this, or dispute ${item.id} until it is resolved.`,
        related,
      ),
    );
  }
  return results;
};

/** Two nodes of one tree saying the same thing: a duplicate, or a tautology in the making. */
export const duplicateText: Check = (index) => {
  const first = new Map<string, DrawableNode>();
  const results = [];
  for (const node of index.tree.nodes) {
    const text = normalText(node.text);
    if (text === '') continue;
    const earlier = first.get(text);
    if (!earlier) {
      first.set(text, node);
      continue;
    }
    results.push(
      finding(
        'duplicate-text',
        index,
        node,
        `${named(node)} says the same as ${earlier.id}. Merge them (keeping every contributor), or reword one so that they say different things.`,
        [earlier.id],
      ),
    );
  }
  return results;
};
