// A tree read aloud: its links as sentences in reading order, by each tree's convention
// (FORMAT.md §2 and the thinking-process practice behind it). Causal trees read from causes up,
// "If A and B, then C"; necessity trees read from the top down, "In order to …, we must …"; a
// conflict cloud reads each branch, then its conflict; a prerequisite tree says which obstacle
// each intermediate objective overcomes on the way to what; a transition tree says what each
// action, given what, produces and which need that meets. Each sentence carries its
// assumptions (the "because …" a reader stops at), its challenges, its status and who endorsed
// it. Pure: shared by the Markdown export, the one-file HTML page, the editor's read-through
// view and the presentation captions.
import { plainWords, type DrawableLink, type DrawableNode, type DrawableTree, type Status, type TreeKey } from '../../format';

export interface SpokenNote {
  text: string;
  /** The display name of who supplied it. */
  by: string;
}

export interface ReadingStep {
  /** Stable within the tree: the ids of the links read, or `node:ID` for a lone node. */
  key: string;
  tree: TreeKey;
  sentence: string;
  /** The sentence's first part, said while only `first` is shown ("If A and B,"). */
  lead: string;
  /** Nodes shown first (the sources of a causal link; the objective of a necessity). */
  first: string[];
  /** Nodes that come with the links ("then C"). */
  then: string[];
  links: string[];
  because: SpokenNote[];
  challenges: SpokenNote[];
  /** Disputed if any item read is disputed, else proposed if any is, else accepted. */
  status: Status;
  /** Display names of those who accepted what was read (accepted sentences only). */
  endorsedBy: string[];
}

export interface TreeReading {
  tree: TreeKey;
  steps: ReadingStep[];
}

/** Display name of a participant id (or the id itself, or "the assistant"). */
export type NameOf = (id: string) => string;

const CAUSAL: ReadonlySet<TreeKey> = new Set(['current_reality', 'future_reality', 'transition']);
const NOT_STRUCTURE = new Set(['conflicts_with', 'precedes']);

/** A statement as a clause inside a sentence: no closing full stop, no surrounding space. */
export function clause(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.replace(/[.。]+$/u, '').trim() || '(no text)';
}

/** "A", "A and B", "A, B and C". */
export function joinAnd(parts: string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.?!]$/.test(capital) ? capital : `${capital}.`;
}

const STATUS_RANK: Record<Status, number> = { accepted: 0, proposed: 1, disputed: 2 };

/** The phrase for a link, by its relation and its tree: the sentence and its lead. */
function phrase(tree: TreeKey, relation: string, from: string[], to: string): { sentence: string; lead: string; topFirst: boolean } {
  const sources = joinAnd(from);
  switch (relation) {
    case 'necessary_for': {
      const [verbTop, verbSources] =
        tree === 'goal' ? ['achieve', 'have '] : tree === 'conflict' ? ['', ''] : tree === 'prerequisite' ? ['reach', 'achieve '] : ['have', 'have '];
      const lead = `In order to ${verbTop ? `${verbTop} ` : ''}${to},`;
      return { lead, sentence: `${lead} we must ${verbSources}${sources}`, topFirst: true };
    }
    case 'causes':
    case 'produces':
      if (tree === 'transition' && relation === 'produces') return { lead: `${sources}`, sentence: `${sources} ${from.length > 1 ? 'produce' : 'produces'} ${to}`, topFirst: false };
      return { lead: `If ${sources},`, sentence: `If ${sources}, then ${to}`, topFirst: false };
    case 'contributes_to':
      return { lead: `If ${sources},`, sentence: `If ${sources}, then that contributes to ${to}`, topFirst: false };
    case 'conflicts_with':
      return { lead: sources, sentence: `${sources} ${from.length > 1 ? 'conflict' : 'conflicts'} with ${to}`, topFirst: false };
    case 'overcomes':
      return { lead: sources, sentence: `${sources} ${from.length > 1 ? 'overcome' : 'overcomes'} ${to}`, topFirst: false };
    case 'blocks':
      return { lead: sources, sentence: `${sources} ${from.length > 1 ? 'stand' : 'stands'} in the way of ${to}`, topFirst: false };
    case 'precedes':
      return { lead: sources, sentence: `${sources} ${from.length > 1 ? 'come' : 'comes'} before ${to}`, topFirst: false };
    default: {
      const words = plainWords(relation).trim() || 'relates to';
      return { lead: sources, sentence: `${sources} ${words} ${to}`, topFirst: false };
    }
  }
}

