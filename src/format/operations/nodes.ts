// Nodes (FORMAT.md section 3): add one, change its text or kind, remove it with everything that
// depends on it, in one consistent step.
import { isObject } from '../model/json';
import type { BacklogEntry, Link, Node, WorkingFile } from '../model/types';
import { capital } from '../validate/item';
import { TRACE_FIELDS, allowedKinds, isTreeKey, type Attribution, type Mode, type TraceField } from '../model/vocabulary';
import { firstContribution } from './contributions';
import { runEdit } from './edit';
import { checkNewId, newNodeId } from './ids';
import { isRefusal } from './people';
import { backlogOf, findNode, isAccepted, listOf, treeEntries, treeName, treeOf } from './read';
import { count, done, refuse, type EditResult } from './result';
import { afterMeaningChange, returnedNotice, settleLinks, type EndorseOption } from './status';
import { mapBacklog, mapItems, replaceItem, setKey, setList, touched, withList, withStatus } from './write';

export interface NewNode {
  kind: string;
  text: string;
  /** Who had the idea: a participant (`explicit`) or `assistant`; the driver when omitted. */
  contributor?: string;
  /** How the idea came in; `text` when omitted. */
  mode?: Mode;
  /** How the credit was decided (see `firstContribution`); from the contributor when omitted. */
  attribution?: Attribution;
  /** The id to use (it must be new); otherwise one is made with `newNodeId`. */
  id?: string;
  /** Ids never to use, e.g. every id in the undo history. */
  avoid?: ReadonlySet<string>;
}

export function addNode(file: WorkingFile, tree: string, input: NewNode): EditResult {
  return runEdit(file, () => {
    const target = treeOf(file, tree);
    if (!target) return refuse(`The file has no ${tree} tree; add the tree first.`);
    if (!isTreeKey(tree)) return refuse(`${tree} is not a tree of the format, so no kinds are allowed in it; rename or remove it first.`);
    if (target.nodes !== undefined && !Array.isArray(target.nodes)) return refuse(`The nodes of ${treeName(tree)} are not a list; repair them in the file first.`);
    if (typeof input.text !== 'string' || input.text.trim() === '') return refuse('A node states something: write its text.');
    if (!allowedKinds(tree).includes(input.kind)) {
      return refuse(`${capital(treeName(tree))} does not allow the kind ${input.kind}; choose one of ${allowedKinds(tree).join(', ')}.`);
    }
    const id = input.id ?? newNodeId(file, input.avoid, tree, input.kind);
    const idProblem = checkNewId(file, id, input.avoid);
    if (idProblem) return refuse(idProblem);
    const contribution = firstContribution(file, input.contributor, input.mode, input.attribution);
    if (isRefusal(contribution)) return contribution;
    const node: Node = { id, kind: input.kind, text: input.text, status: 'proposed', contributions: [contribution] };
    return done(setList(file, tree, 'nodes', [...listOf(target, 'nodes'), node], target), [], [id]);
  });
}

export interface NodeChanges {
  text?: string;
  kind?: string;
}

/**
 * Changes a node's text or kind. For an accepted node that is a change of meaning: it returns to
 * proposed with its accepted links, unless `endorsedBy` endorses the new version.
 */
export function updateNode(file: WorkingFile, id: string, changes: NodeChanges, options: EndorseOption = {}): EditResult {
  return runEdit(file, () => {
    const place = findNode(file, id);
    if (!place) return refuse(`There is no node ${id}.`);
    const node = place.item;
    if (changes.text !== undefined && (typeof changes.text !== 'string' || changes.text.trim() === '')) {
      return refuse(`A node states something: the text of ${id} cannot be blank.`);
    }
    if (changes.kind !== undefined && changes.kind !== node.kind) {
      if (!isTreeKey(place.tree)) return refuse(`${place.tree} is not a tree of the format, so no kinds are allowed in it.`);
      if (!allowedKinds(place.tree).includes(changes.kind)) {
        return refuse(`${capital(treeName(place.tree))} does not allow the kind ${changes.kind}; choose one of ${allowedKinds(place.tree).join(', ')}.`);
      }
    }
    const what: string[] = [];
    let next = node;
    if (changes.text !== undefined && changes.text !== node.text) {
      next = setKey(next, 'text', changes.text, ['kind', 'id']);
      what.push('text');
    }
    if (changes.kind !== undefined && changes.kind !== node.kind) {
      next = setKey(next, 'kind', changes.kind, ['id']);
      what.push('kind');
    }
    if (what.length === 0) return done(file);
    const outcome = afterMeaningChange(file, 'nodes', node, next, `its ${what.join(' and ')} changed`, options.endorsedBy);
    if (isRefusal(outcome)) return outcome;
    const settled = settleLinks(replaceItem(file, place, outcome.item), [id]);
    return done(settled.file, [...outcome.notices, ...returnedNotice(settled.returned)]);
  });
}

