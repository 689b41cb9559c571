// The errors of a file after an edit, found without validating the whole file again when the
// edit changed items of one tree in place: typing a node's text costs that node's rules, not the
// file's; a node's status change also re-checks the links of its tree that end at it (an accepted
// link needs its ends accepted). A node or link added at the end of a list of a file without
// errors costs that item's rules too (it cannot make any other item wrong or right: nothing
// refers to an id that does not exist yet in a file without errors). Anything else returns
// undefined: validate the whole file.
import { Findings, has, isObject, type Finding, type JsonObject } from '../model/findings';
import type { IdIndex, IdLookup, ItemContext, Place } from './tree';
import { checkItem } from './tree';

/** A validated file: its errors (validateData's, in its order) and what item rules consulted. */
export interface CheckedFile {
  file: unknown;
  errors: Finding[];
  context: ItemContext;
}

// The last file validated (validateData records it), or the last derived from it one item away.
// Only one is kept, as it indexes every id.
let last: CheckedFile | undefined;

/** Called by validateData: `file` was validated, with these findings and what item rules consulted. */
export function rememberValidated(file: unknown, findings: Finding[], context: ItemContext): void {
  last = { file, errors: findings.filter((finding) => finding.severity === 'error'), context };
}

export function isLastValidated(file: unknown): boolean {
  return last !== undefined && last.file === file;
}

/**
 * The errors of `file` (validateData's, in its order) when it is the last file validated or one
 * item away from it; it then becomes the last. Undefined when it must be validated whole.
 */
export function errorsNearLast(file: unknown): Finding[] | undefined {
  if (!last) return undefined;
  if (last.file === file) return last.errors;
  const checked = errorsAfterItemEdit(last, file);
  if (checked) last = checked;
  return checked?.errors;
}

type ListKey = 'nodes' | 'links' | 'backlog';
const LISTS: ListKey[] = ['nodes', 'links', 'backlog'];

interface ItemChange {
  list: ListKey;
  position: number;
  before: unknown;
  after: unknown;
}

/**
 * The checked state of `after`, its errors exactly as validateData would list them, when `after`
 * differs from the checked file in items of one tree replaced in place; undefined when the whole
 * file must be validated.
 */
export function errorsAfterItemEdit(checked: CheckedFile, after: unknown): CheckedFile | undefined {
  const edit = itemsChanged(checked.file, after);
  if (!edit) return checked.errors.length === 0 ? errorsAfterAppend(checked, after) : undefined;
  const { treeKey, changes, nodesAfter, linksAfter } = edit;
  // Nodes whose status changed: the tree's links ending at them are checked again too.
  const restated = new Set<string>();
  for (const change of changes) {
    if (change.list === 'nodes' && isObject(change.before) && isObject(change.after) && !sameField(change.before, change.after, 'status')) {
      restated.add(change.before.id as string);
    }
  }
  const recheck = new Map<string, ItemChange>(changes.map((change) => [`${change.list} ${change.position}`, change]));
  if (restated.size > 0) {
    const linksBefore = listIn(checked.file, treeKey, 'links');
    linksAfter.forEach((link, position) => {
      if (isObject(link) && endsOf(link).some((end) => restated.has(end as string))) {
        recheck.set(`links ${position}`, recheck.get(`links ${position}`) ?? { list: 'links', position, before: linksBefore[position], after: link });
      }
    });
  }
  const context = restated.size > 0 ? withNodes(checked.context, treeKey, nodesAfter, changes) : checked.context;
  // In validateData's order: nodes, links, then backlog entries, each by position.
  const ordered = [...recheck.values()].sort((a, b) => LISTS.indexOf(a.list) - LISTS.indexOf(b.list) || a.position - b.position);
  const oldErrors = ordered.flatMap((change) => itemErrors(treeKey, change.list, change.position, change.before, checked.context));
  const newErrors = ordered.flatMap((change) => itemErrors(treeKey, change.list, change.position, change.after, context));
  // Those items' errors hold places among other items' errors; with none before or after, nothing moves.
  if (oldErrors.length === 0 && newErrors.length === 0) return { file: after, errors: checked.errors, context };
  if (checked.errors.length === oldErrors.length) return { file: after, errors: newErrors, context }; // they held every error
  return undefined; // placing them among other items' errors: leave it to full validation
}

