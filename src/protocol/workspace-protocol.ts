// The messages between the editor and the workspace server behind `causeway open`, and the checks
// that both ends run on what they receive. One small typed protocol in one place: group editing
// will later travel beside it. Pure TypeScript: no Node, no DOM.
//
// The page never names a path. The server tells the page which file it edits (by a display name
// and an opaque id); in a folder the page chooses among ids the server listed.
import { checkSharedPresentation, isSessionConflict, type SessionConflict, type SharedPresentation } from './collab-protocol';
import { checkTurnRecord, type TurnRecord } from './turn-record';

/** Bumped when a message changes shape; both ends refuse a peer of another version. */
export const PROTOCOL_VERSION = 2;

/** Where the live channel listens, relative to the page's own origin. */
export const LIVE_PATH = '/live';

/**
 * The WebSocket subprotocols a page offers when it opens the live channel: this one, which the
 * server accepts, and `SECRET_PROTOCOL_PREFIX` + its secret, which the server checks at the
 * upgrade (a browser's WebSocket can send no other header, and an address would be kept).
 */
export const LIVE_PROTOCOL = 'causeway.live.v2';
export const SECRET_PROTOCOL_PREFIX = 'causeway.secret.';

/**
 * Where a page exchanges the one-time code of its address for a secret of its own (POST
 * `{"code"}` → `{"secret", "role"}`), and asks whether its secret still holds (GET with
 * `Authorization: Bearer SECRET` → 204, or 401 after a restart).
 */
export const SESSION_PATH = '/session';

/** The address's fragment that carries the one-time code: `#code=…` (never sent in a request). */
export const CODE_FRAGMENT = 'code';

/**
 * The fragment of an invite link that a hub's page opens: `#invite=cw1.…`, the invite signed with
 * the hubs' shared secret (checked by whichever hub the page reaches; never sent in a request).
 */
export const INVITE_FRAGMENT = 'invite';

export type Role = 'driver' | 'participant' | 'observer';

export interface SessionAnswer {
  secret: string;
  role: Role;
}

/** Where invited people's pages open the group session's channel (Yjs through Hocuspocus). */
export const COLLAB_PATH = '/collab';
/** The one document a `causeway open` session shares: the file it was started on. */
export const GROUP_DOCUMENT = 'file';

/** What the driver asks for: a link for a participant of the file, or for an observer. */
export type InviteRequest =
  | {
      role: 'participant';
      participant: string;
      /** Their display name: given, someone the file does not name yet is first added to its participants (the command line's --name). */
      name?: string;
    }
  | { role: 'observer' };

/** An invite as the driver's People panel lists it (no secret: the link is shown once, when made). */
export interface GroupInvite {
  id: string;
  /** The participant id, or `observer:…`. */
  identity: string;
  name: string;
  role: 'participant' | 'observer';
  /** Whether a page has come in with it (its code is spent). */
  used: boolean;
}

/** Someone in the group session now, as the server stamped them. */
export interface GroupPerson {
  id: string;
  name: string;
  colour: string;
  role: Role | 'assistant';
}

export interface GroupState {
  invites: GroupInvite[];
  people: GroupPerson[];
  /** When the session runs on hubs: the address its links take people to (links are signed, not one-time). */
  hubs?: string;
  /**
   * Conflicts between the group's work and a change made to the file on disk by another program:
   * the session writes nothing to the file until the driver settles each.
   */
  conflicts: SessionConflict[];
}

/** The meta tag the server adds to the editor page, so the page knows it works on a file on disk. */
export const LIVE_META_NAME = 'causeway-live';

/** What the server last read from the file. `version` identifies the exact bytes. */
export type DiskState =
  | { version: string; text: string }
  /** The file could not be read as text (missing, not UTF-8, too large, a folder…). */
  | { version: string; text: null; problem: string };

export interface FileInfo {
  /** Opaque and stable for one file on this machine: keys the page's per-file browser storage. */
  id: string;
  /** The file's name, for display. */
  name: string;
  /** The folder that holds it, for display only (the page never sends it back). */
  folder: string;
}

export interface FolderEntry {
  id: string;
  name: string;
  /** The file's `project` title, when it has one. */
  title?: string;
  /** Why it is probably not a working file (unreadable, broken YAML…), for the listing. */
  problem?: string;
  /** It cannot be opened at all (a link out of the folder, a pipe…): `problem` says why. */
  refused?: boolean;
}

