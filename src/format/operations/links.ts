// Links (FORMAT.md section 4): connect nodes of one tree, build a joint (AND) cause by adding
// sources, change a link's relation or ends, remove it with its backlog entries.
import type { Link, WorkingFile } from '../model/types';
import type { Attribution, Mode } from '../model/vocabulary';
import { sameItems } from '../model/json';
import { firstContribution } from './contributions';
import { runEdit } from './edit';
import { checkNewId, newLinkId } from './ids';
import { isRefusal } from './people';
import { backlogOf, findItem, findLink, findNode, linksOf, listOf, sourcesOf, treeEntries, treeName, treeOf } from './read';
import { suggestRelation } from './relations';
import { count, done, listWords, refuse, type EditResult } from './result';
import { afterMeaningChange, type EndorseOption } from './status';
import { mapBacklog, mapItems, replaceItem, setKey, setList, touched } from './write';

export interface LinkOptions {
  /** Who had the idea: a participant (`explicit`) or `assistant`; the driver when omitted. */
  contributor?: string;
  mode?: Mode;
  /** How the credit was decided (see `firstContribution`); from the contributor when omitted. */
  attribution?: Attribution;
  /** The id to use (it must be new); otherwise one is made with `newLinkId`. */
  id?: string;
  /** Ids never to use, e.g. every id in the undo history. */
  avoid?: ReadonlySet<string>;
}

/**
 * A new proposed link in `tree` from the nodes `from` (several: a joint, AND, cause) to `to`.
 * Without a relation, `suggestRelation` picks one from the kinds of the first source and the
 * target.
 */
export function addLink(file: WorkingFile, tree: string, from: readonly string[], to: string, relation?: string, options: LinkOptions = {}): EditResult {
  return runEdit(file, () => {
    const target = treeOf(file, tree);
    if (!target) return refuse(`The file has no ${tree} tree; add the tree first.`);
    if (target.links !== undefined && !Array.isArray(target.links)) return refuse(`The links of ${treeName(tree)} are not a list; repair them in the file first.`);
    const sources = [...new Set(from)];
    const endsProblem = checkEnds(file, tree, sources, to);
    if (endsProblem) return refuse(endsProblem);
    if (relation !== undefined && (typeof relation !== 'string' || relation.trim() === '')) {
      return refuse('Name the relation: how the source bears on the target (for example causes or necessary_for).');
    }
    const chosen = relation ?? suggestRelation(tree, findNode(file, sources[0])!.item.kind, findNode(file, to)!.item.kind, listOf(target, 'links'));
    const id = options.id ?? newLinkId(file, options.avoid, tree);
    const idProblem = checkNewId(file, id, options.avoid);
    if (idProblem) return refuse(idProblem);
    const contribution = firstContribution(file, options.contributor, options.mode, options.attribution);
    if (isRefusal(contribution)) return contribution;
    const link: Link = { id, from: sources, to, relation: chosen, status: 'proposed', contributions: [contribution] };
    const twins = linksOf(target).filter((other) => other.to === to && sameSet(sourcesOf(other), sources)).map((other) => other.id);
    const notices = twins.length ? [`${sources.join(' + ')} → ${to} is also linked by ${twins.join(', ')}`] : [];
    return done(setList(file, tree, 'links', [...listOf(target, 'links'), link], target), notices, [id]);
  });
}

export interface JoinOptions extends EndorseOption {
  /** Also remove the node's own links to the same target (`ownLinksTo`): one step, one undo. */
  replaceOwnLinks?: boolean;
}

/**
 * Adds a source to a link's `from`: how a joint (AND) cause is built. With `replaceOwnLinks`,
 * the node's own links to the same target (which would say it acts alone as well) go in the
 * same edit.
 */
