// The merge's bookkeeping: the three-way rule for one value, conflicts (settled by the user's
// choices or reported), and the plain words that name each conflict.
import { deepEqual } from '../model/json';
import type { Entry } from './sides';
import { treeName } from '../operations/read';
import type { Json } from '../model/types';
import { capital } from '../validate/item';

export type MergeSide = 'mine' | 'theirs';

export interface MergeConflict {
  /** Stable key for this conflict, used in `choices`: "node:n3:text", "node:n3", "file:project"… */
  id: string;
  kind: 'node' | 'link' | 'backlog' | 'participant' | 'tree' | 'file';
  /** The node or link id, backlog ref, participant id, tree key, or top-level key it concerns. */
  item: string;
  /** The tree of a node, link or backlog entry, or the tree concerned. */
  tree?: string;
  /** The field both sides changed; absent when one side removed the item and the other changed or uses it. */
  field?: string;
  /** undefined: absent (never there, or removed). */
  base: Json | undefined;
  mine: Json | undefined;
  theirs: Json | undefined;
  /** Plain language, naming the item: 'Node n3: the text was changed here and on disk.' */
  message: string;
}

export type ConflictPlace = Omit<MergeConflict, 'base' | 'mine' | 'theirs'>;

export class Ledger {
  readonly conflicts: MergeConflict[] = [];
  readonly notes: string[] = [];

  /**
   * `together`: people of one group session. A statement changed on both sides merges word by
   * word where the changes do not overlap, and an item's notes note by note, instead of being a
   * conflict.
   */
  constructor(
    private readonly choices: ReadonlyMap<string, MergeSide>,
    readonly together = false,
  ) {}

  /**
   * The three-way rule: mine unchanged → theirs; theirs unchanged → mine; the same change on
   * both → that; otherwise a conflict, settled by the choice for it or reported, with mine's
   * value kept meanwhile.
   */
  resolve(base: Json | undefined, mine: Json | undefined, theirs: Json | undefined, place: () => ConflictPlace): Json | undefined {
    if (deepEqual(mine, base)) return theirs;
    if (deepEqual(theirs, base)) return mine;
    if (deepEqual(mine, theirs)) return theirs; // the same value; theirs' key order is the file's
    return this.decide(place(), base, mine, theirs) === 'theirs' ? theirs : mine;
  }

  /** The side a conflict takes: the user's choice, or mine (reported) while it is not settled. */
  decide(place: ConflictPlace, base: Json | undefined, mine: Json | undefined, theirs: Json | undefined): MergeSide {
    const choice = this.choices.get(place.id);
    if (choice === 'mine' || choice === 'theirs') return choice;
    this.conflicts.push({ ...place, base, mine, theirs });
    return 'mine';
  }

  /** Drops the conflicts about an item that the merge removed after all. */
  forget(kind: MergeConflict['kind'], item: string): void {
    for (let i = this.conflicts.length - 1; i >= 0; i--) {
      if (this.conflicts[i].kind === kind && this.conflicts[i].item === item) this.conflicts.splice(i, 1);
    }
  }
}