/** A snapshot file of the history folder `.NAME/history/`. */
export interface HistoryFile {
  name: string;
  text: string;
}

/** A card's place in a tree's arrangement: node id, then its top-left corner in px. */
export type CardPlace = [id: string, x: number, y: number];

/** The most places one message may carry, and the longest id in one. */
const MAX_PLACES = 200_000;
const MAX_ID_LENGTH = 4096;

export type WriteOutcome =
  | { outcome: 'written'; version: string }
  /** The file changed since the version the editor based its text on: nothing was written. */
  | { outcome: 'stale'; disk: DiskState }
  /** `unfinished`: the file looks like a write that has not finished (why); written over only when the person says so. */
  | { outcome: 'failed'; reason: string; unfinished?: string };

export type ServerMessage =
  | { type: 'welcome'; protocol: number; mode: 'file'; file: FileInfo; disk: DiskState; history: HistoryFile[]; historyProblem?: string }
  | { type: 'welcome'; protocol: number; mode: 'folder'; folder: string; files: FolderEntry[] }
  /** The file changed on disk: by another program (`outside`), or through another window of this editor (`write`). */
  | { type: 'disk'; disk: DiskState; cause?: 'outside' | 'write' }
  /** The newest records of the file's turn log (`.NAME/turns/log.jsonl`): who wrote what from outside. */
  | { type: 'turns'; turns: TurnRecord[] }
  | ({ type: 'write-result'; request: number } & WriteOutcome)
  | { type: 'history'; history: HistoryFile[]; historyProblem?: string }
  | { type: 'snapshot-result'; request: number; ok: boolean; message: string; revision?: number }
  /** The driver's: the group session's invites and who is in it, whenever either changes. */
  | ({ type: 'group' } & GroupState)
  /** The answer to an invite request: the link (shown once), or why not. */
  | { type: 'invite-result'; request: number; ok: boolean; link?: string; message?: string }
  /**
   * Where cards sit (kept beside the file, `.NAME/layout.json`): every tree's arrangement right
   * after the welcome, then each change a page made, to every page in the order it came.
   * `request` is the sender's own number, sent back to the sender only.
   */
  | { type: 'arrangement'; trees: [tree: string, places: CardPlace[]][] }
  | { type: 'arranged'; tree: string; moves: CardPlace[]; replace: boolean; request?: number }
  | { type: 'refused'; message: string };

export type ClientMessage =
  /**
   * Write `text` to the file, but only if it is still at `baseVersion`. `overwriteProblem`
   * confirms that the user chose to replace a file that cannot be read.
   */
  | { type: 'write'; request: number; baseVersion: string; text: string; overwriteProblem?: boolean }
  /** Record a snapshot of the file as it is on disk at `version` (the editor has written first). */
  | { type: 'snapshot'; request: number; version: string; summary?: string }
  /** Folder mode: edit the listed file with this id. */
  | { type: 'choose'; id: string }
  /** Folder mode: go back to the listing. */
  | { type: 'list' }
  /** Cards placed or moved in a tree (`replace`: these are the whole arrangement, as after Tidy up). */
  | { type: 'arrange'; request: number; tree: string; moves: CardPlace[]; replace: boolean }
  /** Driver: a new invite link. */
  | { type: 'invite'; request: number; invite: InviteRequest }
  /** Driver: take an invite back (its person is disconnected at once). */
  | { type: 'revoke-invite'; invite: string }
  /**
   * Driver: lead the group session's presentation (every invited page follows this tree and
   * step), or end it (null). The server refuses it from anyone but the driver.
   */
  | { type: 'present'; presenting: SharedPresentation | null }
  /**
   * Driver: settle a conflict between the group's work and the file on disk (`mine`: the
   * group's value, `theirs`: the file's). The server refuses it from anyone but the driver.
   */
  | { type: 'settle-group'; conflict: string; side: 'mine' | 'theirs' };

