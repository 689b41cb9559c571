// What the side panel reads about items, from the drawn trees and the raw data: where an item
// lives, a one-line caption for lists, and the raw lists (contributions, notes) with their
// positions in the file, so edits name the entry the user sees.
import type { Json, TreeKey, DrawableLink, DrawableNode, DrawableTree } from '../../format';
import { isObject } from '../../format';
import { relationLabel } from '../words';

export type FoundItem =
  | { kind: 'node'; tree: DrawableTree; node: DrawableNode }
  | { kind: 'link'; tree: DrawableTree; link: DrawableLink };

/** Each tree's items by id, built once per tree: an edit rebuilds only the tree it touched. */
const indexes = new WeakMap<DrawableTree, Map<string, FoundItem>>();

function indexOf(tree: DrawableTree): Map<string, FoundItem> {
  let index = indexes.get(tree);
  if (!index) {
    index = new Map();
    for (const node of tree.nodes) if (!index.has(node.id)) index.set(node.id, { kind: 'node', tree, node });
    for (const link of tree.links) if (!index.has(link.id)) index.set(link.id, { kind: 'link', tree, link });
    indexes.set(tree, index);
  }
  return index;
}

/** Where an item is drawn: the first tree that has it, a node before a link of the same id. */
export function findDrawn(trees: readonly DrawableTree[], id: string): FoundItem | undefined {
  for (const tree of trees) {
    const found = indexOf(tree).get(id);
    if (found) return found;
  }
  return undefined;
}

export function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.trim();
}

/** "causes: r3 + r4 → r1" */
export function linkCaption(link: DrawableLink): string {
  return `${relationLabel(link.relation)}: ${link.from.join(' + ') || '?'} → ${link.to ?? '?'}`;
}

/** The first line of a node's text, or a link's relation and ends. */
export function itemCaption(found: FoundItem | undefined): string {
  if (!found) return '(not in the file)';
  return found.kind === 'node' ? firstLine(found.node.text) || '(no text)' : linkCaption(found.link);
}

/** The item as it is in the file, found by its drawn position. */
export function rawItem(data: Json | undefined, tree: TreeKey, list: 'nodes' | 'links', index: number): Record<string, Json> | undefined {
  if (!isObject(data) || !isObject(data.trees)) return undefined;
  const value = data.trees[tree];
  if (!isObject(value)) return undefined;
  const items = value[list];
  const item = Array.isArray(items) ? items[index] : undefined;
  return isObject(item) ? item : undefined;
}

export interface RawContribution {
  by: string;
  attribution: string;
  mode: string;
  /** Position in the file's list, which edits address. */
  index: number;
  /** Its other fields (a `note`, say), kept as they are and shown beside it. */
  extra: Record<string, Json>;
}

export function contributionsOf(item: Record<string, Json> | undefined): RawContribution[] {
  const list = item?.contributions;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry, index) =>
    isObject(entry)
      ? [{ by: text(entry.by), attribution: text(entry.attribution), mode: text(entry.mode), index, extra: Object.fromEntries(Object.entries(entry).filter(([key]) => !['by', 'attribution', 'mode'].includes(key))) }]
      : [],
  );
}

export interface RawNote {
  text: string;
  by: string;
  index: number;
}

export function notesOf(item: Record<string, Json> | undefined, list: 'assumptions' | 'challenges'): RawNote[] {
  const notes = item?.[list];
  if (!Array.isArray(notes)) return [];
  return notes.flatMap((entry, index) => (isObject(entry) ? [{ text: text(entry.text), by: text(entry.by), index }] : []));
}

export interface Person {
  id: string;
  name: string;
}

/** The human participants in file order; the reserved assistant id is never one. */
export function humansOf(data: Json | undefined): Person[] {
  if (!isObject(data) || !isObject(data.participants)) return [];
  return Object.entries(data.participants)
    .filter(([id]) => id !== 'assistant')
    .map(([id, name]) => ({ id, name: typeof name === 'string' ? name : '' }));
}

export function driverOf(data: Json | undefined): string | undefined {
  return isObject(data) && typeof data.driver === 'string' ? data.driver : undefined;
}

/** Nodes of every tree whose id or text contains `query` (case-insensitive), id matches first. */
export function searchNodes(trees: readonly DrawableTree[], query: string, limit = 8): { tree: DrawableTree; node: DrawableNode }[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  const byId: { tree: DrawableTree; node: DrawableNode }[] = [];
  const byText: { tree: DrawableTree; node: DrawableNode }[] = [];
  for (const tree of trees) {
    for (const node of tree.nodes) {
      if (node.id.toLowerCase().includes(q)) byId.push({ tree, node });
      else if (node.text.toLowerCase().includes(q)) byText.push({ tree, node });
    }
  }
  return [...byId, ...byText].slice(0, limit);
}

function text(value: Json | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** A list of a tree as it is in the file (links for relation choices), or empty. */
export function rawList(data: Json | undefined, tree: TreeKey, list: 'nodes' | 'links' | 'backlog'): readonly Json[] {
  if (!isObject(data) || !isObject(data.trees)) return NONE;
  const value = data.trees[tree];
  const items = isObject(value) ? value[list] : undefined;
  return Array.isArray(items) ? items : NONE;
}

/** One shared empty list, so a store selector returning it stays stable. */
const NONE: readonly Json[] = [];