interface Draft {
  links: DrawableLink[];
  sentence: string;
  lead: string;
  first: string[];
  then: string[];
  /** Where it falls in the reading: lower reads first. */
  rank: number;
  order: number;
}

export function readTree(tree: DrawableTree, nameOf: NameOf): TreeReading {
  const nodes = new Map(tree.nodes.map((n) => [n.id, n]));
  const links = tree.links.filter((l) => l.to !== undefined && nodes.has(l.to) && l.from.length > 0);
  const text = (id: string) => clause(nodes.get(id)?.text ?? id);
  const used = new Set<string>();
  const drafts: Draft[] = [];
  const order = new Map(links.map((l, i) => [l.id, i]));
  const rankOf = ranking(tree.key, tree.nodes, links);

  const draftOf = (link: DrawableLink): Draft => {
    const p = phrase(tree.key, link.relation, link.from.map(text), text(link.to!));
    return {
      links: [link],
      sentence: p.sentence,
      lead: p.lead,
      first: p.topFirst ? [link.to!] : link.from,
      then: p.topFirst ? link.from : [link.to!],
      rank: rankOf(link),
      order: order.get(link.id)!,
    };
  };

  if (tree.key === 'prerequisite') drafts.push(...prerequisiteSentences(links, nodes, text, rankOf, order, used));
  if (tree.key === 'transition') drafts.push(...transitionSentences(links, nodes, text, rankOf, order, used));
  for (const link of links) if (!used.has(link.id)) drafts.push(draftOf(link));
  drafts.sort((a, b) => a.rank - b.rank || a.order - b.order);

  const seen = new Set<string>();
  const steps: ReadingStep[] = drafts.map((draft) => {
    const itemNodes = [...draft.first, ...draft.then];
    const fresh = itemNodes.filter((id) => !seen.has(id));
    for (const id of itemNodes) seen.add(id);
    const items: { status: Status }[] = [...draft.links, ...itemNodes.map((id) => nodes.get(id)!).filter(Boolean)];
    const status = items.reduce<Status>((worst, item) => (STATUS_RANK[item.status] > STATUS_RANK[worst] ? item.status : worst), 'accepted');
    const endorsers = status === 'accepted' ? [...new Set(draft.links.flatMap((l) => l.acceptedBy))].map(nameOf) : [];
    return {
      key: draft.links.map((l) => l.id).join('+'),
      tree: tree.key,
      sentence: sentence(draft.sentence),
      lead: draft.lead.charAt(0).toUpperCase() + draft.lead.slice(1),
      first: [...new Set(draft.first)],
      then: [...new Set(draft.then)].filter((id) => !draft.first.includes(id)),
      links: draft.links.map((l) => l.id),
      because: draft.links.flatMap((l) => l.assumptions.map((a) => ({ text: a.text, by: nameOf(a.by) }))),
      challenges: [
        ...draft.links.flatMap((l) => l.challenges.map((c) => ({ text: c.text, by: nameOf(c.by) }))),
        ...fresh.flatMap((id) => (nodes.get(id)?.challenges ?? []).map((c) => ({ text: `${clause(nodes.get(id)!.text)}: ${c.text}`, by: nameOf(c.by) }))),
      ],
      status,
      endorsedBy: endorsers,
    };
  });

  // Nodes no sentence mentions are read on their own, at the end.
  for (const node of tree.nodes) {
    if (seen.has(node.id)) continue;
    steps.push({
      key: `node:${node.id}`,
      tree: tree.key,
      sentence: sentence(`${plainWords(node.kind)}: ${clause(node.text)}`),
      lead: '',
      first: [node.id],
      then: [],
      links: [],
      because: node.assumptions.map((a) => ({ text: a.text, by: nameOf(a.by) })),
      challenges: node.challenges.map((c) => ({ text: c.text, by: nameOf(c.by) })),
      status: node.status,
      endorsedBy: node.status === 'accepted' ? node.acceptedBy.map(nameOf) : [],
    });
  }
  return { tree: tree.key, steps };
}

