// Tolerant readers: what can be drawn from a file, even one that is not valid yet. Each value is
// checked before it is trusted; anything unreadable is left out here (validation reports it).
import { isObject } from './json';
import type { Json } from './types';
import { ASSISTANT, STATUSES, TRACE_FIELDS, TREE_KEYS, type Status, type TraceField, type TreeKey } from './vocabulary';

export interface DrawableNote {
  text: string;
  by: string;
}

export interface DrawableTrace {
  field: TraceField;
  target: string;
}

interface DrawableItem {
  id: string;
  /** Missing or unreadable status reads as proposed, never as accepted. */
  status: Status;
  /** The `by` of each contribution that names someone, in order, without repeats. */
  contributors: string[];
  acceptedBy: string[];
  assumptions: DrawableNote[];
  challenges: DrawableNote[];
  /** Position in its list, to map diagnostics' paths back to the item. */
  index: number;
}

export interface DrawableNode extends DrawableItem {
  kind: string;
  text: string;
  traces: DrawableTrace[];
}

export interface DrawableLink extends DrawableItem {
  /** Source ids that name nodes of this tree, once each. */
  from: string[];
  /** Undefined when the target is not a node of this tree. */
  to: string | undefined;
  relation: string;
}

export interface DrawableBacklogEntry {
  ref: string;
  work: string;
  note?: string;
  index: number;
}

export interface DrawableTree {
  key: TreeKey;
  nodes: DrawableNode[];
  links: DrawableLink[];
  backlog: DrawableBacklogEntry[];
}

// Edits keep the identity of every tree and item they do not touch, and the data is never
// mutated: what was read from an object is remembered, so one edit reads (and hands on as new
// objects) only what it changed, and views can skip everything else by identity.
const readTreeCache = new WeakMap<object, { key: TreeKey; tree: DrawableTree }>();
const readNodeCache = new WeakMap<object, DrawableNode>();
const readLinkCache = new WeakMap<object, DrawableLink>();

/** The trees present, in the canonical order goal … transition. */
export function readTrees(data: Json | undefined): DrawableTree[] {
  if (!isObject(data) || !isObject(data.trees)) return [];
  const trees = data.trees;
  return TREE_KEYS.filter((key) => isObject(trees[key])).map((key) => readTree(key, trees[key] as { [k: string]: Json }));
}

export function readTree(key: TreeKey, tree: { [k: string]: Json }): DrawableTree {
  const known = readTreeCache.get(tree);
  if (known && known.key === key) return known.tree;
  const nodes: DrawableNode[] = [];
  const seen = new Set<string>();
  listOf(tree.nodes).forEach((raw, index) => {
    if (!isObject(raw) || typeof raw.id !== 'string' || raw.id === '' || seen.has(raw.id)) return;
    seen.add(raw.id);
    const read = readNodeCache.get(raw);
    if (read && read.index === index) {
      nodes.push(read);
      return;
    }
    const traces: DrawableTrace[] = [];
    for (const field of TRACE_FIELDS) {
      for (const target of listOf(raw[field])) if (typeof target === 'string') traces.push({ field, target });
    }
    const node = {
      ...readItem(raw, raw.id, index),
      kind: typeof raw.kind === 'string' ? raw.kind : 'observation',
      text: typeof raw.text === 'string' ? raw.text : '',
      traces,
    };
    readNodeCache.set(raw, node);
    nodes.push(node);
  });
  const nodeIds = new Set(nodes.map((n) => n.id));
  const links: DrawableLink[] = [];
  listOf(tree.links).forEach((raw, index) => {
    if (!isObject(raw) || typeof raw.id !== 'string' || raw.id === '' || seen.has(raw.id)) return;
    seen.add(raw.id);
    const from = [...new Set(listOf(raw.from).filter((id): id is string => typeof id === 'string' && nodeIds.has(id)))];
    const to = typeof raw.to === 'string' && nodeIds.has(raw.to) ? raw.to : undefined;
    // Which ends name nodes depends on the rest of the tree: the remembered link must agree.
    const read = readLinkCache.get(raw);
    if (read && read.index === index && read.to === to && read.from.length === from.length && read.from.every((id, i) => id === from[i])) {
      links.push(read);
      return;
    }
    const link = { ...readItem(raw, raw.id, index), from, to, relation: typeof raw.relation === 'string' ? raw.relation : '' };
    readLinkCache.set(raw, link);
    links.push(link);
  });
  const backlog: DrawableBacklogEntry[] = [];
  listOf(tree.backlog).forEach((raw, index) => {
    if (!isObject(raw) || typeof raw.ref !== 'string') return;
    backlog.push({
      ref: raw.ref,
      work: typeof raw.work === 'string' ? raw.work : '',
      ...(typeof raw.note === 'string' ? { note: raw.note } : {}),
      index,
    });
  });
  const drawable = { key, nodes, links, backlog };
  readTreeCache.set(tree, { key, tree: drawable });
  return drawable;
}

function readItem(raw: { [k: string]: Json }, id: string, index: number): DrawableItem {
  const status = (STATUSES as readonly unknown[]).includes(raw.status) ? (raw.status as Status) : 'proposed';
  const contributors: string[] = [];
  for (const c of listOf(raw.contributions)) {
    if (isObject(c) && typeof c.by === 'string' && !contributors.includes(c.by)) contributors.push(c.by);
  }
  return {
    id,
    status,
    contributors,
    acceptedBy: listOf(raw.accepted_by).filter((p): p is string => typeof p === 'string'),
    assumptions: readNotes(raw.assumptions),
    challenges: readNotes(raw.challenges),
    index,
  };
}

function readNotes(value: Json | undefined): DrawableNote[] {
  return listOf(value)
    .filter(isObject)
    .map((note) => ({ text: typeof note.text === 'string' ? note.text : '', by: typeof note.by === 'string' ? note.by : '' }));
}

function listOf(value: Json | undefined): Json[] {
  return Array.isArray(value) ? value : [];
}

/** Display name of a participant id; the assistant and unknown ids read as themselves. */
export function displayName(data: Json | undefined, id: string): string {
  if (id === ASSISTANT) return 'Assistant';
  const participants = isObject(data) && isObject(data.participants) ? data.participants : {};
  const name = participants[id];
  return typeof name === 'string' && name.trim() !== '' ? name : id;
}

/** Each tree's accepted view, kept while the tree is the same: switching views back finds the same object. */
const acceptedViews = new WeakMap<DrawableTree, DrawableTree>();

/** The accepted view of a tree: accepted nodes, and accepted links whose ends are all shown. */
export function acceptedView(tree: DrawableTree): DrawableTree {
  let view = acceptedViews.get(tree);
  if (!view) acceptedViews.set(tree, (view = acceptedViewOf(tree)));
  return view;
}

function acceptedViewOf(tree: DrawableTree): DrawableTree {
  const nodes = tree.nodes.filter((node) => node.status === 'accepted');
  const shown = new Set(nodes.map((node) => node.id));
  const links = tree.links.filter(
    (link) => link.status === 'accepted' && link.to !== undefined && shown.has(link.to) && link.from.length > 0 && link.from.every((id) => shown.has(id)),
  );
  return { ...tree, nodes, links };
}
