// New ids: unique across the whole file, never one the caller has seen before (the store passes
// the ids in its history so that a deleted id is never reused), and in the file's own style.
import type { WorkingFile } from '../model/types';
import { isObject } from '../model/json';
import { listOf, treeEntries, treeOf } from './read';

/**
 * A new node id. Follows the prefix most of the node ids share (`n1`…`n9` → `n10`, `crt-004` →
 * `crt-005`), those of `tree` when given and clear, else the file's; otherwise `n<k>`. The
 * number follows the highest of `tree` with that prefix when that id is free, else the highest
 * in the file or in `avoid`.
 *
 * With `kind`, a file whose ids carry the kind (`RC-3` causes, `UDE-2` undesirable effects) is
 * followed kind by kind: a new cause gets `RC-4`, never `UDE-7`. A kind with no id of its own
 * yet never takes a prefix that belongs to another kind: it gets `n<k>`.
 */
export function newNodeId(file: WorkingFile, avoid: ReadonlySet<string> = new Set(), tree?: string, kind?: string): string {
  if (kind !== undefined) {
    const own = ownKindStyle(file, kind, tree);
    if (own) return nextInStyle(file, avoid, own, tree, 'nodes');
    const general = generalStyle(file, tree, 'nodes');
    const owner = general && kindPrefixes(file).get(general.prefix);
    if (owner !== undefined && owner !== kind) return nextInStyle(file, avoid, { prefix: 'n', width: 0 }, tree, 'nodes');
  }
  return newId(file, avoid, 'n', 'nodes', tree);
}

/**
 * Works out ahead what new ids are made from (every list's ids and style, the ids to avoid), while
 * the page is idle: the first item a person adds to a big file then does not wait for it.
 */
export function readyNewIds(file: WorkingFile, avoid: ReadonlySet<string> = new Set()): void {
  newNodeId(file, avoid);
  newLinkId(file, avoid);
  kindPrefixes(file);
}

/** A new link id, like `newNodeId` but from the link ids (`l1`… → `l2`), else `l<k>`. */
export function newLinkId(file: WorkingFile, avoid: ReadonlySet<string> = new Set(), tree?: string): string {
  return newId(file, avoid, 'l', 'links', tree);
}

const NUMBERED = /^(.*?)(\d+)$/;

type IdList = 'nodes' | 'links';

interface Style {
  prefix: string;
  /** Digits including leading zeros (`004` → 3), 0 when numbers are not padded. */
  width: number;
}

function newId(file: WorkingFile, avoid: ReadonlySet<string>, fallback: string, list: IdList, tree: string | undefined): string {
  const style = generalStyle(file, tree, list) ?? { prefix: fallback, width: 0 };
  return nextInStyle(file, avoid, style, tree, list);
}

/** The lists of `tree` (when given and there) and of the whole file. */
function listsOf(file: WorkingFile, tree: string | undefined, list: IdList): { own: ListFacts | undefined; all: ListFacts[] } {
  const own = tree === undefined ? undefined : treeOf(file, tree);
  return { own: own ? factsOf(listOf(own, list)) : undefined, all: treeEntries(file).map(([, value]) => factsOf(listOf(value, list))) };
}

/** The style of `tree`'s ids when clear, else the file's. */
function generalStyle(file: WorkingFile, tree: string | undefined, list: IdList): Style | undefined {
  const { own, all } = listsOf(file, tree, list);
  return clearStyle(own ? [own.style] : []) ?? clearStyle(all.map((facts) => facts.style));
}

/** The style of the ids of nodes of `kind`: in `tree` when it has some, else in the file. */
function ownKindStyle(file: WorkingFile, kind: string, tree: string | undefined): Style | undefined {
  const { own, all } = listsOf(file, tree, 'nodes');
  const ofKind = (facts: ListFacts) => facts.styleByKind.get(kind) ?? NO_IDS;
  const style = clearStyle(own ? [ofKind(own)] : []) ?? clearStyle(all.map(ofKind));
  // A kind numbered plainly like everything else (`n3`) says nothing about kinds.
  return style && kindPrefixes(file).get(style.prefix) === kind ? style : undefined;
}

