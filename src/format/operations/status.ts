// The status rules shared by several edits (FORMAT.md section 6): when a node stops being
// accepted, every accepted link touching it returns to proposed; a change of meaning returns
// accepted reasoning to proposed unless it is endorsed in the same action.
import type { Link, Node, Tree, WorkingFile } from '../model/types';
import { checkEndorsers, isRefusal } from './people';
import { endsOf, findNode, isAccepted, linksOf, treeEntries, type ItemList } from './read';
import { count, listWords, refuse, type Refusal } from './result';
import { mapItems, setKey, touched, withStatus } from './write';

/**
 * Returns to proposed each accepted link that touches a node in `nodes` which is not accepted
 * in `file`. Returns the new file and the ids of the links returned.
 */
export function settleLinks(file: WorkingFile, nodes: Iterable<string>): { file: WorkingFile; returned: string[] } {
  const lost = new Set<string>();
  for (const id of nodes) {
    const node = findNode(file, id);
    if (!node || !isAccepted(node.item)) lost.add(id);
  }
  const returned: string[] = [];
  const trees = treesWithAcceptedLinkTo(file, lost);
  if (trees.size === 0) return { file, returned };
  // Only the trees holding such a link are walked: typing in one tree of a big file stays quick.
  const next = mapItems(
    file,
    (item, place) => {
      if (place.list !== 'links' || !isAccepted(item)) return item;
      if (!endsOf(item as Link).some((end) => lost.has(end))) return item;
      returned.push(item.id);
      return touched(withStatus(item, 'proposed'));
    },
    trees,
  );
  return { file: next, returned };
}

/** The trees with an accepted link that has an end among `ends` (only links are read: typing stays quick). */
function treesWithAcceptedLinkTo(file: WorkingFile, ends: ReadonlySet<string>): ReadonlySet<string> {
  const trees = new Set<string>();
  if (ends.size === 0) return trees;
  for (const [key, tree] of treeEntries(file)) {
    const touched = acceptedEndsOf(tree);
    for (const end of ends) if (touched.has(end)) trees.add(key);
  }
  return trees;
}

/** The node ids each links list's accepted links touch, kept per list: editing a node keeps the list. */
const acceptedEnds = new WeakMap<object, ReadonlySet<string>>();
const NO_ENDS: ReadonlySet<string> = new Set();

function acceptedEndsOf(tree: Tree): ReadonlySet<string> {
  const list = tree.links;
  if (!Array.isArray(list)) return NO_ENDS;
  let ends = acceptedEnds.get(list);
  if (!ends) {
    const found = new Set<string>();
    for (const link of linksOf(tree)) if (isAccepted(link)) for (const end of endsOf(link)) found.add(end);
    acceptedEnds.set(list, (ends = found));
  }
  return ends;
}

/** "2 links returned to proposed (l3, l4)" */
export function returnedNotice(ids: readonly string[]): string[] {
  return ids.length === 0 ? [] : [`${count(ids.length, 'link')} returned to proposed (${ids.join(', ')})`];
}

export interface EndorseOption {
  /**
   * Human participants who endorse the new version in the same action, so that an accepted
   * item stays accepted. Ignored for items that are not accepted.
   */
  endorsedBy?: readonly string[];
}

/** Where `accepted_by` goes when an item has none: right after its status. */
export const ACCEPTED_BY_AFTER = ['id', 'kind', 'text', 'from', 'to', 'relation', 'status'];

/**
 * The rule for a change of meaning (text, kind, relation, ends): an accepted item returns to
 * proposed, unless `endorsedBy` endorses the new version in the same action; its accepted_by
 * then lists those endorsers (they endorsed this version, the earlier endorsers did not).
 * `changed` reads like "its text changed". Items that are not accepted keep their status.
 */
export function afterMeaningChange<T extends Node | Link>(
  file: WorkingFile,
  list: ItemList,
  before: T,
  after: T,
  changed: string,
  endorsedBy: readonly string[] | undefined,
): { item: T; notices: string[] } | Refusal {
  if (!isAccepted(before)) return { item: touched(after), notices: [] };
  if (endorsedBy === undefined || endorsedBy.length === 0) {
    return { item: withStatus(after, 'proposed'), notices: [`${before.id} returned to proposed (${changed})`] };
  }
  const endorsers = checkEndorsers(file, endorsedBy);
  if (isRefusal(endorsers)) return endorsers;
  if (list === 'links') {
    const blocking = endsOf(after as Link).filter((end) => {
      const node = findNode(file, end);
      return !node || !isAccepted(node.item);
    });
    if (blocking.length > 0) {
      return refuse(
        `${before.id} can stay accepted only with every end accepted, and ${listWords(blocking)} ${blocking.length > 1 ? 'are' : 'is'} not; accept ${blocking.length > 1 ? 'them' : 'it'} first or let the link return to proposed.`,
      );
    }
  }
  return { item: setKey(after, 'accepted_by', endorsers, ACCEPTED_BY_AFTER), notices: [] };
}
