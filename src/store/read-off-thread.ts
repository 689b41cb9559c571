// Reading a chosen working file (parse and validate, the longest step of opening a big one) in a
// Web Worker, so the page keeps painting and answering input meanwhile. The worker sends back
// the quick reader's values, its position tape and the diagnostics; the page rebuilds the same
// OpenedFile from them and the text. A file only the full parser can read (the worker answers at
// once that it could not, having run only the quick reader), a page without Worker, or a worker
// that failed: read here, once.
import { openRead, openWorkingFile, type OpenedFile, type ReadElsewhere } from '../format';
import { textFingerprint } from '../protocol/turn-record';

export interface ReadRequest {
  id: number;
  text: string;
}

export type ReadReply = { id: number; read: ReadElsewhere | undefined; fingerprint: string } | { id: number; error: string };

let worker: Worker | undefined;
let nextId = 1;
const waiting = new Map<number, (reply: ReadReply) => void>();

function started(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./read.worker.ts', import.meta.url), { type: 'module' });
  worker.addEventListener('message', (event: MessageEvent<ReadReply>) => {
    const answer = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    answer?.(event.data);
  });
  worker.addEventListener('error', () => {
    // A worker that cannot start or crashed: every open waiting on it is read here instead.
    for (const answer of waiting.values()) answer({ id: 0, error: 'the reading worker failed' });
    waiting.clear();
    worker = undefined;
  });
  return worker;
}

/** openWorkingFile(text), read off the main thread where a Worker can do it. */
export async function readWorkingFile(text: string): Promise<OpenedFile> {
  if (typeof Worker === 'undefined') return openWorkingFile(text);
  const id = nextId++;
  const reply = await new Promise<ReadReply>((resolve) => {
    waiting.set(id, resolve);
    try {
      started().postMessage({ id, text } satisfies ReadRequest);
    } catch (error) {
      waiting.delete(id);
      resolve({ id, error: String(error) });
    }
  });
  if ('error' in reply) return openWorkingFile(text);
  const opened = reply.read ? openRead(text, reply.read) : openWorkingFile(text);
  fingerprints.set(opened, reply.fingerprint);
  return opened;
}

/** The fingerprints the worker worked out for the texts it read, by what they were read into. */
const fingerprints = new WeakMap<OpenedFile, string>();

/** The fingerprint of `text`, read into `opened`: the worker's when it read it, else worked out here. */
export function fingerprintOf(opened: OpenedFile, text: string): string {
  return fingerprints.get(opened) ?? textFingerprint(text);
}
