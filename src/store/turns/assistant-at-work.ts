// Whether an assistant is at work on the file now, from the turn log the server relays: its
// turn is open (not ended) and its last write is recent. The presence strip shows it beside the
// people, with the item it last touched ("Assistant is editing r4").
import type { TurnRecord } from '../../protocol/turn-record';

/** How long after its last write an assistant whose turn is still open counts as at work. */
export const ASSISTANT_AT_WORK_MS = 60_000;

export interface AssistantAtWork {
  /** The MCP client's name for itself, when it gave one. */
  client?: string;
  /** The node or link it last added or changed. */
  editing?: string;
  /** When it stops counting as at work, unless it writes again (ms since the epoch). */
  until: number;
}

export function assistantAtWork(records: readonly TurnRecord[], now: number): AssistantAtWork | undefined {
  let last: TurnRecord | undefined;
  for (const record of records) if (record.actor.kind === 'assistant' && (!last || Date.parse(record.at) >= Date.parse(last.at))) last = record;
  if (!last || last.ended) return undefined;
  const at = Date.parse(last.at);
  // A clock set wrong on the writer's side never keeps it present for longer than the window.
  const until = Math.min(at, now) + ASSISTANT_AT_WORK_MS;
  if (!Number.isFinite(at) || until <= now) return undefined;
  const touched = [...last.changes].reverse().find((change) => (change.subject === 'node' || change.subject === 'link') && change.change !== 'removed');
  return { ...(last.actor.client ? { client: last.actor.client } : {}), ...(touched ? { editing: touched.id } : {}), until };
}
