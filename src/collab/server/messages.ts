// Reading the messages a page sends over the Hocuspocus protocol, far enough to judge them before
// they are applied: a document update (sync step 2 or update) and an awareness update.
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { messageYjsSyncStep2, messageYjsUpdate } from 'y-protocols/sync';

/** Hocuspocus's message types (its MessageType enum). */
const SYNC = 0;
const AWARENESS = 1;

export type IncomingMessage =
  | { kind: 'update'; update: Uint8Array }
  | { kind: 'awareness'; entries: AwarenessEntry[] }
  | { kind: 'other' };

export interface AwarenessEntry {
  clientID: number;
  clock: number;
  /** The state as sent (null: the client left). */
  state: unknown;
}

/** What a message asks of the document; throws on a message that cannot be read. */
export function readIncoming(data: Uint8Array): IncomingMessage {
  const decoder = decoding.createDecoder(data);
  decoding.readVarString(decoder); // the document's name
  const type = decoding.readVarUint(decoder);
  if (type === SYNC) {
    const step = decoding.readVarUint(decoder);
    if (step === messageYjsSyncStep2 || step === messageYjsUpdate) return { kind: 'update', update: decoding.readVarUint8Array(decoder) };
    return { kind: 'other' };
  }
  if (type === AWARENESS) return { kind: 'awareness', entries: readAwarenessUpdate(decoding.readVarUint8Array(decoder)) };
  return { kind: 'other' };
}

export function readAwarenessUpdate(update: Uint8Array): AwarenessEntry[] {
  const decoder = decoding.createDecoder(update);
  const entries: AwarenessEntry[] = [];
  const count = decoding.readVarUint(decoder);
  for (let i = 0; i < count; i++) {
    const clientID = decoding.readVarUint(decoder);
    const clock = decoding.readVarUint(decoder);
    const text = decoding.readVarString(decoder);
    let state: unknown;
    try {
      state = JSON.parse(text);
    } catch {
      state = undefined;
    }
    entries.push({ clientID, clock, state });
  }
  return entries;
}

export function writeAwarenessUpdate(entries: readonly AwarenessEntry[]): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, entries.length);
  for (const entry of entries) {
    encoding.writeVarUint(encoder, entry.clientID);
    encoding.writeVarUint(encoder, entry.clock);
    encoding.writeVarString(encoder, JSON.stringify(entry.state ?? null));
  }
  return encoding.toUint8Array(encoder);
}