type Checked<T> = { ok: true; message: T } | { ok: false; reason: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isRequest = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isTreeName = (value: unknown): value is string => typeof value === 'string' && /^[a-z_]{1,40}$/.test(value);
const isCoordinate = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= 10_000_000;
const isPlaces = (value: unknown): value is CardPlace[] =>
  Array.isArray(value) && value.length <= MAX_PLACES && value.every((p) => Array.isArray(p) && p.length === 3 && isString(p[0]) && p[0].length <= MAX_ID_LENGTH && isCoordinate(p[1]) && isCoordinate(p[2]));

function parseJson(raw: string): Checked<Record<string, unknown>> {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'a message that is not JSON' };
  }
  return isRecord(value) && isString(value.type) ? { ok: true, message: value } : { ok: false, reason: 'a message without a type' };
}

/** Checks a message from the page; anything unexpected (extra keys included) is refused. */
export function parseClientMessage(raw: string): Checked<ClientMessage> {
  const parsed = parseJson(raw);
  if (!parsed.ok) return parsed;
  const m = parsed.message;
  const only = (...keys: string[]) => Object.keys(m).every((key) => key === 'type' || keys.includes(key));
  switch (m.type) {
    case 'write':
      if (only('request', 'baseVersion', 'text', 'overwriteProblem') && isRequest(m.request) && isString(m.baseVersion) && isString(m.text) && (m.overwriteProblem === undefined || typeof m.overwriteProblem === 'boolean')) {
        return { ok: true, message: { type: 'write', request: m.request, baseVersion: m.baseVersion, text: m.text, ...(m.overwriteProblem ? { overwriteProblem: true } : {}) } };
      }
      return { ok: false, reason: 'a malformed write' };
    case 'snapshot':
      if (only('request', 'version', 'summary') && isRequest(m.request) && isString(m.version) && (m.summary === undefined || isString(m.summary))) {
        return { ok: true, message: { type: 'snapshot', request: m.request, version: m.version, ...(m.summary !== undefined ? { summary: m.summary } : {}) } };
      }
      return { ok: false, reason: 'a malformed snapshot request' };
    case 'choose':
      return only('id') && isString(m.id) ? { ok: true, message: { type: 'choose', id: m.id } } : { ok: false, reason: 'a malformed choice' };
    case 'list':
      return only() ? { ok: true, message: { type: 'list' } } : { ok: false, reason: 'a malformed list request' };
    case 'arrange':
      if (only('request', 'tree', 'moves', 'replace') && isRequest(m.request) && isTreeName(m.tree) && isPlaces(m.moves) && typeof m.replace === 'boolean') {
        return { ok: true, message: { type: 'arrange', request: m.request, tree: m.tree, moves: m.moves, replace: m.replace } };
      }
      return { ok: false, reason: 'a malformed arrangement' };
    case 'invite': {
      const invite = m.invite;
      if (!only('request', 'invite') || !isRequest(m.request) || !isRecord(invite)) return { ok: false, reason: 'a malformed invite request' };
      if (invite.role === 'observer' && Object.keys(invite).length === 1) return { ok: true, message: { type: 'invite', request: m.request, invite: { role: 'observer' } } };
      if (invite.role === 'participant' && Object.keys(invite).length === 2 && isString(invite.participant) && invite.participant.length > 0 && invite.participant.length <= 200) {
        return { ok: true, message: { type: 'invite', request: m.request, invite: { role: 'participant', participant: invite.participant } } };
      }
      return { ok: false, reason: 'a malformed invite request' };
    }
    case 'revoke-invite':
      return only('invite') && isString(m.invite) && m.invite.length <= 100 ? { ok: true, message: { type: 'revoke-invite', invite: m.invite } } : { ok: false, reason: 'a malformed revocation' };
    case 'present': {
      const presenting = only('presenting') ? checkSharedPresentation(m.presenting) : undefined;
      return presenting === undefined ? { ok: false, reason: 'a malformed presentation' } : { ok: true, message: { type: 'present', presenting } };
    }
    case 'settle-group':
      return only('conflict', 'side') && isString(m.conflict) && m.conflict.length <= MAX_ID_LENGTH && (m.side === 'mine' || m.side === 'theirs')
        ? { ok: true, message: { type: 'settle-group', conflict: m.conflict, side: m.side } }
        : { ok: false, reason: 'a malformed choice for a conflict' };
    default:
      return { ok: false, reason: `an unknown message type "${String(m.type).slice(0, 40)}"` };
  }
}

function isDiskState(value: unknown): value is DiskState {
  return isRecord(value) && isString(value.version) && (isString(value.text) || (value.text === null && isString(value.problem)));
}