/**
 * Where a link's sentence falls. Causal trees (and transition) read from causes up: by the
 * topological place of the link's target, sources first. Necessity trees read from the top
 * down, branch by branch: by the preorder place of the link's source; conflicts and order links
 * come after the branches.
 */
function ranking(key: TreeKey, nodes: readonly DrawableNode[], links: readonly DrawableLink[]): (link: DrawableLink) => number {
  const structural = links.filter((l) => !NOT_STRUCTURE.has(l.relation));
  if (CAUSAL.has(key)) {
    const place = topologicalPlace(nodes, links);
    return (link) => place.get(link.to!) ?? Number.MAX_SAFE_INTEGER;
  }
  // Preorder from each top (a node that is no link's source), children in file order.
  const below = new Map<string, string[]>();
  const hasParent = new Set<string>();
  for (const link of structural) {
    for (const f of link.from) {
      below.set(link.to!, [...(below.get(link.to!) ?? []), f]);
      hasParent.add(f);
    }
  }
  const place = new Map<string, number>();
  const visit = (id: string) => {
    if (place.has(id)) return;
    place.set(id, place.size);
    for (const child of below.get(id) ?? []) visit(child);
  };
  for (const node of nodes) if (!hasParent.has(node.id)) visit(node.id);
  for (const node of nodes) visit(node.id);
  const offset = nodes.length + 1;
  // A necessity is read where its condition (the link's source) comes in the preorder.
  return (link) => (NOT_STRUCTURE.has(link.relation) ? offset + (place.get(link.from[0]!) ?? 0) : Math.min(...link.from.map((f) => place.get(f) ?? offset)));
}

/** Kahn's order over the nodes by the links (sources before targets); a cycle's rest in file order. */
function topologicalPlace(nodes: readonly DrawableNode[], links: readonly DrawableLink[]): Map<string, number> {
  const incoming = new Map<string, number>(nodes.map((n) => [n.id, 0]));
  const out = new Map<string, string[]>();
  for (const link of links) {
    for (const f of new Set(link.from)) {
      if (f === link.to) continue;
      incoming.set(link.to!, (incoming.get(link.to!) ?? 0) + 1);
      out.set(f, [...(out.get(f) ?? []), link.to!]);
    }
  }
  const place = new Map<string, number>();
  const ready = nodes.filter((n) => (incoming.get(n.id) ?? 0) === 0).map((n) => n.id);
  while (place.size < nodes.length) {
    if (ready.length === 0) {
      const stuck = nodes.find((n) => !place.has(n.id));
      if (!stuck) break;
      ready.push(stuck.id);
      incoming.set(stuck.id, 0);
    }
    const id = ready.shift()!;
    if (place.has(id)) continue;
    place.set(id, place.size);
    for (const next of out.get(id) ?? []) {
      const left = (incoming.get(next) ?? 1) - 1;
      incoming.set(next, left);
      if (left === 0 && !place.has(next)) ready.push(next);
    }
  }
  return place;
}

