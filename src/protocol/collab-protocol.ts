// The messages of a group session, beside the Yjs sync and awareness that Hocuspocus carries:
// who a connection is (decided by the server from its credential, never by the page), what the
// page may say about itself in presence, and the few requests and answers that are not edits
// of the shared document. Pure TypeScript: no Node, no DOM.
import { isTreeKey, type TreeKey } from '../format';

/** Bumped when a message changes shape; both ends refuse a peer of another version. */
export const COLLAB_PROTOCOL_VERSION = 1;

/** What a person may do in a session. */
export type Role = 'driver' | 'participant' | 'observer';
export const ROLES: readonly Role[] = ['driver', 'participant', 'observer'];

/**
 * Who is at the other end of a connection, decided by the server. `writer` is the file's own
 * process connected to a hub (it writes the file, repairs merges and settles with the disk);
 * `assistant` is an AI assistant's `causeway mcp` on this machine (id `assistant`).
 */
export interface Identity {
  /** A participant id of the file; for an observer, `observer:` and the invite's id; `assistant`. */
  id: string;
  role: Role | 'writer' | 'assistant';
  /** The invite this connection came in with, when it came with one (revoking it disconnects). */
  invite?: string;
  /** The assistant's MCP client, as it named itself (shown as "Assistant (NAME)"). */
  client?: string;
}

/** Who presence may show: a person by role, or the assistant. */
export type PresenceRole = Role | 'assistant';

/** Presence as every page sees it: stamped by the server, and only ids, colours and names. */
export interface Presence {
  user: { id: string; name: string; colour: string; role: PresenceRole };
  /** Ids of the nodes and links this person has selected. */
  selection: string[];
  /** The id of the node or link this person is typing in, or null. */
  editing: string | null;
}

/** What a page may say about itself in presence; the server keeps only this and stamps the rest. */
export interface PresenceClaim {
  selection?: unknown;
  editing?: unknown;
}

/** An MCP client's name for itself, made fit to show: one short line of printable text, or undefined. */
export function clientLabel(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const label = value.replace(/[\p{C}]+/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 60);
  return label === '' ? undefined : label;
}

/** Limits on what presence carries, so a page cannot flood the others. */
export const MAX_SELECTION = 200;
export const MAX_ID_LENGTH = 200;

/** A conflict between the session and an outside write to the file, waiting for the driver. */
export interface SessionConflict {
  /** Stable while the conflict stands; the driver's choice names it. */
  id: string;
  /** In plain words, naming the item: 'Node n3: the text was changed here and on disk.' */
  message: string;
  /** The node or link id, backlog ref, participant id, tree key or top-level key concerned. */
  item: string;
  field?: string;
  /** The session's value and the file's; null when that side has no such item or field. */
  mine: { value: unknown } | null;
  theirs: { value: unknown } | null;
}

/** Whether `value` has the shape of a session conflict (checked before a page shows one). */
export function isSessionConflict(value: unknown): value is SessionConflict {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const c = value as Record<string, unknown>;
  const side = (v: unknown) => v === null || (typeof v === 'object' && !Array.isArray(v) && Object.hasOwn(v as object, 'value'));
  return typeof c.id === 'string' && typeof c.message === 'string' && typeof c.item === 'string' && (c.field === undefined || typeof c.field === 'string') && side(c.mine) && side(c.theirs);
}

/**
 * The presentation the driver leads, which every invited page follows: which tree and which step
 * of its reading order, nothing else (no text: each page reads the tree from its own copy).
 * Kept by the server in the session's records (`presenting`), written for the driver only.
 */
export interface SharedPresentation {
  tree: TreeKey;
  /** 0-based index into the tree's presentation steps. */
  step: number;
}

/** More steps than any tree has: a step beyond it is a malformed message, not a presentation. */
export const MAX_PRESENTATION_STEP = 100_000;

/** The presentation `value` names, null for none, or undefined when it is not one (extra keys included). */
export function checkSharedPresentation(value: unknown): SharedPresentation | null | undefined {
  if (value === null) return null;
  if (!isRecord(value) || Object.keys(value).length !== 2 || !isTreeKey(value.tree)) return undefined;
  const step = value.step;
  if (typeof step !== 'number' || !Number.isSafeInteger(step) || step < 0 || step > MAX_PRESENTATION_STEP) return undefined;
  return { tree: value.tree, step };
}

/** Messages from the server to a page (Hocuspocus stateless messages, JSON). */
export type CollabServerMessage =
  | { type: 'welcome'; protocol: number; identity: Identity; name: string; epoch: string }
  /** An edit was refused: nothing of it was kept; the page drops its copy and syncs again. */
  | { type: 'refused'; reason: string }
  /** An edit was kept with the server's corrections (credit goes to the person who made it). */
  | { type: 'corrected'; notes: string[] }
  | { type: 'snapshot-result'; request: number; ok: boolean; message: string; revision?: number }
  /** The file on disk cannot be read or written; the session keeps its work and says why. */
  | { type: 'disk'; problem: string | null }
  /** A hub passing a driver's request on to the file's process (pages ignore it). */
  | { type: 'relay'; from: Identity; message: CollabClientMessage };

