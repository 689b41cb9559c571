// Status changes (FORMAT.md section 6): accept a fragment of nodes and links with who endorses
// it, dispute an item with the objection, return an item to proposed. Accepting never touches
// contributions: authorship is not endorsement.
import { isObject } from '../model/json';
import type { BacklogEntry, Link, Node, Note, WorkingFile } from '../model/types';
import { capital } from '../validate/item';
import { runEdit } from './edit';
import { checkAuthor, checkEndorsers, isRefusal } from './people';
import { endsOf, findItem, findNode, isAccepted, label, listOf, treeName, treeOf, type Place } from './read';
import { done, listWords, refuse, type EditResult } from './result';
import { ACCEPTED_BY_AFTER, returnedNotice, settleLinks } from './status';
import { mapItems, replaceItem, setKey, setList, touched, withStatus } from './write';

/**
 * Accepts the nodes and links `ids` together, endorsed by `endorsers` (human participants).
 * A link is accepted only when each of its ends is accepted already or in `ids`. An item that
 * is already accepted keeps its endorsers and gains the new ones.
 */
export function accept(file: WorkingFile, ids: readonly string[], endorsers: readonly string[]): EditResult {
  return runEdit(file, () => {
    const who = checkEndorsers(file, endorsers);
    if (isRefusal(who)) return who;
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return refuse('Choose the nodes and links to accept.');
    const places = new Map<string, Place<Node | Link>>();
    for (const id of wanted) {
      const place = findItem(file, id);
      if (!place) return refuse(`There is no node or link ${id}.`);
      places.set(id, place);
    }
    const blocked: string[] = [];
    for (const place of places.values()) {
      if (place.list !== 'links') continue;
      const missing = unacceptedEnds(file, place.item as Link, places);
      if (missing.length > 0) {
        blocked.push(`link ${place.item.id} cannot be accepted while ${listWords(missing)} ${missing.length > 1 ? 'are' : 'is'} not (accept ${missing.length > 1 ? 'them' : 'it'} together with ${place.item.id})`);
      }
      const absent = endsOf(place.item as Link).filter((end) => !findNode(file, end));
      if (absent.length > 0) blocked.push(`link ${place.item.id} has ${absent.length > 1 ? 'ends' : 'an end'} ${listWords(absent)} that ${absent.length > 1 ? 'are not nodes' : 'is not a node'}; repair it first`);
      if (!Array.isArray(place.item.from) || typeof place.item.to !== 'string') blocked.push(`link ${place.item.id} has no readable from and to; repair it first`);
    }
    if (blocked.length > 0) return refuse(`${capital(blocked.join('; '))}. An accepted link needs every end accepted.`);
    const next = mapItems(file, (item, place) => {
      const target = places.get(item.id);
      if (!target || target.tree !== place.tree || target.list !== place.list || target.index !== place.index) return item;
      const before = isAccepted(item) && Array.isArray(item.accepted_by) ? item.accepted_by : [];
      const record = [...new Set([...before, ...who])];
      const unchanged = isAccepted(item) && record.length === before.length;
      return unchanged ? item : touched(setKey(withStatus(item, 'accepted'), 'accepted_by', record, ACCEPTED_BY_AFTER));
    });
    return done(next);
  });
}

/**
 * The ends that stop a link (or each link of a fragment) from being accepted: its end nodes that
 * are not accepted and not in the fragment, in from-then-to order, so the UI can offer
 * "accept together with n3, n4".
 */
export function endsNeededToAccept(file: WorkingFile, linkOrFragment: string | readonly string[]): string[] {
  const ids = typeof linkOrFragment === 'string' ? [linkOrFragment] : [...linkOrFragment];
  const fragment = new Map<string, Place<Node | Link>>();
  for (const id of ids) {
    const place = findItem(file, id);
    if (place) fragment.set(id, place);
  }
  const needed: string[] = [];
  for (const place of fragment.values()) {
    if (place.list !== 'links') continue;
    for (const end of unacceptedEnds(file, place.item as Link, fragment)) if (!needed.includes(end)) needed.push(end);
  }
  return needed;
}

/** Ends of `link` that are nodes, not accepted, and not being accepted with it. */
function unacceptedEnds(file: WorkingFile, link: Link, fragment: ReadonlyMap<string, Place<Node | Link>>): string[] {
  return endsOf(link).filter((end) => {
    const node = findNode(file, end);
    return node !== undefined && !isAccepted(node.item) && fragment.get(end)?.list !== 'nodes';
  });
}

export interface DisputeOptions {
  /** Add `{ref, work: resolve_challenge, note}` to the item's tree backlog (default true). */
  addBacklog?: boolean;
  /** The backlog note; the objection's text when omitted. */
  note?: string;
}

/**
 * Disputes an item: the objection is added to its challenges, its status becomes disputed (its
 * old accepted_by stays as a record), its tree's backlog gains a resolve_challenge entry unless
 * declined, and accepted links touching a disputed node return to proposed.
 */
export function dispute(file: WorkingFile, id: string, objection: Note, options: DisputeOptions = {}): EditResult {
  return runEdit(file, () => {
    const place = findItem(file, id);
    if (!place) return refuse(`There is no node or link ${id}.`);
    if (!objection || typeof objection.text !== 'string' || objection.text.trim() === '') {
      return refuse(`A dispute needs the objection: say what is wrong with ${label(place)}.`);
    }
    const author = checkAuthor(file, objection.by, 'objection');
    if (author) return author;
    const challenges: unknown = place.item.challenges;
    if (challenges !== undefined && !Array.isArray(challenges)) return refuse(`The challenges of ${label(place)} are not a list; repair them in the file first.`);
    const item = setKey(withStatus(place.item, 'disputed'), 'challenges', [...(challenges ?? []), { text: objection.text, by: objection.by }], ['assumptions', 'accepted_by', 'contributions']);
    let next = replaceItem(file, place, item);
    if (options.addBacklog !== false) {
      const tree = treeOf(next, place.tree)!;
      if (tree.backlog !== undefined && !Array.isArray(tree.backlog)) {
        return refuse(`The backlog of ${treeName(place.tree)} is not a list; repair it first, or dispute without a backlog entry.`);
      }
      const entry: BacklogEntry = { ref: id, work: 'resolve_challenge', note: options.note ?? objection.text };
      const backlog = listOf(tree, 'backlog');
      const exists = backlog.some((e) => isObject(e) && e.ref === entry.ref && e.work === entry.work && e.note === entry.note);
      if (!exists) next = setList(next, place.tree, 'backlog', [...backlog, entry], tree);
    }
    const settled = place.list === 'nodes' ? settleLinks(next, [id]) : { file: next, returned: [] };
    return done(settled.file, returnedNotice(settled.returned));
  });
}

/** Returns an item to proposed (its accepted_by stays as a record); a node's accepted links follow. */
export function returnToProposed(file: WorkingFile, id: string): EditResult {
  return runEdit(file, () => {
    const place = findItem(file, id);
    if (!place) return refuse(`There is no node or link ${id}.`);
    if (place.item.status === 'proposed') return done(file);
    const next = replaceItem(file, place, withStatus(place.item, 'proposed'));
    const settled = place.list === 'nodes' ? settleLinks(next, [id]) : { file: next, returned: [] };
    return done(settled.file, returnedNotice(settled.returned));
  });
}
