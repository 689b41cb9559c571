// One tree read for checking: its nodes by id and the links into and out of each node, plus the
// helpers every check uses to name items in a message and to find them in the file.
import { singleLine } from '../format';
import type { DrawableLink, DrawableNode, DrawableTree } from '../format';
import { CHECKS } from './catalogue';
import type { CheckCode, ReasoningFinding } from './types';

/** The relation by which a later statement replaces an earlier one (its `to`). */
export const SUPERSEDES = 'supersedes';

/** Relations that say one thing brings about another. */
export const CAUSAL_RELATIONS: ReadonlySet<string> = new Set(['causes', 'contributes_to', 'produces']);

/**
 * Relations that connect without supporting: `precedes` is order only, `conflicts_with` says two
 * things cannot both hold, `challenges` argues against its target and `supersedes` replaces it by
 * a later statement. A node linked only by these is still unexplained.
 */
export const NOT_SUPPORTING: ReadonlySet<string> = new Set(['precedes', 'conflicts_with', 'challenges', SUPERSEDES]);

export interface TreeIndex {
  tree: DrawableTree;
  node: Map<string, DrawableNode>;
  /** Drawable links (a target and at least one other source in this tree), in file order. */
  links: DrawableLink[];
  incoming: Map<string, DrawableLink[]>;
  outgoing: Map<string, DrawableLink[]>;
  /** Nodes a `supersedes` link (not itself disputed) replaces by a later statement. */
  superseded: Set<string>;
}

export function indexTree(tree: DrawableTree): TreeIndex {
  const node = new Map(tree.nodes.map((n) => [n.id, n]));
  const incoming = new Map<string, DrawableLink[]>();
  const outgoing = new Map<string, DrawableLink[]>();
  const links: DrawableLink[] = [];
  const superseded = new Set<string>();
  for (const link of tree.links) {
    const to = link.to;
    if (to === undefined) continue;
    const sources = link.from.filter((id) => id !== to);
    if (sources.length === 0) continue;
    links.push(link);
    push(incoming, to, link);
    for (const id of sources) push(outgoing, id, link);
    if (link.relation === SUPERSEDES && link.status !== 'disputed') superseded.add(to);
  }
  return { tree, node, links, incoming, outgoing, superseded };
}

/**
 * A node the group has disputed, or replaced by a later statement (`supersedes`). Checks that ask
 * for something missing (a cause, an effect, what overcomes it) pass it by: the work left on it is
 * settling the dispute or the replacement, which its challenges and the backlog already carry.
 */
export function setAside(index: TreeIndex, node: DrawableNode): boolean {
  return node.status === 'disputed' || index.superseded.has(node.id);
}

/** The tree's nodes of one kind that still stand (see `setAside`). */
export function standingOfKind(index: TreeIndex, kind: string): DrawableNode[] {
  return nodesOfKind(index, kind).filter((node) => !setAside(index, node));
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function linksInto(index: TreeIndex, id: string): DrawableLink[] {
  return index.incoming.get(id) ?? [];
}

export function linksOutOf(index: TreeIndex, id: string): DrawableLink[] {
  return index.outgoing.get(id) ?? [];
}

export function supporting(link: DrawableLink): boolean {
  return !NOT_SUPPORTING.has(link.relation);
}

export function nodesOfKind(index: TreeIndex, kind: string): DrawableNode[] {
  return index.tree.nodes.filter((n) => n.kind === kind);
}

/**
 * Every node reached from `starts` by following `next`, the starts included. Iterative, so a
 * long chain never exhausts the stack.
 */
export function reach(starts: Iterable<string>, next: (id: string) => Iterable<string>): Set<string> {
  const seen = new Set<string>(starts);
  const queue = [...seen];
  for (let i = 0; i < queue.length; i++) {
    for (const id of next(queue[i])) {
      if (!seen.has(id)) {
        seen.add(id);
        queue.push(id);
      }
    }
  }
  return seen;
}

/** `r3 "Only two volunteers can true a wheel…"`: an item as a message names it. */
export function named(node: DrawableNode | undefined, id?: string): string {
  if (!node) return id ?? '?';
  const text = node.text.trim();
  return text === '' ? node.id : `${node.id} "${clip(text)}"`;
}

/** The text on one line, cut at a word near `length` characters. */
export function clip(text: string, length = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

export function finding(check: CheckCode, index: TreeIndex, item: DrawableNode | DrawableLink, message: string, also: string[] = []): ReasoningFinding {
  const list = 'kind' in item ? 'nodes' : 'links';
  return {
    check,
    tree: index.tree.key,
    ref: item.id,
    items: [item.id, ...also.filter((id) => id !== item.id)],
    message: singleLine(message),
    work: CHECKS[check].work,
    path: ['trees', index.tree.key, list, item.index],
  };
}

/** "a, b and c" */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
