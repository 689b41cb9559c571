// The accepted projection (FORMAT.md §10): the part of a state that history records. Two states
// with equal projections need no new snapshot; whatever differs is the latest change of a tree.
// Read tolerantly from plain data: a value of the wrong shape is left out, never trusted.
import { deepEqual, isObject } from '../model/json';
import type { Json } from '../model/types';
import { TRACE_FIELDS, isTreeKey, type TraceField, type TreeKey } from '../model/vocabulary';

export interface ProjectedNode {
  id: string;
  kind: string;
  text: string;
  /** Each trace list as a sorted set; present only when non-empty. */
  addresses?: string[];
  derived_from?: string[];
  implements?: string[];
  /** The sorted set of assumption texts; present only when non-empty. */
  assumptions?: string[];
}

export interface ProjectedLink {
  id: string;
  /** Sorted set of source ids. */
  from: string[];
  to: string;
  relation: string;
  /** The sorted set of assumption texts; present only when non-empty. */
  assumptions?: string[];
}

/** One tree's accepted content; nodes and links sorted by id, so equal content is equal data. */
export interface TreeProjection {
  nodes: ProjectedNode[];
  links: ProjectedLink[];
}

/** Trees with anything accepted; a tree with nothing accepted is absent. */
export type Projection = Partial<Record<TreeKey, TreeProjection>>;

export const EMPTY_TREE: TreeProjection = Object.freeze({ nodes: [], links: [] }) as TreeProjection;

/** Orders strings by code point, as the reference helper's `sorted` does (not by UTF-16 unit). */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const left = Array.from(a);
  const right = Array.from(b);
  const n = Math.min(left.length, right.length);
  for (let i = 0; i < n; i++) {
    const x = left[i]!.codePointAt(0)!;
    const y = right[i]!.codePointAt(0)!;
    if (x !== y) return x - y;
  }
  return left.length - right.length;
}

function sortedSet(values: Iterable<string>): string[] {
  return [...new Set(values)].sort(compareCodePoints);
}

function strings(value: Json | undefined): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function assumptionTexts(item: { [key: string]: Json }): string[] {
  const notes = Array.isArray(item.assumptions) ? item.assumptions : [];
  return sortedSet(notes.flatMap((note) => (isObject(note) && typeof note.text === 'string' ? [note.text] : [])));
}

function isAccepted(item: Json): item is { [key: string]: Json } {
  return isObject(item) && item.status === 'accepted' && typeof item.id === 'string';
}

export function projectTree(tree: Json | undefined): TreeProjection {
  if (!isObject(tree)) return { nodes: [], links: [] };
  const nodes: ProjectedNode[] = [];
  const links: ProjectedLink[] = [];
  for (const item of Array.isArray(tree.nodes) ? tree.nodes : []) {
    if (!isAccepted(item)) continue;
    const node: ProjectedNode = {
      id: item.id as string,
      kind: typeof item.kind === 'string' ? item.kind : '',
      text: typeof item.text === 'string' ? item.text : '',
    };
    for (const field of TRACE_FIELDS) {
      const refs = sortedSet(strings(item[field]));
      if (refs.length > 0) node[field] = refs;
    }
    const assumptions = assumptionTexts(item);
    if (assumptions.length > 0) node.assumptions = assumptions;
    nodes.push(node);
  }
  for (const item of Array.isArray(tree.links) ? tree.links : []) {
    if (!isAccepted(item)) continue;
    const link: ProjectedLink = {
      id: item.id as string,
      from: sortedSet(strings(item.from)),
      to: typeof item.to === 'string' ? item.to : '',
      relation: typeof item.relation === 'string' ? item.relation : '',
    };
    const assumptions = assumptionTexts(item);
    if (assumptions.length > 0) link.assumptions = assumptions;
    links.push(link);
  }
  const byId = (a: { id: string }, b: { id: string }) => compareCodePoints(a.id, b.id);
  return { nodes: nodes.sort(byId), links: links.sort(byId) };
}

/** The accepted projection of a whole state (a working file or a snapshot). */
export function acceptedProjection(state: Json | undefined): Projection {
  const result: Projection = {};
  if (!isObject(state) || !isObject(state.trees)) return result;
  for (const [key, tree] of Object.entries(state.trees)) {
    if (!isTreeKey(key)) continue;
    const projected = projectTree(tree);
    if (projected.nodes.length > 0 || projected.links.length > 0) result[key] = projected;
  }
  return result;
}

