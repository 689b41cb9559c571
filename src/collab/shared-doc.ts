// The shape of a working file inside a Y.Doc (version 1 of our layout). Items (nodes, links,
// backlog entries) are keyed by an internal key, never by the file's ids: two people offline can
// both create `n3`, and one can delete a node while another links to it. The file's id is a
// field like any other, and a reference (a link's ends, a trace, a backlog ref) names the item's
// key, so renaming an id never breaks what points at it and a reference to a removed item is
// recognised as such. Everything the editor does not understand is kept as plain values in its
// place; key order is kept with each record; comments and styles are the file bridge's (it saves
// onto the text it last read).
//
// doc.getMap('meta')          schema: 1, epoch: the session's random id (a new one per server start)
// doc.getMap('file')          top-level keys other than participants and trees, as plain values
//                             (also participants or trees when they are not mappings)
// doc.getMap('shape')         participants / trees: 'map' when held in the maps below
// doc.getMap('order')         top / participants / trees: key order, plain string lists
// doc.getMap('participants')  participant id → display name (plain)
// doc.getMap('trees')         tree key → Y.Map { shape, value | fields: Y.Map, keys, nodes?, links?, backlog?: Y.Array<key> }
// doc.getMap('items')         item key → Y.Map { shape: 'record', fields: Y.Map, keys } | { shape: 'value', value }
// doc.getMap('session')       what the server says about the session (conflicts, revocations, the driver's presentation); not the file
import * as Y from 'yjs';
import { checkSharedPresentation, type SharedPresentation } from '../protocol/collab-protocol';

export const DOC_SCHEMA = 1;

export type ListName = 'nodes' | 'links' | 'backlog';
export const LIST_NAMES: readonly ListName[] = ['nodes', 'links', 'backlog'];

/** A reference as stored: the item's key, or the file's own value when it named nothing (kept as written). */
export type StoredRef = { k: string } | { v: unknown };

/** How a field of an item is held in the doc. */
export type FieldKind = 'text' | 'list' | 'refs' | 'ref' | 'plain';

const TEXT_FIELDS: Record<ListName, readonly string[]> = { nodes: ['text'], links: [], backlog: ['note'] };
const LIST_FIELDS = ['contributions', 'accepted_by', 'assumptions', 'challenges'];
const REF_LIST_FIELDS: Record<ListName, readonly string[]> = { nodes: ['addresses', 'derived_from', 'implements'], links: ['from'], backlog: [] };
const REF_FIELDS: Record<ListName, readonly string[]> = { nodes: [], links: ['to'], backlog: ['ref'] };

/**
 * Statements and notes are Y.Text, so two people typing in one merge character by character;
 * lists are Y.Array, so two people endorsing or adding a challenge at once both count; the
 * rest is a plain value (last writer wins).
 */
export function fieldKind(list: ListName, field: string): FieldKind {
  if (TEXT_FIELDS[list].includes(field)) return 'text';
  if (REF_LIST_FIELDS[list].includes(field)) return 'refs';
  if (REF_FIELDS[list].includes(field)) return 'ref';
  if (list !== 'backlog' && LIST_FIELDS.includes(field)) return 'list';
  return 'plain';
}

/**
 * Lists each node and link holds from its creation, empty when the file has none, so that two
 * people who endorse or object at once add to one list instead of each making their own (of
 * which only one would stay). An empty one counts as absent unless the record's key order names it.
 */
export const STANDING_LISTS: Record<ListName, readonly string[]> = { nodes: ['accepted_by', 'assumptions', 'challenges'], links: ['accepted_by', 'assumptions', 'challenges'], backlog: [] };

/** The roots of a shared working file. */
export interface SharedRoots {
  meta: Y.Map<unknown>;
  file: Y.Map<unknown>;
  shape: Y.Map<unknown>;
  order: Y.Map<unknown>;
  participants: Y.Map<unknown>;
  trees: Y.Map<Y.Map<unknown>>;
  items: Y.Map<Y.Map<unknown>>;
  session: Y.Map<unknown>;
}

export function rootsOf(doc: Y.Doc): SharedRoots {
  return {
    meta: doc.getMap('meta'),
    file: doc.getMap('file'),
    shape: doc.getMap('shape'),
    order: doc.getMap('order'),
    participants: doc.getMap('participants'),
    trees: doc.getMap('trees') as Y.Map<Y.Map<unknown>>,
    items: doc.getMap('items') as Y.Map<Y.Map<unknown>>,
    session: doc.getMap('session'),
  };
}

/**
 * Whether a change of the document only typed in statements (Y.Text) or touched the session's
 * records (which are not the file): nothing to repair, and the file's write may wait for a pause.
 */
export function onlyTyping(transaction: Y.Transaction): boolean {
  const records = transaction.doc.getMap('session');
  for (const type of transaction.changed.keys()) if (!(type instanceof Y.Text) && (type as unknown) !== records) return false;
  return true;
}

/** The session's id, set by the server that loaded the file; empty until a server has. */
export function epochOf(doc: Y.Doc): string {
  const epoch = doc.getMap('meta').get('epoch');
  return typeof epoch === 'string' ? epoch : '';
}

/** Ids of the invites the driver revoked (the session's own record, written by the server). */
export function revokedInvites(doc: Y.Doc): Set<string> {
  const revoked = doc.getMap('session').get('revoked');
  return new Set(Array.isArray(revoked) ? revoked.filter((id): id is string => typeof id === 'string') : []);
}

/** The presentation the driver leads, from the session's records (null: none, or not one). */
export function presentingOf(doc: Y.Doc): SharedPresentation | null {
  return checkSharedPresentation(doc.getMap('session').get('presenting')) ?? null;
}

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A new random key (72 bits): never one of the file's ids, never the same twice in practice. */
export function newKey(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  let key = '';
  for (const byte of bytes) key += KEY_ALPHABET[byte & 63];
  return key;
}

/** How a reference to a removed item reads in the data until the repairs take it out. */
export const REMOVED_PREFIX = 'removed:';

export function isStoredRef(value: unknown): value is StoredRef {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && ((keys[0] === 'k' && typeof (value as { k: unknown }).k === 'string') || keys[0] === 'v');
}

/** Own keys only: `__proto__` and friends are ordinary keys of a working file. */
export function recordOf(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
    else record[key] = value;
  }
  return record;
}

export function hasOwn(record: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}