/**
 * The checked state of `after` when it differs from an error-free checked file by nodes or links
 * added at the end of one tree's lists, with new unique ids, and none of them has an error;
 * undefined otherwise (validate the whole file).
 */
function errorsAfterAppend(checked: CheckedFile, after: unknown): CheckedFile | undefined {
  const appended = itemsAppended(checked.file, after);
  if (!appended) return undefined;
  const added = { nodes: new Map<string, Place>(), links: new Map<string, Place>() };
  for (const { list, position, item } of appended.items) {
    if (!isObject(item) || typeof item.id !== 'string' || item.id.trim() === '') return undefined;
    const id = item.id;
    if (checked.context.index.nodes.has(id) || checked.context.index.links.has(id) || added.nodes.has(id) || added.links.has(id)) return undefined;
    added[list].set(id, { tree: appended.treeKey, path: ['trees', appended.treeKey, list, position], item });
  }
  const context: ItemContext = { index: { nodes: overlaid(checked.context.index.nodes, added.nodes), links: overlaid(checked.context.index.links, added.links) }, people: checked.context.people };
  for (const { list, position, item } of appended.items) if (itemErrors(appended.treeKey, list, position, item, context).length > 0) return undefined;
  return { file: after, errors: [], context };
}

/** The one tree `after` changed, when nothing else changed and the tree kept its keys in order. */
function oneTreeChanged(before: unknown, after: unknown): { key: string; treeBefore: Record<string, unknown>; treeAfter: Record<string, unknown>; keys: string[] } | undefined {
  const top = oneKeyChanged(before, after);
  if (top?.key !== 'trees') return undefined;
  const trees = oneKeyChanged(top.before, top.after);
  if (!trees || !isObject(trees.before) || !isObject(trees.after)) return undefined;
  const [treeBefore, treeAfter] = [trees.before, trees.after];
  const keys = Object.keys(treeBefore);
  if (keys.length !== Object.keys(treeAfter).length || Object.keys(treeAfter).some((key, i) => keys[i] !== key)) return undefined;
  return { key: trees.key, treeBefore, treeAfter, keys };
}

/** Nodes and links added at the end of one tree's lists, when that is all that changed. */
function itemsAppended(before: unknown, after: unknown): { treeKey: string; items: { list: 'nodes' | 'links'; position: number; item: unknown }[] } | undefined {
  const trees = oneTreeChanged(before, after);
  if (!trees) return undefined;
  const { treeBefore, treeAfter, keys } = trees;
  const items: { list: 'nodes' | 'links'; position: number; item: unknown }[] = [];
  for (const key of keys) {
    if (treeBefore[key] === treeAfter[key]) continue;
    if (key !== 'nodes' && key !== 'links') return undefined;
    const [oldList, newList] = [treeBefore[key], treeAfter[key]];
    if (!Array.isArray(oldList) || !Array.isArray(newList) || newList.length <= oldList.length) return undefined;
    for (let position = 0; position < oldList.length; position++) if (oldList[position] !== newList[position]) return undefined;
    for (let position = oldList.length; position < newList.length; position++) items.push({ list: key, position, item: newList[position] });
  }
  return items.length > 0 ? { treeKey: trees.key, items } : undefined;
}

function itemErrors(treeKey: string, list: ListKey, position: number, item: unknown, context: ItemContext): Finding[] {
  const findings = new Findings();
  const tree = { key: treeKey, path: ['trees', treeKey], nodes: [], links: [], backlog: [] };
  checkItem(tree, list, item, position, context.index, context.people, findings);
  return findings.list.filter((finding) => finding.severity === 'error');
}