const isHistory = (value: unknown): value is HistoryFile[] => Array.isArray(value) && value.every((f) => isRecord(f) && isString(f.name) && isString(f.text));

/** Checks a message from the server before the page acts on it. */
export function parseServerMessage(raw: string): Checked<ServerMessage> {
  const parsed = parseJson(raw);
  if (!parsed.ok) return parsed;
  const m = parsed.message;
  const bad = { ok: false as const, reason: `a malformed "${String(m.type).slice(0, 40)}" message` };
  switch (m.type) {
    case 'welcome':
      if (m.protocol !== PROTOCOL_VERSION) return { ok: false, reason: `a server speaking protocol ${String(m.protocol)} (this page speaks ${PROTOCOL_VERSION}); reload the page` };
      if (m.mode === 'file') {
        const file = m.file;
        if (isRecord(file) && isString(file.id) && isString(file.name) && isString(file.folder) && isDiskState(m.disk) && isHistory(m.history)) return { ok: true, message: m as ServerMessage };
        return bad;
      }
      if (m.mode === 'folder' && isString(m.folder) && Array.isArray(m.files) && m.files.every((f) => isRecord(f) && isString(f.id) && isString(f.name))) return { ok: true, message: m as ServerMessage };
      return bad;
    case 'disk':
      return isDiskState(m.disk) && (m.cause === undefined || m.cause === 'outside' || m.cause === 'write') ? { ok: true, message: m as ServerMessage } : bad;
    case 'turns': {
      if (!Array.isArray(m.turns)) return bad;
      // A record that fails its checks is left out, not the whole message: the log is written by other programs.
      const turns = m.turns.map(checkTurnRecord).filter((record): record is TurnRecord => record !== undefined);
      return { ok: true, message: { type: 'turns', turns } };
    }
    case 'write-result':
      if (!isRequest(m.request)) return bad;
      if (m.outcome === 'written' && isString(m.version)) return { ok: true, message: m as ServerMessage };
      if (m.outcome === 'stale' && isDiskState(m.disk)) return { ok: true, message: m as ServerMessage };
      if (m.outcome === 'failed' && isString(m.reason)) return { ok: true, message: m as ServerMessage };
      return bad;
    case 'history':
      return isHistory(m.history) ? { ok: true, message: m as ServerMessage } : bad;
    case 'snapshot-result':
      return isRequest(m.request) && typeof m.ok === 'boolean' && isString(m.message) ? { ok: true, message: m as ServerMessage } : bad;
    case 'refused':
      return isString(m.message) ? { ok: true, message: m as ServerMessage } : bad;
    case 'arrangement':
      return Array.isArray(m.trees) && m.trees.every((t) => Array.isArray(t) && t.length === 2 && isTreeName(t[0]) && isPlaces(t[1])) ? { ok: true, message: m as ServerMessage } : bad;
    case 'arranged':
      return isTreeName(m.tree) && isPlaces(m.moves) && typeof m.replace === 'boolean' && (m.request === undefined || isRequest(m.request)) ? { ok: true, message: m as ServerMessage } : bad;
    case 'group':
      return Array.isArray(m.invites) && m.invites.every((i) => isRecord(i) && isString(i.id) && isString(i.identity) && isString(i.name) && (i.role === 'participant' || i.role === 'observer') && typeof i.used === 'boolean') &&
        Array.isArray(m.people) && m.people.every((p) => isRecord(p) && isString(p.id) && isString(p.name) && isString(p.colour) && isString(p.role))
        && (m.hubs === undefined || isString(m.hubs)) && Array.isArray(m.conflicts) && m.conflicts.every(isSessionConflict)
        ? { ok: true, message: { type: 'group', invites: m.invites as GroupInvite[], people: m.people as GroupPerson[], ...(m.hubs !== undefined ? { hubs: m.hubs as string } : {}), conflicts: m.conflicts as SessionConflict[] } }
        : bad;
    case 'invite-result':
      return isRequest(m.request) && typeof m.ok === 'boolean' && (m.link === undefined || isString(m.link)) && (m.message === undefined || isString(m.message)) ? { ok: true, message: m as ServerMessage } : bad;
    default:
      return { ok: false, reason: `an unknown message type "${String(m.type).slice(0, 40)}"` };
  }
}

export function encodeMessage(message: ServerMessage | ClientMessage): string {
  return JSON.stringify(message);
}