export function addSourceToLink(file: WorkingFile, linkId: string, nodeId: string, options: JoinOptions = {}): EditResult {
  return runEdit(file, () => {
    const place = findLink(file, linkId);
    if (!place) return refuse(`There is no link ${linkId}.`);
    const sources = sourcesOf(place.item);
    if (sources.includes(nodeId)) return refuse(`${nodeId} is already a source of ${linkId}.`);
    const problem = checkEnds(file, place.tree, [...sources, nodeId], place.item.to, [nodeId]);
    if (problem) return refuse(problem);
    const joined = changeLink(file, place, { from: [...fromOf(place.item), nodeId] }, 'its sources changed', options.endorsedBy);
    if (!joined.ok || !options.replaceOwnLinks) return joined;
    let result: EditResult = joined;
    const notices = [...joined.notices];
    for (const own of ownLinksTo(file, linkId, nodeId)) {
      result = removeLink(result.file, own);
      if (!result.ok) return result;
      notices.push(`${own} (${nodeId} alone → ${place.item.to}) was replaced by the joint cause.`, ...result.notices);
    }
    return done(result.file, notices);
  });
}

/**
 * The links by which `nodeId` alone already leads to the target of `linkId` (same tree, the node
 * its only source): joining the node into that link as a joint cause would contradict them.
 */
export function ownLinksTo(file: WorkingFile, linkId: string, nodeId: string): string[] {
  const place = findLink(file, linkId);
  if (!place) return [];
  const tree = treeOf(file, place.tree);
  if (!tree) return [];
  return linksOf(tree)
    .filter((link) => link.id !== linkId && link.to === place.item.to && sameSet(sourcesOf(link), [nodeId]))
    .map((link) => link.id);
}

/** Removes one source from an AND link; the last source cannot go (remove the link instead). */
export function removeSourceFromLink(file: WorkingFile, linkId: string, nodeId: string, options: EndorseOption = {}): EditResult {
  return runEdit(file, () => {
    const place = findLink(file, linkId);
    if (!place) return refuse(`There is no link ${linkId}.`);
    const from = fromOf(place.item);
    if (!from.includes(nodeId)) return refuse(`${nodeId} is not a source of ${linkId}.`);
    const remaining = from.filter((source) => source !== nodeId);
    if (remaining.length === 0) return refuse(`${nodeId} is the only source of ${linkId}; a link needs at least one source, so remove the link instead.`);
    return changeLink(file, place, { from: remaining }, 'its sources changed', options.endorsedBy);
  });
}

export interface LinkChanges {
  relation?: string;
  to?: string;
  from?: readonly string[];
}

/**
 * Changes a link's relation, target or sources. For an accepted link that is a change of
 * meaning: it returns to proposed unless `endorsedBy` endorses the new version.
 * Reordering `from` keeps the meaning (the sources act together, as a set).
 */
export function updateLink(file: WorkingFile, linkId: string, changes: LinkChanges, options: EndorseOption = {}): EditResult {
  return runEdit(file, () => {
    const place = findLink(file, linkId);
    if (!place) return refuse(`There is no link ${linkId}.`);
    const link = place.item;
    if (changes.relation !== undefined && (typeof changes.relation !== 'string' || changes.relation.trim() === '')) {
      return refuse(`Name the relation of ${linkId}: how the source bears on the target.`);
    }
    const from = changes.from ? [...new Set(changes.from)] : undefined;
    const to = changes.to ?? link.to;
    if (from !== undefined || changes.to !== undefined) {
      const problem = checkEnds(file, place.tree, from ?? sourcesOf(link), to, [...(from ?? []), ...(changes.to !== undefined ? [to] : [])]);
      if (problem) return refuse(problem);
    }
    const update: { relation?: string; to?: string; from?: string[] } = {};
    const what: string[] = [];
    if (changes.relation !== undefined && changes.relation !== link.relation) {
      update.relation = changes.relation;
      what.push('relation');
    }
    if (changes.to !== undefined && changes.to !== link.to) {
      update.to = changes.to;
      what.push('target');
    }
    if (from !== undefined && !sameItems(from, fromOf(link))) {
      update.from = from;
      if (!sameSet(from, fromOf(link))) what.push('sources');
    }
    if (Object.keys(update).length === 0) return done(file);
    if (what.length === 0) return done(replaceItem(file, place, touched(setKey(link, 'from', update.from)))); // reordered only
    return changeLink(file, place, update, `its ${listWords(what)} changed`, options.endorsedBy);
  });
}