function endsOf(link: JsonObject): unknown[] {
  return [...(Array.isArray(link.from) ? link.from : []), link.to];
}

/** The context with the index's places of the changed nodes holding their new versions. */
function withNodes(context: ItemContext, treeKey: string, nodes: unknown[], changes: ItemChange[]): ItemContext {
  const replaced = new Map<string, Place>();
  for (const change of changes) {
    if (change.list !== 'nodes' || !isObject(change.after)) continue;
    const place = context.index.nodes.get(change.after.id as string);
    // Only the first node with an id is indexed (later ones are duplicates).
    if (place && place.tree === treeKey && place.path[3] === change.position) replaced.set(change.after.id as string, { ...place, item: nodes[change.position] as JsonObject });
  }
  const index: IdIndex = { nodes: overlaid(context.index.nodes, replaced), links: context.index.links };
  return { index, people: context.people };
}

/** Past this many replaced places, an overlay is folded into a map of its own. */
const OVERLAY_LIMIT = 256;

/** A lookup over the file's index with some places replaced (by status edits while typing). */
class Overlay implements IdLookup {
  constructor(
    readonly base: ReadonlyMap<string, Place>,
    readonly replaced: ReadonlyMap<string, Place>,
  ) {}
  get(id: string): Place | undefined {
    return this.replaced.get(id) ?? this.base.get(id);
  }
  has(id: string): boolean {
    return this.replaced.has(id) || this.base.has(id);
  }
}

/**
 * `base` with `replaced` laid over it, without copying the index of a big file on every status
 * change: overlays merge rather than stack, and fold into one map once they grow large.
 */
function overlaid(base: IdLookup, replaced: ReadonlyMap<string, Place>): IdLookup {
  if (replaced.size === 0) return base;
  // An index is the file's map (indexIds) or an overlay of it.
  const root = base instanceof Overlay ? base.base : (base as ReadonlyMap<string, Place>);
  const all = base instanceof Overlay ? new Map([...base.replaced, ...replaced]) : replaced;
  return all.size <= OVERLAY_LIMIT ? new Overlay(root, all) : new Map([...root, ...all]);
}

function listIn(file: unknown, treeKey: string, list: ListKey): unknown[] {
  const trees = isObject(file) ? file.trees : undefined;
  const tree = isObject(trees) ? trees[treeKey] : undefined;
  const items = isObject(tree) ? tree[list] : undefined;
  return Array.isArray(items) ? items : [];
}

/**
 * The items of one tree that `after` replaced in place, when that is all that changed: lists
 * keep their lengths, and nodes and links keep their ids (ids are indexed and referred to).
 */
function itemsChanged(before: unknown, after: unknown): { treeKey: string; changes: ItemChange[]; nodesAfter: unknown[]; linksAfter: unknown[] } | undefined {
  const trees = oneTreeChanged(before, after);
  if (!trees) return undefined;
  const { treeBefore, treeAfter, keys } = trees;
  const changes: ItemChange[] = [];
  for (const key of keys) {
    if (treeBefore[key] === treeAfter[key]) continue;
    if (key !== 'nodes' && key !== 'links' && key !== 'backlog') return undefined;
    const [oldList, newList] = [treeBefore[key], treeAfter[key]];
    if (!Array.isArray(oldList) || !Array.isArray(newList) || oldList.length !== newList.length) return undefined;
    for (let position = 0; position < oldList.length; position++) {
      const [old, next] = [oldList[position], newList[position]];
      if (old === next) continue;
      if (!isObject(old) || !isObject(next)) return undefined;
      if (key !== 'backlog' && !sameField(old, next, 'id')) return undefined;
      changes.push({ list: key, position, before: old, after: next });
    }
  }
  if (changes.length === 0) return undefined;
  return { treeKey: trees.key, changes, nodesAfter: listIn(after, trees.key, 'nodes'), linksAfter: listIn(after, trees.key, 'links') };
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
