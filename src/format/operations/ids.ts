// New ids: unique across the whole file, never one the caller has seen before (the store passes
// the ids in its history so that a deleted id is never reused), and in the file's own style.
import type { Tree, WorkingFile } from '../model/types';
import { isObject } from '../model/json';
import { allIds, linksOf, listOf, nodesOf, treeEntries, treeOf } from './read';

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
    const byKind = kindPrefixes(file);
    const own = ownKindStyle(file, kind, tree);
    if (own) return nextInStyle(file, avoid, own, tree, (t) => nodesOf(t).map((node) => node.id));
    const general = generalStyle(file, tree, (t) => nodesOf(t).map((node) => node.id));
    const owner = general && byKind.get(general.prefix);
    if (owner !== undefined && owner !== kind) return nextInStyle(file, avoid, { prefix: 'n', width: 0 }, tree, (t) => nodesOf(t).map((node) => node.id));
  }
  return newId(file, avoid, 'n', (key) => nodesOf(key).map((node) => node.id), tree);
}

/** A new link id, like `newNodeId` but from the link ids (`l1`… → `l2`), else `l<k>`. */
export function newLinkId(file: WorkingFile, avoid: ReadonlySet<string> = new Set(), tree?: string): string {
  return newId(file, avoid, 'l', (key) => linksOf(key).map((link) => link.id), tree);
}

const NUMBERED = /^(.*?)(\d+)$/;

interface Style {
  prefix: string;
  /** Digits including leading zeros (`004` → 3), 0 when numbers are not padded. */
  width: number;
}

function newId(
  file: WorkingFile,
  avoid: ReadonlySet<string>,
  fallback: string,
  idsOf: (tree: Tree) => string[],
  tree: string | undefined,
): string {
  const style = generalStyle(file, tree, idsOf) ?? { prefix: fallback, width: 0 };
  return nextInStyle(file, avoid, style, tree, idsOf);
}

/** The style of `tree`'s ids when clear, else the file's. */
function generalStyle(file: WorkingFile, tree: string | undefined, idsOf: (tree: Tree) => string[]): Style | undefined {
  const own = tree === undefined ? undefined : treeOf(file, tree);
  return clearStyle(own ? idsOf(own) : []) ?? clearStyle(treeEntries(file).flatMap(([, value]) => idsOf(value)));
}

/** The style of the ids of nodes of `kind`: in `tree` when it has some, else in the file. */
function ownKindStyle(file: WorkingFile, kind: string, tree: string | undefined): Style | undefined {
  const ofKind = (t: Tree) => nodesOf(t).filter((node) => node.kind === kind).map((node) => node.id);
  const own = tree === undefined ? undefined : treeOf(file, tree);
  const style = clearStyle(own ? ofKind(own) : []) ?? clearStyle(treeEntries(file).flatMap(([, value]) => ofKind(value)));
  // A kind numbered plainly like everything else (`n3`) says nothing about kinds.
  return style && kindPrefixes(file).get(style.prefix) === kind ? style : undefined;
}

/**
 * Prefixes that belong to one kind: every node id with that prefix is of that kind, and the
 * file's nodes use more than one such prefix (so the ids do carry the kind).
 */
function kindPrefixes(file: WorkingFile): Map<string, string> {
  const kindsOf = new Map<string, Set<string>>();
  for (const [, tree] of treeEntries(file)) {
    for (const node of nodesOf(tree)) {
      const match = NUMBERED.exec(node.id);
      if (!match || match[1] === '' || typeof node.kind !== 'string') continue;
      if (!kindsOf.has(match[1])) kindsOf.set(match[1], new Set());
      kindsOf.get(match[1])!.add(node.kind);
    }
  }
  const owned = new Map<string, string>();
  for (const [prefix, kinds] of kindsOf) if (kinds.size === 1) owned.set(prefix, [...kinds][0]!);
  return new Set(owned.values()).size > 1 ? owned : new Map();
}