/** Messages from a page to the server. */
export type CollabClientMessage =
  /** Driver: record a snapshot of the file as the session last wrote it. */
  | { type: 'snapshot'; request: number; summary?: string }
  /** Driver: settle a conflict with the file on disk. */
  | { type: 'settle'; conflict: string; side: 'mine' | 'theirs' }
  /** Driver: revoke an invite; whoever came in with it is disconnected at once. */
  | { type: 'revoke'; invite: string }
  /** The file's process (through a hub): its answer to a relayed request, for the pages. */
  | { type: 'answer'; message: CollabServerMessage };

/** Close codes a session's server uses (4000–4999 are the application's). */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_FORBIDDEN = 4403;
export const CLOSE_REVOKED = 4410;

type Checked<T> = { ok: true; message: T } | { ok: false; reason: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseCollabClientMessage(text: string): Checked<CollabClientMessage> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'a message that is not JSON' };
  }
  if (!isRecord(value)) return { ok: false, reason: 'a message that is not an object' };
  switch (value.type) {
    case 'snapshot':
      if (typeof value.request !== 'number' || !Number.isSafeInteger(value.request) || value.request < 0) return { ok: false, reason: 'a snapshot request without a request number' };
      if (value.summary !== undefined && (typeof value.summary !== 'string' || value.summary.length > 2000)) return { ok: false, reason: 'a snapshot summary that is not short text' };
      return { ok: true, message: { type: 'snapshot', request: value.request, ...(typeof value.summary === 'string' ? { summary: value.summary } : {}) } };
    case 'settle':
      if (typeof value.conflict !== 'string' || (value.side !== 'mine' && value.side !== 'theirs')) return { ok: false, reason: 'a settle message without a conflict and a side' };
      return { ok: true, message: { type: 'settle', conflict: value.conflict, side: value.side } };
    case 'revoke':
      if (typeof value.invite !== 'string' || value.invite === '' || value.invite.length > 200) return { ok: false, reason: 'a revoke message without an invite' };
      return { ok: true, message: { type: 'revoke', invite: value.invite } };
    case 'answer': {
      const inner = parseCollabServerMessage(JSON.stringify(value.message ?? null));
      return inner.ok && inner.message.type !== 'relay' ? { ok: true, message: { type: 'answer', message: inner.message } } : { ok: false, reason: 'an answer without a message' };
    }
    default:
      return { ok: false, reason: 'a message of an unknown type' };
  }
}

export function parseCollabServerMessage(text: string): Checked<CollabServerMessage> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'a message that is not JSON' };
  }
  if (!isRecord(value) || typeof value.type !== 'string') return { ok: false, reason: 'a message that is not an object with a type' };
  switch (value.type) {
    case 'welcome':
      if (value.protocol !== COLLAB_PROTOCOL_VERSION) return { ok: false, reason: `a server of protocol ${String(value.protocol)} (this page speaks ${COLLAB_PROTOCOL_VERSION})` };
      if (!isRecord(value.identity) || typeof value.identity.id !== 'string' || typeof value.name !== 'string' || typeof value.epoch !== 'string') return { ok: false, reason: 'a welcome without an identity' };
      return { ok: true, message: value as unknown as CollabServerMessage };
    case 'refused':
      return typeof value.reason === 'string' ? { ok: true, message: { type: 'refused', reason: value.reason } } : { ok: false, reason: 'a refusal without a reason' };
    case 'corrected':
      return Array.isArray(value.notes) && value.notes.every((note) => typeof note === 'string') ? { ok: true, message: { type: 'corrected', notes: value.notes as string[] } } : { ok: false, reason: 'corrections without notes' };
    case 'snapshot-result':
      return typeof value.request === 'number' && typeof value.ok === 'boolean' && typeof value.message === 'string' ? { ok: true, message: value as unknown as CollabServerMessage } : { ok: false, reason: 'a snapshot result without its fields' };
    case 'disk':
      return value.problem === null || typeof value.problem === 'string' ? { ok: true, message: { type: 'disk', problem: value.problem } } : { ok: false, reason: 'a disk message without a problem' };
    case 'relay': {
      const inner = parseCollabClientMessage(JSON.stringify(value.message ?? null));
      const from = value.from;
      if (!inner.ok || !isRecord(from) || typeof from.id !== 'string' || typeof from.role !== 'string') return { ok: false, reason: 'a relay without a request' };
      return { ok: true, message: { type: 'relay', from: from as unknown as Identity, message: inner.message } };
    }
    default:
      return { ok: false, reason: 'a message of an unknown type' };
  }
}

export function encodeCollabMessage(message: CollabServerMessage | CollabClientMessage): string {
  return JSON.stringify(message);
}