/** A conflict id segment: ':', '#', '(', ')' and '%' escaped so that ids never run together. */
export function idPart(text: string): string {
  return text.replace(/[%:#()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Where a node or link keeps its tree: one more field, with an id no real key can take. */
export const TREE_FIELD = '(tree)';

const FIELD_WORDS: Record<string, string> = {
  [TREE_FIELD]: 'tree',
  text: 'text',
  kind: 'kind',
  status: 'status',
  accepted_by: 'endorsers (accepted_by)',
  contributions: 'contributions',
  assumptions: 'assumptions',
  challenges: 'challenges',
  from: 'sources (from)',
  to: 'target (to)',
  relation: 'relation',
  addresses: 'addresses trace',
  derived_from: 'derived_from trace',
  implements: 'implements trace',
};

const FILE_WORDS: Record<string, string> = {
  schema_version: 'the schema version',
  project: 'the project title',
  driver: 'the driver',
  active_tree: 'the active tree',
  participants: 'the participants mapping',
  trees: 'the trees mapping',
};

function fieldWords(field: string): string {
  return Object.prototype.hasOwnProperty.call(FIELD_WORDS, field) ? `the ${FIELD_WORDS[field]}` : `the key ${field}`;
}

/** How the two sides differ from the base, as the end of a sentence. */
export function changeWords(base: Json | undefined, mine: Json | undefined, theirs: Json | undefined): string {
  if (base === undefined) return 'set differently here and on disk';
  if (mine === undefined) return 'removed here and changed on disk';
  if (theirs === undefined) return 'changed here and removed on disk';
  return 'changed here and on disk';
}

/** "Node n3", "Link l2", "The backlog entry test_causality on n3 (the Current Reality Tree)" */
export function entryName(entry: Entry): string {
  if (entry.kind === 'node') return `Node ${entry.id}`;
  if (entry.kind === 'link') return `Link ${entry.id}`;
  const value = entry.value as { ref?: Json; work?: Json };
  const ref = typeof value.ref === 'string' ? value.ref : JSON.stringify(value.ref ?? null);
  const work = typeof value.work === 'string' ? value.work : JSON.stringify(value.work ?? null);
  return `The backlog entry ${work} on ${ref} (${treeName(entry.tree)})`;
}

/** Where a conflict is, in a few words for a notice: "r5's text", or the item alone. */
export function conflictPlaceWords(conflict: { item: string; field?: string }): string {
  return conflict.field ? `${conflict.item}'s ${conflict.field}` : conflict.item;
}

/** The conflict id and item of an entry (node, link or backlog entry). */
function entryIdentity(entry: Entry): { id: string; item: string; kind: MergeConflict['kind'] } {
  if (entry.kind === 'node' || entry.kind === 'link') return { id: `${entry.kind}:${idPart(entry.id!)}`, item: entry.id!, kind: entry.kind };
  const value = entry.value as { ref?: Json; work?: Json; note?: Json };
  const text = (v: Json | undefined) => (typeof v === 'string' ? idPart(v) : v === undefined ? '' : `%J${idPart(JSON.stringify(v))}`);
  const parts = [idPart(entry.tree), text(value.ref), text(value.work)];
  if (value.note !== undefined) parts.push(text(value.note));
  const occurrence = entry.occurrence ? `#${entry.occurrence + 1}` : '';
  return { id: `backlog:${parts.join(':')}${occurrence}`, item: typeof value.ref === 'string' ? value.ref : JSON.stringify(value.ref ?? null), kind: 'backlog' };
}

/** The part of a conflict id that names a field. */
const fieldPart = (field: string) => (field === TREE_FIELD ? field : idPart(field));

/**
 * The conflict id of a field of a node or link, as the merge writes it: one edit of one field has
 * the same id whoever finds that it could not stand (the merge, or a session's page).
 */
export function itemFieldConflictId(kind: 'node' | 'link', item: string, field: string): string {
  return `${kind}:${idPart(item)}:${fieldPart(field)}`;
}

/** A conflict on one field of a node, link or backlog entry. */
export function fieldPlace(entry: Entry, field: string, base: Json | undefined, mine: Json | undefined, theirs: Json | undefined): ConflictPlace {
  const { id, item, kind } = entryIdentity(entry);
  return {
    id: `${id}:${fieldPart(field)}`,
    kind,
    item,
    tree: entry.tree,
    field: field === TREE_FIELD ? 'tree' : field,
    message: `${entryName(entry)}: ${fieldWords(field)} was ${changeWords(base, mine, theirs)}.`,
  };
}

/**
 * A conflict between removing an item on one side and changing or newly using it on the other.
 * `users` names what uses it on the keeping side ("link l7", "a backlog entry").
 */
export function presencePlace(entry: Entry, removedBy: MergeSide, edited: boolean, users: string[]): ConflictPlace {
  const { id, item, kind } = entryIdentity(entry);
  const removedAt = removedBy === 'mine' ? 'here' : 'on disk';
  const keptAt = removedBy === 'mine' ? 'on disk' : 'here';
  const using = users.length > 3 ? `${users.slice(0, 3).join(', ')} and ${users.length - 3} more` : users.join(' and ');
  const message = edited
    ? `${entryName(entry)} was ${removedBy === 'mine' ? 'removed here and changed on disk' : 'changed here and removed on disk'}.${users.length ? ` It is also used ${keptAt} by ${using}.` : ''}`
    : `${entryName(entry)} was removed ${removedAt}, but it is still used ${keptAt} by ${using}.`;
  return { id, kind, item, tree: entry.tree, message };
}

export function participantPlace(id: string, base: Json | undefined, mine: Json | undefined, theirs: Json | undefined): ConflictPlace {
  const place = { id: `participant:${idPart(id)}`, kind: 'participant' as const, item: id };
  if (base === undefined) return { ...place, field: 'name', message: `Participant ${id} was added here and on disk with different names.` };
  if (mine === undefined || theirs === undefined) {
    return { ...place, message: `Participant ${id} was ${mine === undefined ? 'removed here and renamed on disk' : 'renamed here and removed on disk'}.` };
  }
  return { ...place, field: 'name', message: `Participant ${id}: the name was changed here and on disk.` };
}

export function treeFieldPlace(tree: string, field: string, base: Json | undefined, mine: Json | undefined, theirs: Json | undefined): ConflictPlace {
  return {
    id: `tree:${idPart(tree)}:${idPart(field)}`,
    kind: 'tree',
    item: tree,
    tree,
    field,
    message: `${capital(treeName(tree))}: ${fieldWords(field)} was ${changeWords(base, mine, theirs)}.`,
  };
}

/** A conflict on a whole tree: removed on one side and changed on the other, or not mergeable by item. */
export function treePlace(tree: string, base: Json | undefined, mine: Json | undefined, theirs: Json | undefined): ConflictPlace {
  return { id: `tree:${idPart(tree)}`, kind: 'tree', item: tree, tree, message: `${capital(treeName(tree))} was ${changeWords(base, mine, theirs)}.` };
}

export function filePlace(key: string, base: Json | undefined, mine: Json | undefined, theirs: Json | undefined): ConflictPlace {
  const words = Object.prototype.hasOwnProperty.call(FILE_WORDS, key) ? FILE_WORDS[key] : `the top-level key ${key}`;
  return { id: `file:${idPart(key)}`, kind: 'file', item: key, field: key, message: `${capital(words)} was ${changeWords(base, mine, theirs)}.` };
}

export function wholeFilePlace(): ConflictPlace {
  return {
    id: 'file',
    kind: 'file',
    item: 'file',
    message: 'The whole file was changed here and on disk, and one version is not a mapping of keys, so it cannot be merged item by item.',
  };
}
