// One tree read for checking: its nodes by id and the links into and out of each node, plus the
// helpers every check uses to name items in a message and to find them in the file.
import { singleLine } from '../format';
import type { DrawableLink, DrawableNode, DrawableTree } from '../format';
import { CHECKS } from './catalogue';
import type { CheckCode, ReasoningFinding } from './types';

/** Relations that say one thing brings about another. */
export const CAUSAL_RELATIONS: ReadonlySet<string> = new Set(['causes', 'contributes_to', 'produces']);

/**
 * Relations that connect without supporting: `precedes` is order only and `conflicts_with` says two
 * things cannot both hold. A node linked only by these is still unexplained.
 */
export const NOT_SUPPORTING: ReadonlySet<string> = new Set(['precedes', 'conflicts_with']);

export interface TreeIndex {
  tree: DrawableTree;
  node: Map<string, DrawableNode>;
  /** Drawable links (a target and at least one other source in this tree), in file order. */
  links: DrawableLink[];
  incoming: Map<string, DrawableLink[]>;
  outgoing: Map<string, DrawableLink[]>;
}

export function indexTree(tree: DrawableTree): TreeIndex {
  const node = new Map(tree.nodes.map((n) => [n.id, n]));
  const incoming = new Map<string, DrawableLink[]>();
  const outgoing = new Map<string, DrawableLink[]>();
  const links: DrawableLink[] = [];
  for (const link of tree.links) {
    const to = link.to;
    if (to === undefined) continue;
    const sources = link.from.filter((id) => id !== to);
    if (sources.length === 0) continue;
    links.push(link);
    push(incoming, to, link);
    for (const id of sources) push(outgoing, id, link);
  }
  return { tree, node, links, incoming, outgoing };
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