/** "In order to reach T, we must overcome OB, by IO." for each link an intermediate objective overcomes an obstacle by. */
function prerequisiteSentences(
  links: DrawableLink[],
  nodes: Map<string, DrawableNode>,
  text: (id: string) => string,
  rankOf: (link: DrawableLink) => number,
  order: Map<string, number>,
  used: Set<string>,
): Draft[] {
  const drafts: Draft[] = [];
  for (const link of links) {
    if (link.relation !== 'overcomes' || used.has(link.id)) continue;
    const obstacle = link.to!;
    const objectives = link.from;
    // What the obstacle stands in the way of, or what the objectives are necessary for.
    const towards =
      links.find((l) => !used.has(l.id) && l.id !== link.id && l.from.includes(obstacle) && !NOT_STRUCTURE.has(l.relation)) ??
      links.find((l) => !used.has(l.id) && l.id !== link.id && l.relation === 'necessary_for' && objectives.some((o) => l.from.includes(o)));
    used.add(link.id);
    if (towards) used.add(towards.id);
    const target = towards?.to;
    const by = joinAnd(objectives.map(text));
    const lead = target ? `In order to reach ${text(target)},` : '';
    drafts.push({
      links: towards ? [link, towards] : [link],
      lead: lead || `We must overcome ${text(obstacle)},`,
      sentence: target ? `${lead} we must overcome ${text(obstacle)}, by ${by}` : `We must overcome ${text(obstacle)}, by ${by}`,
      first: target ? [target] : [obstacle],
      then: target ? [obstacle, ...objectives] : objectives,
      rank: towards ? rankOf(towards) : rankOf(link),
      order: order.get(link.id)!,
    });
  }
  void nodes;
  return drafts;
}

/** "<action>, given <reality>, produces <effect>, which meets <need>." */
function transitionSentences(
  links: DrawableLink[],
  nodes: Map<string, DrawableNode>,
  text: (id: string) => string,
  rankOf: (link: DrawableLink) => number,
  order: Map<string, number>,
  used: Set<string>,
): Draft[] {
  const kind = (id: string) => nodes.get(id)?.kind;
  const drafts: Draft[] = [];
  for (const link of links) {
    if (used.has(link.id) || NOT_STRUCTURE.has(link.relation)) continue;
    const actions = link.from.filter((id) => kind(id) === 'action');
    if (actions.length === 0 || kind(link.to!) === 'action') continue;
    used.add(link.id);
    const read = [link];
    const effect = link.to!;
    const given = link.from.filter((id) => kind(id) !== 'action');
    // Conditions that lead into the action, and needs the effect (or the action) meets.
    for (const other of links) {
      if (used.has(other.id) || NOT_STRUCTURE.has(other.relation)) continue;
      if (actions.includes(other.to!) && other.from.every((id) => kind(id) === 'existing_condition')) {
        given.push(...other.from);
        used.add(other.id);
        read.push(other);
      }
    }
    const needs: string[] = [];
    for (const other of links) {
      if (used.has(other.id) || NOT_STRUCTURE.has(other.relation)) continue;
      const meets = kind(other.to!) === 'need' && other.from.length === 1 && (other.from[0] === effect || actions.includes(other.from[0]!));
      const justifies = actions.includes(other.to!) && other.from.every((id) => kind(id) === 'need');
      if (meets || justifies) {
        needs.push(...(meets ? [other.to!] : other.from));
        used.add(other.id);
        read.push(other);
      }
    }
    const doer = joinAnd(actions.map(text));
    const lead = given.length > 0 ? `${doer}, given ${joinAnd([...new Set(given)].map(text))},` : `${doer}`;
    const verb = actions.length > 1 ? 'produce' : 'produces';
    drafts.push({
      links: read,
      lead,
      sentence: `${lead} ${verb} ${text(effect)}${needs.length > 0 ? `, which meets ${joinAnd(needs.map(text))}` : ''}`,
      first: [...actions, ...new Set(given)],
      then: [effect, ...needs],
      rank: rankOf(link),
      order: order.get(link.id)!,
    });
  }
  return drafts;
}