/**
 * Prefixes that belong to one kind: every node id with that prefix is of that kind, and the
 * file's nodes use more than one such prefix (so the ids do carry the kind).
 */
function kindPrefixes(file: WorkingFile): Map<string, string> {
  const kindsOf = new Map<string, Set<string>>();
  for (const facts of listsOf(file, undefined, 'nodes').all) {
    for (const [prefix, kinds] of facts.kindsOfPrefix) {
      if (!kindsOf.has(prefix)) kindsOf.set(prefix, new Set());
      for (const kind of kinds) kindsOf.get(prefix)!.add(kind);
    }
  }
  const owned = new Map<string, string>();
  for (const [prefix, kinds] of kindsOf) if (kinds.size === 1) owned.set(prefix, [...kinds][0]!);
  return new Set(owned.values()).size > 1 ? owned : new Map();
}

function nextInStyle(file: WorkingFile, avoid: ReadonlySet<string>, style: Style, tree: string | undefined, list: IdList): string {
  const { own } = listsOf(file, tree, list);
  const lists = treeEntries(file).flatMap(([, value]) => [factsOf(listOf(value, 'nodes')), factsOf(listOf(value, 'links'))]);
  const taken = (id: string) => avoid.has(id) || lists.some((facts) => facts.ids.has(id));
  const make = (number: bigint) => `${style.prefix}${String(number).padStart(style.width, '0')}`;
  // A tree numbered in its own block (l1… here, l20… in the goal tree) continues its block
  // when the next number is free; otherwise the count continues after every id in use.
  const inTree = own?.highest.get(style.prefix) ?? 0n;
  if (inTree > 0n && !taken(make(inTree + 1n))) return make(inTree + 1n);
  let top = highestAvoided(avoid).get(style.prefix) ?? 0n;
  for (const facts of lists) {
    const there = facts.highest.get(style.prefix) ?? 0n;
    if (there > top) top = there;
  }
  for (let number = top + 1n; ; number++) {
    if (!taken(make(number))) return make(number);
  }
}

/** What a style is read from: how many ids, how many carry each prefix, and each prefix's widest zero padding. */
interface StyleCounts {
  total: number;
  perPrefix: Map<string, number>;
  padding: Map<string, number>;
}

const NO_IDS: StyleCounts = { total: 0, perPrefix: new Map(), padding: new Map() };

/** What new ids are made from, read once per list of nodes or links. */
interface ListFacts {
  ids: Set<string>;
  /** The highest number after each prefix (BigInt: n99999999999999999999 must count). */
  highest: Map<string, bigint>;
  style: StyleCounts;
  /** The same, for the ids of each kind of node. */
  styleByKind: Map<string, StyleCounts>;
  /** The kinds of node that each non-empty prefix is used for. */
  kindsOfPrefix: Map<string, Set<string>>;
}

/**
 * Worked out once per list: an edit gives new objects only to the lists it changed, so adding to
 * a six-tree file of 6,000 nodes reads one tree's ids again, not every id of the file.
 */
const listFacts = new WeakMap<readonly unknown[], ListFacts>();

function factsOf(list: readonly unknown[]): ListFacts {
  const known = listFacts.get(list);
  if (known) return known;
  const facts: ListFacts = { ids: new Set(), highest: new Map(), style: { total: 0, perPrefix: new Map(), padding: new Map() }, styleByKind: new Map(), kindsOfPrefix: new Map() };
  for (const item of list) {
    if (!isObject(item) || typeof item.id !== 'string') continue;
    const id = item.id;
    facts.ids.add(id);
    const match = NUMBERED.exec(id);
    const kind = typeof item.kind === 'string' ? item.kind : undefined;
    count(facts.style, match);
    if (kind !== undefined) {
      if (!facts.styleByKind.has(kind)) facts.styleByKind.set(kind, { total: 0, perPrefix: new Map(), padding: new Map() });
      count(facts.styleByKind.get(kind)!, match);
    }
    if (!match) continue;
    const [, prefix, digits] = match as unknown as [string, string, string];
    const number = BigInt(digits);
    if (number > (facts.highest.get(prefix) ?? 0n)) facts.highest.set(prefix, number);
    if (prefix !== '' && kind !== undefined) {
      if (!facts.kindsOfPrefix.has(prefix)) facts.kindsOfPrefix.set(prefix, new Set());
      facts.kindsOfPrefix.get(prefix)!.add(kind);
    }
  }
  listFacts.set(list, facts);
  return facts;
}

