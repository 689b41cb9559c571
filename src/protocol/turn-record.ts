// The turn log beside a working file, `.NAME/turns/log.jsonl`: one JSON record per line, each
// one write made by an outside writer (today `causeway mcp`), saying who wrote, which turn it
// belongs to, what it changed, and a fingerprint of the text it left on disk, so an open editor
// can tell that a change it sees on disk is that write. Any program can write this file, so every
// reader checks each record before it trusts it. Pure TypeScript: no Node, no DOM.
import { HASH_A_START, hashCodeUnits, type TurnChange } from '../format';

export const TURN_RECORD_VERSION = 1;

/** Who made a turn, as the writer says; the editor shows it, never trusts it for credit. */
export interface TurnActor {
  kind: 'assistant';
  /** The MCP client's own name for itself (e.g. "claude-ai"), for display only. */
  client?: string;
}

export interface TurnRecord {
  v: typeof TURN_RECORD_VERSION;
  /** Groups the writes of one turn. */
  turn: string;
  /** 1, 2, 3… within the turn. */
  seq: number;
  /** ISO 8601 UTC. */
  at: string;
  actor: TurnActor;
  /** `textFingerprint` of the file text this write left on disk; absent on a record that only ends the turn. */
  fingerprint?: string;
  changes: TurnChange[];
  /** What the assistant says the turn did or asks of the group (given when it ends the turn). */
  summary?: string;
  /** The assistant closed the turn: the next write starts another. */
  ended?: boolean;
}

/** Limits on what a record may hold: a reader skips a record over them. */
export const TURN_LIMITS = { idLength: 200, summaryLength: 4000, changes: 5000 } as const;

const CHANGE_KINDS = new Set(['added', 'changed', 'removed']);
const SUBJECTS = new Set(['node', 'link', 'backlog', 'participant', 'field', 'tree']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isShortText = (value: unknown, max: number = TURN_LIMITS.idLength): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;

function isTurnChange(value: unknown): value is TurnChange {
  if (!isRecord(value)) return false;
  if (!SUBJECTS.has(value.subject as string) || !CHANGE_KINDS.has(value.change as string)) return false;
  if (!isShortText(value.key, TURN_LIMITS.idLength * 4) || typeof value.id !== 'string' || value.id.length > TURN_LIMITS.idLength) return false;
  if (value.tree !== undefined && !isShortText(value.tree)) return false;
  if (value.index !== undefined && !(Number.isSafeInteger(value.index) && (value.index as number) >= 0)) return false;
  if (value.change !== 'added' && value.before === undefined) return false;
  if (value.change !== 'removed' && value.after === undefined && value.subject !== 'tree') return false;
  return true;
}

/** A record read from one line of the log, or undefined when the line is not one. */
export function parseTurnRecord(line: string): TurnRecord | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  return checkTurnRecord(value);
}

/** The record `value` holds, checked and copied (unknown keys dropped), or undefined when it is not one. */
export function checkTurnRecord(value: unknown): TurnRecord | undefined {
  if (!isRecord(value) || value.v !== TURN_RECORD_VERSION) return undefined;
  if (!isShortText(value.turn) || !Number.isSafeInteger(value.seq) || (value.seq as number) < 1 || !isShortText(value.at, 64)) return undefined;
  const actor = value.actor;
  if (!isRecord(actor) || actor.kind !== 'assistant' || (actor.client !== undefined && !isShortText(actor.client))) return undefined;
  if (value.fingerprint !== undefined && !isShortText(value.fingerprint, 64)) return undefined;
  if (!Array.isArray(value.changes) || value.changes.length > TURN_LIMITS.changes || !value.changes.every(isTurnChange)) return undefined;
  if (value.summary !== undefined && !isShortText(value.summary, TURN_LIMITS.summaryLength)) return undefined;
  if (value.ended !== undefined && typeof value.ended !== 'boolean') return undefined;
  return {
    v: TURN_RECORD_VERSION,
    turn: value.turn,
    seq: value.seq as number,
    at: value.at,
    actor: { kind: 'assistant', ...(actor.client !== undefined ? { client: actor.client as string } : {}) },
    ...(value.fingerprint !== undefined ? { fingerprint: value.fingerprint } : {}),
    changes: value.changes as TurnChange[],
    ...(value.summary !== undefined ? { summary: value.summary } : {}),
    ...(value.ended ? { ended: true } : {}),
  };
}

/** The records of a log's text, in order, skipping lines that are not records (a line being written, a stranger's). */
export function parseTurnLog(text: string): TurnRecord[] {
  const records: TurnRecord[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const record = parseTurnRecord(line);
    if (record) records.push(record);
  }
  return records;
}

export function encodeTurnRecord(record: TurnRecord): string {
  // One line whatever the text holds: JSON escapes newlines; U+2028/2029 are escaped for line readers.
  return JSON.stringify(record).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * A short fingerprint of a text, the same in Node and in the page (no Web Crypto needed, which a
 * page served over plain http to another machine does not have): two 32-bit FNV-1a hashes over
 * the UTF-16 code units, with the length.
 */
export function textFingerprint(text: string): string {
  const [a, b] = hashCodeUnits(text, HASH_A_START, 0x01000193 ^ text.length);
  return `${text.length.toString(36)}-${(a >>> 0).toString(36)}-${(b >>> 0).toString(36)}`;
}