/** Everything that removing a node changes, for the confirmation and for the edit itself. */
export interface NodeRemoval {
  node: string;
  tree: string;
  /** Links whose target is the node or whose only source it is. */
  removedLinks: string[];
  /** AND links that lose the node from their sources; accepted ones return to proposed. */
  changedLinks: { id: string; returnsToProposed: boolean }[];
  /** Backlog entries about the node or about a removed link, in any tree. */
  removedBacklog: { tree: string; index: number; ref: string; work: string }[];
  /** Trace entries naming the node, in every tree. */
  removedTraces: { node: string; tree: string; field: TraceField }[];
  /** The same in sentences, e.g. "2 links removed (l1, l2)". */
  summary: string[];
}

export function describeNodeRemoval(file: WorkingFile, id: string): NodeRemoval | undefined {
  const place = findNode(file, id);
  if (!place) return undefined;
  const removedLinks: string[] = [];
  const changedLinks: NodeRemoval['changedLinks'] = [];
  const removedTraces: NodeRemoval['removedTraces'] = [];
  for (const [tree, value] of treeEntries(file)) {
    for (const item of listOf(value, 'links')) {
      if (!isObject(item) || typeof item.id !== 'string') continue;
      const link = item as unknown as Link;
      const from: unknown[] = Array.isArray(link.from) ? link.from : [];
      if (link.to === id || (from.includes(id) && from.every((source) => source === id))) removedLinks.push(link.id);
      else if (from.includes(id)) changedLinks.push({ id: link.id, returnsToProposed: isAccepted(link) });
    }
    for (const item of listOf(value, 'nodes')) {
      if (!isObject(item) || item.id === id) continue;
      for (const field of TRACE_FIELDS) {
        const list = item[field];
        if (Array.isArray(list) && list.includes(id)) removedTraces.push({ node: String(item.id), tree, field });
      }
    }
  }
  const gone = new Set([id, ...removedLinks]);
  const removedBacklog: NodeRemoval['removedBacklog'] = [];
  for (const [tree, value] of treeEntries(file)) {
    backlogOf(value).forEach((entry, index) => {
      if (isObject(entry) && typeof entry.ref === 'string' && gone.has(entry.ref)) {
        removedBacklog.push({ tree, index, ref: entry.ref, work: typeof entry.work === 'string' ? entry.work : '' });
      }
    });
  }
  return { node: id, tree: place.tree, removedLinks, changedLinks, removedBacklog, removedTraces, summary: summarise(id, removedLinks, changedLinks, removedBacklog, removedTraces) };
}

function summarise(id: string, removedLinks: string[], changedLinks: NodeRemoval['changedLinks'], removedBacklog: NodeRemoval['removedBacklog'], removedTraces: NodeRemoval['removedTraces']): string[] {
  const lines: string[] = [];
  if (removedLinks.length) lines.push(`${count(removedLinks.length, 'link')} removed (${removedLinks.join(', ')})`);
  if (changedLinks.length) {
    lines.push(`${count(changedLinks.length, 'link')} ${changedLinks.length === 1 ? 'loses' : 'lose'} ${id} from ${changedLinks.length === 1 ? 'its' : 'their'} sources (${changedLinks.map((l) => l.id).join(', ')})`);
  }
  const returned = changedLinks.filter((l) => l.returnsToProposed).map((l) => l.id);
  lines.push(...returnedNotice(returned));
  if (removedBacklog.length) {
    lines.push(`${count(removedBacklog.length, 'backlog entry', 'backlog entries')} removed (${removedBacklog.map((b) => `${b.ref}: ${b.work}`).join(', ')})`);
  }
  if (removedTraces.length) {
    lines.push(`${count(removedTraces.length, 'trace')} to ${id} removed (${removedTraces.map((t) => `${t.node} ${t.field}`).join(', ')})`);
  }
  return lines;
}

/** Removes a node and, in the same step, everything `describeNodeRemoval` lists. */
export function removeNode(file: WorkingFile, id: string): EditResult {
  return runEdit(file, () => {
    const removal = describeNodeRemoval(file, id);
    if (!removal) return refuse(`There is no node ${id}.`);
    const removedLinks = new Set(removal.removedLinks);
    const changedLinks = new Set(removal.changedLinks.map((l) => l.id));
    const tracing = new Set(removal.removedTraces.map((t) => t.node));
    let next = mapItems(file, (item, place) => {
      if (place.list === 'nodes') {
        if (item.id === id) return null;
        return tracing.has(item.id) ? withoutTraceTo(item as Node, id) : item;
      }
      if (removedLinks.has(item.id)) return null;
      if (!changedLinks.has(item.id)) return item;
      const link = item as Link;
      const changed = setKey(link, 'from', (link.from as unknown[]).filter((source) => source !== id));
      return touched(isAccepted(link) ? withStatus(changed, 'proposed') : changed);
    });
    const gone = new Set([id, ...removal.removedLinks]);
    next = mapBacklog(next, (entry: BacklogEntry) => (typeof entry.ref === 'string' && gone.has(entry.ref) ? null : entry));
    return done(next, removal.summary);
  });
}

function withoutTraceTo(node: Node, target: string): Node {
  let next = node;
  for (const field of TRACE_FIELDS) {
    const list: unknown = node[field];
    if (Array.isArray(list) && list.includes(target)) next = withList(next, field, list.filter((ref) => ref !== target));
  }
  return touched(next);
}