function count(counts: StyleCounts, match: RegExpExecArray | null): void {
  counts.total++;
  if (!match) return;
  const [, prefix, digits] = match as unknown as [string, string, string];
  counts.perPrefix.set(prefix, (counts.perPrefix.get(prefix) ?? 0) + 1);
  if (digits.length > 1 && digits.startsWith('0')) counts.padding.set(prefix, Math.max(counts.padding.get(prefix) ?? 0, digits.length));
}

/**
 * The highest number after each prefix among the ids to avoid. The sets callers pass only grow
 * (an id seen is never forgotten): only the ids added since the last call are read, so each item
 * added to a big file reads its own id, not the thousands seen before. A set that lost an id
 * (its last id read is no longer where it was) is read whole again.
 */
const avoidedHighest = new WeakMap<ReadonlySet<string>, { size: number; last: string | undefined; highest: Map<string, bigint> }>();

function highestAvoided(avoid: ReadonlySet<string>): Map<string, bigint> {
  const known = avoidedHighest.get(avoid);
  if (known && known.size === avoid.size) return known.highest;
  const grown = known && known.size < avoid.size ? known : undefined;
  const highest = grown?.highest ?? new Map<string, bigint>();
  let index = 0;
  let last: string | undefined;
  for (const id of avoid) {
    last = id;
    if (grown && index < grown.size) {
      if (++index === grown.size && id !== grown.last) return readAgain(avoid);
      continue;
    }
    index++;
    const match = NUMBERED.exec(id);
    if (!match) continue;
    const number = BigInt(match[2]!);
    if (number > (highest.get(match[1]!) ?? 0n)) highest.set(match[1]!, number);
  }
  avoidedHighest.set(avoid, { size: avoid.size, last, highest });
  return highest;
}

/** The highest numbers of `avoid` read from its first id. */
function readAgain(avoid: ReadonlySet<string>): Map<string, bigint> {
  avoidedHighest.delete(avoid);
  return highestAvoided(avoid);
}

/** The prefix more than half of the ids share (the lists' counts taken together), with its padding, if there is one. */
function clearStyle(parts: StyleCounts[]): Style | undefined {
  let total = 0;
  const perPrefix = new Map<string, number>();
  const padding = new Map<string, number>();
  for (const part of parts) {
    total += part.total;
    for (const [prefix, n] of part.perPrefix) perPrefix.set(prefix, (perPrefix.get(prefix) ?? 0) + n);
    for (const [prefix, width] of part.padding) padding.set(prefix, Math.max(padding.get(prefix) ?? 0, width));
  }
  if (total === 0) return undefined;
  let best: string | undefined;
  for (const [prefix, n] of perPrefix) if (best === undefined || n > perPrefix.get(best)!) best = prefix;
  if (best === undefined || perPrefix.get(best)! * 2 <= total) return undefined;
  return { prefix: best, width: padding.get(best) ?? 0 };
}

/** Whether a node or link of the file already has `id`. */
function inUse(file: WorkingFile, id: string): boolean {
  return treeEntries(file).some(([, tree]) => factsOf(listOf(tree, 'nodes')).ids.has(id) || factsOf(listOf(tree, 'links')).ids.has(id));
}

/** Why `id` cannot name a new node or link, or undefined when it can. */
export function checkNewId(file: WorkingFile, id: string, avoid?: ReadonlySet<string>): string | undefined {
  if (typeof id !== 'string' || id.trim() === '' || id !== id.trim()) return 'An id is non-blank text without spaces at either end, such as n12.';
  if (inUse(file, id)) return `The id ${id} is already used in this file; ids are unique across all trees.`;
  if (avoid?.has(id)) return `The id ${id} was used before in this session; a new item gets a new id so that history stays unambiguous.`;
  return undefined;
}
