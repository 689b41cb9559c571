// The errors of a file after an edit, found without validating the whole file again when the
// edit changed one item in place and nothing other items' rules read from it: typing a node's
// text costs one item's rules, not the file's. Anything else returns undefined (validate all).
import { Findings, has, isObject, type Finding, type JsonObject } from './findings';
import type { ItemContext } from './validate';
import { checkItem } from './validate-tree';

/** A validated file: its errors (validateData's, in its order) and what item rules consulted. */
export interface CheckedFile {
  file: unknown;
  errors: Finding[];
  context: ItemContext;
}

type ListKey = 'nodes' | 'links' | 'backlog';

interface ItemChange {
  treeKey: string;
  list: ListKey;
  position: number;
  before: JsonObject;
  after: JsonObject;
}

/**
 * The errors of `after`, exactly as validateData would list them, when `after` differs from the
 * checked file in one item only; undefined when the whole file must be validated.
 */
export function errorsAfterItemEdit(checked: CheckedFile, after: unknown): Finding[] | undefined {
  const change = oneItemChanged(checked.file, after);
  if (!change) return undefined;
  const oldErrors = itemErrors(change, change.before, checked.context);
  const newErrors = itemErrors(change, change.after, checked.context);
  // The item's errors are one run of the list; with no run before or after, nothing moves.
  if (oldErrors.length === 0 && newErrors.length === 0) return checked.errors;
  if (checked.errors.length === oldErrors.length) return newErrors; // the item held every error
  return undefined; // placing a run among other items' errors: leave it to full validation
}

function itemErrors(change: ItemChange, item: JsonObject, context: ItemContext): Finding[] {
  const findings = new Findings();
  const tree = { key: change.treeKey, path: ['trees', change.treeKey], nodes: [], links: [], backlog: [] };
  checkItem(tree, change.list, item, change.position, context.index, context.people, findings);
  return findings.list.filter((finding) => finding.severity === 'error');
}

/**
 * The one item `after` replaced in place, when that is all that changed and other items' rules
 * read nothing it changed: a node or link keeps its id (ids are indexed and referred to), and a
 * node keeps its status (an accepted link needs its ends accepted).
 */
function oneItemChanged(before: unknown, after: unknown): ItemChange | undefined {
  const top = oneKeyChanged(before, after);
  if (top?.key !== 'trees') return undefined;
  const trees = oneKeyChanged(top.before, top.after);
  if (!trees) return undefined;
  const tree = oneKeyChanged(trees.before, trees.after);
  if (!tree || (tree.key !== 'nodes' && tree.key !== 'links' && tree.key !== 'backlog')) return undefined;
  const list = tree.key;
  const [oldList, newList] = [tree.before, tree.after];
  if (!Array.isArray(oldList) || !Array.isArray(newList) || oldList.length !== newList.length) return undefined;
  let position = -1;
  for (let i = 0; i < oldList.length; i++) {
    if (oldList[i] === newList[i]) continue;
    if (position >= 0) return undefined;
    position = i;
  }
  const [old, next] = [oldList[position], newList[position]];
  if (position < 0 || !isObject(old) || !isObject(next)) return undefined;
  if (list !== 'backlog' && !sameField(old, next, 'id')) return undefined;
  if (list === 'nodes' && !sameField(old, next, 'status')) return undefined;
  return { treeKey: trees.key, list, position, before: old, after: next };
}

function sameField(a: JsonObject, b: JsonObject, key: string): boolean {
  return has(a, key) === has(b, key) && a[key] === b[key];
}

/** The one key whose value differs between two mappings with the same keys in the same order. */
function oneKeyChanged(before: unknown, after: unknown): { key: string; before: unknown; after: unknown } | undefined {
  if (!isObject(before) || !isObject(after) || Array.isArray(before) || Array.isArray(after)) return undefined;
  const keys = Object.keys(before);
  const afterKeys = Object.keys(after);
  if (keys.length !== afterKeys.length) return undefined;
  let changed: string | undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (afterKeys[i] !== key) return undefined;
    if (before[key] === after[key]) continue;
    if (changed !== undefined) return undefined;
    changed = key;
  }
  return changed === undefined ? undefined : { key: changed, before: before[changed], after: after[changed] };
}
