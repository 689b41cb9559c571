// Safe reading of a working file that may be invalid: a file that arrived broken is repaired
// step by step, so every reader here checks a shape before it trusts it and never throws.
import { isObject } from '../model/json';
import type { Link, Node, Tree, WorkingFile } from '../model/types';
import { ASSISTANT, TREE_NAMES, isTreeKey } from '../model/vocabulary';

export type ItemList = 'nodes' | 'links';

/** Where a node or link sits: its tree key, its list and its position there. */
export interface Place<T> {
  tree: string;
  list: ItemList;
  index: number;
  item: T;
}

/** The trees that are mappings, in file order (malformed ones are skipped). */
export function treeEntries(file: WorkingFile): [string, Tree][] {
  const trees: unknown = file.trees;
  if (!isObject(trees)) return [];
  return Object.entries(trees as Record<string, unknown>).filter((entry): entry is [string, Tree] => isObject(entry[1]));
}

export function treeOf(file: WorkingFile, key: string): Tree | undefined {
  const trees: unknown = file.trees;
  if (!isObject(trees) || !Object.prototype.hasOwnProperty.call(trees, key)) return undefined;
  const tree = trees[key];
  return isObject(tree) ? (tree as unknown as Tree) : undefined;
}

/** The list's items when it is a list; nothing to read otherwise. */
export function listOf(tree: Tree, list: ItemList | 'backlog'): unknown[] {
  const value: unknown = tree[list];
  return Array.isArray(value) ? value : [];
}

export function nodesOf(tree: Tree): Node[] {
  return listOf(tree, 'nodes').filter(hasId) as Node[];
}

export function linksOf(tree: Tree): Link[] {
  return listOf(tree, 'links').filter(hasId) as Link[];
}

function hasId(item: unknown): boolean {
  return isObject(item) && typeof item.id === 'string';
}

/** The first node or link with this id (ids are unique in a valid file). */
export function findItem(file: WorkingFile, id: string): Place<Node | Link> | undefined {
  for (const [tree, value] of treeEntries(file)) {
    for (const list of ['nodes', 'links'] as const) {
      const items = listOf(value, list);
      for (let index = 0; index < items.length; index++) {
        const item = items[index];
        if (isObject(item) && item.id === id) return { tree, list, index, item: item as unknown as Node | Link };
      }
    }
  }
  return undefined;
}

export function findNode(file: WorkingFile, id: string): Place<Node> | undefined {
  const place = findItem(file, id);
  return place?.list === 'nodes' ? (place as Place<Node>) : undefined;
}

export function findLink(file: WorkingFile, id: string): Place<Link> | undefined {
  const place = findItem(file, id);
  return place?.list === 'links' ? (place as Place<Link>) : undefined;
}

/** Every node and link id in the file, all trees together. */
export function allIds(file: WorkingFile): Set<string> {
  const ids = new Set<string>();
  for (const [, tree] of treeEntries(file)) {
    for (const list of ['nodes', 'links'] as const) {
      for (const item of listOf(tree, list)) if (isObject(item) && typeof item.id === 'string') ids.add(item.id);
    }
  }
  return ids;
}

export function isAccepted(item: { status?: unknown }): boolean {
  return item.status === 'accepted';
}

/** A link's sources as written (only the ids that are text). */
export function sourcesOf(link: Link): string[] {
  const from: unknown = link.from;
  return Array.isArray(from) ? from.filter((id): id is string => typeof id === 'string') : [];
}

/** Every node id a link touches: its sources, then its target. */
export function endsOf(link: Link): string[] {
  const ends = sourcesOf(link);
  if (typeof link.to === 'string') ends.push(link.to);
  return [...new Set(ends)];
}

export function backlogOf(tree: Tree): unknown[] {
  return listOf(tree, 'backlog');
}

/** Participant ids, `assistant` excluded even when a broken file lists it. */
export function humans(file: WorkingFile): Set<string> {
  const participants: unknown = file.participants;
  if (!isObject(participants)) return new Set();
  return new Set(Object.keys(participants).filter((id) => id !== ASSISTANT));
}

/** "node n3" or "link l2", for messages. */
export function label(place: Place<Node | Link>): string {
  return `${place.list === 'nodes' ? 'node' : 'link'} ${place.item.id}`;
}

/** "the Current Reality Tree", or "the xyz tree" for a key the format does not define. */
export function treeName(key: string): string {
  return isTreeKey(key) ? `the ${TREE_NAMES[key]}` : `the ${key} tree`;
}