function nextInStyle(file: WorkingFile, avoid: ReadonlySet<string>, style: Style, tree: string | undefined, idsOf: (tree: Tree) => string[]): string {
  const own = tree === undefined ? undefined : treeOf(file, tree);
  const ownIds = own ? idsOf(own) : [];
  const lists = treeEntries(file).flatMap(([, value]) => [numberingOf(listOf(value, 'nodes')), numberingOf(listOf(value, 'links'))]);
  const taken = (id: string) => avoid.has(id) || lists.some((list) => list.ids.has(id));
  const make = (number: bigint) => `${style.prefix}${String(number).padStart(style.width, '0')}`;
  // A tree numbered in its own block (l1… here, l20… in the goal tree) continues its block
  // when the next number is free; otherwise the count continues after every id in use.
  const inTree = highest(ownIds, style.prefix);
  if (inTree > 0n && !taken(make(inTree + 1n))) return make(inTree + 1n);
  let top = highest(avoid, style.prefix);
  for (const list of lists) {
    const there = list.highest.get(style.prefix) ?? 0n;
    if (there > top) top = there;
  }
  for (let number = top + 1n; ; number++) {
    if (!taken(make(number))) return make(number);
  }
}

interface Numbering {
  ids: Set<string>;
  /** The highest number after each prefix. */
  highest: Map<string, bigint>;
}

/**
 * A list's ids and their highest numbers, worked out once per list: an edit gives new objects
 * only to the lists it changed, so adding to a six-tree file of 6,000 nodes reads one tree's ids
 * again, not every id of the file.
 */
const numberings = new WeakMap<readonly unknown[], Numbering>();

function numberingOf(list: readonly unknown[]): Numbering {
  let numbering = numberings.get(list);
  if (numbering) return numbering;
  numbering = { ids: new Set(), highest: new Map() };
  for (const item of list) {
    if (!isObject(item) || typeof item.id !== 'string') continue;
    numbering.ids.add(item.id);
    const match = NUMBERED.exec(item.id);
    if (!match) continue;
    const number = BigInt(match[2]);
    if (number > (numbering.highest.get(match[1]) ?? 0n)) numbering.highest.set(match[1], number);
  }
  numberings.set(list, numbering);
  return numbering;
}

/** The highest number after `prefix` among `ids` (BigInt: n99999999999999999999 must count). */
function highest(ids: Iterable<string>, prefix: string): bigint {
  let max = 0n;
  for (const id of ids) {
    const match = NUMBERED.exec(id);
    if (match && match[1] === prefix && BigInt(match[2]) > max) max = BigInt(match[2]);
  }
  return max;
}

/** The prefix more than half of `ids` share, with its padding, if there is one. */
function clearStyle(ids: string[]): Style | undefined {
  if (ids.length === 0) return undefined;
  const counts = new Map<string, number>();
  for (const id of ids) {
    const match = NUMBERED.exec(id);
    if (match) counts.set(match[1], (counts.get(match[1]) ?? 0) + 1);
  }
  let best: string | undefined;
  for (const [prefix, n] of counts) if (best === undefined || n > counts.get(best)!) best = prefix;
  if (best === undefined || counts.get(best)! * 2 <= ids.length) return undefined;
  const numbers = ids.map((id) => NUMBERED.exec(id)).filter((m) => m && m[1] === best).map((m) => m![2]);
  const padded = numbers.filter((digits) => digits.length > 1 && digits.startsWith('0'));
  const width = padded.length > 0 ? Math.max(...padded.map((digits) => digits.length)) : 0;
  return { prefix: best, width };
}

/** Why `id` cannot name a new node or link, or undefined when it can. */
export function checkNewId(file: WorkingFile, id: string, avoid?: ReadonlySet<string>): string | undefined {
  if (typeof id !== 'string' || id.trim() === '' || id !== id.trim()) return 'An id is non-blank text without spaces at either end, such as n12.';
  if (allIds(file).has(id)) return `The id ${id} is already used in this file; ids are unique across all trees.`;
  if (avoid?.has(id)) return `The id ${id} was used before in this session; a new item gets a new id so that history stays unambiguous.`;
  return undefined;
}
