// The turns the editor shows: the assistant's, read from the turn log beside the file (each one
// several writes), and every other change this page saw arrive from outside (the file on disk,
// another window, a file opened again). A change seen on disk whose text is the one an assistant
// write left is that write: it is shown once, as the assistant's.
import { combineTurnChanges, type TurnChange } from '../../format';
import type { TurnRecord } from '../../protocol/turn-record';

export type TurnActorKind = 'assistant' | 'disk' | 'window' | 'reopened';

export interface Turn {
  id: string;
  actor: { kind: TurnActorKind; client?: string };
  /** When it started and when its last change came (ms since 1970). */
  at: number;
  last: number;
  changes: TurnChange[];
  /** What the assistant said of the turn when it ended it. */
  summary?: string;
  ended: boolean;
}

/** A change this page saw arrive from outside. */
export interface ObservedChange {
  id: string;
  at: number;
  cause: 'outside' | 'write' | 'reopened';
  /** textFingerprint of the text that arrived (matched against the turn log). */
  fingerprint: string;
  changes: TurnChange[];
}

/** How many turns the panel keeps: the recent ones, not the whole log. */
export const TURNS_SHOWN = 30;

export function buildTurns(records: readonly TurnRecord[], observed: readonly ObservedChange[]): Turn[] {
  const byTurn = new Map<string, TurnRecord[]>();
  for (const record of records) {
    const list = byTurn.get(record.turn);
    if (list) list.push(record);
    else byTurn.set(record.turn, [record]);
  }
  const turns: Turn[] = [];
  const written = new Set<string>();
  for (const [id, list] of byTurn) {
    const ordered = [...list].sort((a, b) => a.seq - b.seq);
    let changes: TurnChange[] = [];
    for (const record of ordered) {
      changes = combineTurnChanges(changes, record.changes);
      if (record.fingerprint) written.add(record.fingerprint);
    }
    const summary = ordered.findLast((record) => record.summary !== undefined)?.summary;
    if (changes.length === 0 && summary === undefined) continue;
    const client = ordered.findLast((record) => record.actor.client)?.actor.client;
    turns.push({
      id,
      actor: { kind: 'assistant', ...(client ? { client } : {}) },
      at: time(ordered[0]!.at),
      last: time(ordered[ordered.length - 1]!.at),
      changes,
      ...(summary !== undefined ? { summary } : {}),
      ended: ordered.some((record) => record.ended),
    });
  }
  for (const change of observed) {
    if (written.has(change.fingerprint) || change.changes.length === 0) continue;
    const kind: TurnActorKind = change.cause === 'write' ? 'window' : change.cause === 'reopened' ? 'reopened' : 'disk';
    turns.push({ id: change.id, actor: { kind }, at: change.at, last: change.at, changes: change.changes, ended: true });
  }
  return turns.sort((a, b) => b.last - a.last).slice(0, TURNS_SHOWN);
}

function time(iso: string): number {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : 0;
}