/** What removing a link also removes: its backlog entries, in any tree. */
export function describeLinkRemoval(file: WorkingFile, linkId: string): { link: string; removedBacklog: { tree: string; index: number; work: string }[]; summary: string[] } | undefined {
  if (!findLink(file, linkId)) return undefined;
  const removedBacklog: { tree: string; index: number; work: string }[] = [];
  for (const [tree, value] of treeEntries(file)) {
    backlogOf(value).forEach((entry, index) => {
      const e = entry as { ref?: unknown; work?: unknown } | null;
      if (e && typeof e === 'object' && e.ref === linkId) removedBacklog.push({ tree, index, work: typeof e.work === 'string' ? e.work : '' });
    });
  }
  const summary = removedBacklog.length
    ? [`${count(removedBacklog.length, 'backlog entry', 'backlog entries')} removed (${removedBacklog.map((b) => `${linkId}: ${b.work}`).join(', ')})`]
    : [];
  return { link: linkId, removedBacklog, summary };
}

export function removeLink(file: WorkingFile, linkId: string): EditResult {
  return runEdit(file, () => {
    const removal = describeLinkRemoval(file, linkId);
    if (!removal) return refuse(`There is no link ${linkId}.`);
    let next = mapItems(file, (item, place) => (place.list === 'links' && item.id === linkId ? null : item));
    next = mapBacklog(next, (entry) => (entry.ref === linkId ? null : entry));
    return done(next, removal.summary);
  });
}

function changeLink(
  file: WorkingFile,
  place: NonNullable<ReturnType<typeof findLink>>,
  update: { relation?: string; to?: string; from?: string[] },
  changed: string,
  endorsedBy: readonly string[] | undefined,
): EditResult {
  let next = place.item;
  if (update.from !== undefined) next = setKey(next, 'from', update.from, ['id']);
  if (update.to !== undefined) next = setKey(next, 'to', update.to, ['from', 'id']);
  if (update.relation !== undefined) next = setKey(next, 'relation', update.relation, ['to', 'from', 'id']);
  const outcome = afterMeaningChange(file, 'links', place.item, next, changed, endorsedBy);
  if (isRefusal(outcome)) return outcome;
  return done(replaceItem(file, place, outcome.item), outcome.notices);
}

/**
 * Why these ends cannot make a link of `tree`, or undefined when they can. Only the ends in
 * `fresh` are looked up (default: all), so an old problem elsewhere does not block a repair.
 */
function checkEnds(file: WorkingFile, tree: string, from: readonly string[], to: unknown, fresh: readonly unknown[] = [...from, to]): string | undefined {
  if (from.length === 0) return 'A link needs at least one source node.';
  if (typeof to !== 'string' || to === '') return 'A link needs one target node.';
  for (const id of fresh) {
    if (typeof id !== 'string') continue;
    const place = findItem(file, id);
    if (!place) return `There is no node ${id}.`;
    if (place.list === 'links') return `${id} is a link; a link joins nodes.`;
    if (place.tree !== tree) return `${id} is in ${treeName(place.tree)}; a link joins nodes of its own tree (${treeName(tree)}), so it cannot reach into another tree.`;
  }
  if (from.includes(to)) return `A link cannot run from a node to itself (${to}).`;
  return undefined;
}

/** `from` as written, non-text entries included (they are the user's to repair). */
function fromOf(link: Link): string[] {
  return Array.isArray(link.from) ? (link.from as string[]) : [];
}

function sameSet(a: readonly unknown[], b: readonly unknown[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((x) => right.has(x));
}