export function treeOf(projection: Projection, tree: TreeKey): TreeProjection {
  return projection[tree] ?? EMPTY_TREE;
}

export function sameTree(a: TreeProjection, b: TreeProjection): boolean {
  return deepEqual(a, b);
}

/** Trees whose projection differs, sorted by name as the reference helper reports them. */
export function changedTrees(before: Projection, after: Projection): TreeKey[] {
  return changedTreeNames(before, after, (name) => !sameTree(treeOf(before, name), treeOf(after, name)));
}

/** The trees of either projection that `differs` picks, sorted by name. */
export function changedTreeNames(before: Projection, after: Projection, differs: (name: TreeKey) => boolean): TreeKey[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)] as TreeKey[]);
  return [...names].filter(differs).sort(compareCodePoints);
}

/** Every tree that has had accepted content at some point of a history, sorted by name. */
export function treesInHistory(projections: readonly Projection[]): TreeKey[] {
  const names = new Set<TreeKey>();
  for (const projection of projections) for (const name of Object.keys(projection)) names.add(name as TreeKey);
  return [...names].sort(compareCodePoints);
}

export type ItemChange = 'added' | 'changed' | 'removed';

export interface ChangeSet {
  /** Items whose projection differs, by id (sorted), with how. */
  nodes: Map<string, ItemChange>;
  links: Map<string, ItemChange>;
  /** Unchanged items shown as muted context: one hop around changed nodes, ends of changed links. */
  contextNodes: Set<string>;
  contextLinks: Set<string>;
}

function diffItems<T extends { id: string }>(before: readonly T[], after: readonly T[]): Map<string, ItemChange> {
  const old = new Map(before.map((item) => [item.id, item]));
  const now = new Map(after.map((item) => [item.id, item]));
  const ids = sortedSet([...old.keys(), ...now.keys()]);
  const changes = new Map<string, ItemChange>();
  for (const id of ids) {
    const a = old.get(id);
    const b = now.get(id);
    if (!a) changes.set(id, 'added');
    else if (!b) changes.set(id, 'removed');
    else if (!deepEqual(a, b)) changes.set(id, 'changed');
  }
  return changes;
}

/**
 * What changed in one tree between two projections. Context follows the reference helper: every
 * link (old or new) that touches a changed node, and every end of such a link or of a changed
 * link; the ends of context links do not widen the circle further.
 */
export function changeSet(before: TreeProjection, after: TreeProjection): ChangeSet {
  const nodes = diffItems(before.nodes, after.nodes);
  const links = diffItems(before.links, after.links);
  const shownLinks = new Set(links.keys());
  const shownNodes = new Set(nodes.keys());
  for (const view of [before, after]) {
    for (const link of view.links) {
      const ends = [...link.from, link.to];
      if (shownLinks.has(link.id) || ends.some((id) => nodes.has(id))) {
        shownLinks.add(link.id);
        for (const id of ends) shownNodes.add(id);
      }
    }
  }
  const contextNodes = new Set(sortedSet([...shownNodes].filter((id) => !nodes.has(id))));
  const contextLinks = new Set(sortedSet([...shownLinks].filter((id) => !links.has(id))));
  return { nodes, links, contextNodes, contextLinks };
}

export interface LatestChange {
  /** The revision (1-based position in the list) where the tree last changed. */
  revision: number;
  /** The tree at the revision before; empty for the first change. */
  before: TreeProjection;
  after: TreeProjection;
}

/**
 * A tree's latest change: walking back from the newest projection to the last one that differs
 * from its predecessor (the state before the first revision counts as empty). Undefined when
 * the tree never had accepted content.
 */
export function latestChange(projections: readonly Projection[], tree: TreeKey): LatestChange | undefined {
  for (let index = projections.length - 1; index >= 0; index--) {
    const after = treeOf(projections[index]!, tree);
    const before = index > 0 ? treeOf(projections[index - 1]!, tree) : EMPTY_TREE;
    if (!sameTree(before, after)) return { revision: index + 1, before, after };
  }
  return undefined;
}

/** Trace fields of a projected node, in the format's order, with their ids. */
export function nodeTraces(node: ProjectedNode): { field: TraceField; ids: string[] }[] {
  return TRACE_FIELDS.flatMap((field) => (node[field] ? [{ field, ids: node[field]! }] : []));
}
