// Reading a chosen working file (parse and validate, the longest step of opening a big one) in a
// Web Worker, so the page keeps painting and answering input meanwhile. The worker sends back
// the quick reader's values, its position tape and the diagnostics; the page rebuilds the same
// OpenedFile from them and the text. A file only the full parser can read (the worker answers at
// once that it could not, having run only the quick reader), a page without Worker, or a worker
// that failed: read here, once. A first text's data comes a tree a message, so that no task of
// the page copies all of it; a text read after another comes with only what changed in its data
// (data-delta.ts): the page holds the rest.
import { decodeDelta, openRead, openWorkingFile, readTrees, type DataDelta, type FastRead, type Json, type OpenedFile, type ReadElsewhere } from '../format';
import { textFingerprint } from '../protocol/turn-record';
import { nextTask } from './next-task';

export interface ReadRequest {
  id: number;
  text: string;
}

/** What the page sends the reading worker: a text to read, or a sample to warm up on while the page is idle. */
export type ReadMessage = ReadRequest | { warm: string };

/** What the worker read, its data left out: that comes in parts sent ahead (a first read), or as what changed since the last read. */
export type ReadWithoutData = Omit<ReadElsewhere, 'quick'> & { quick: Omit<FastRead, 'data'> };

export type ReadReply =
  | { id: number; read: undefined; fingerprint: string }
  /** What the worker read; its data came ahead. */
  | { id: number; read: ReadWithoutData; fingerprint: string }
  | { id: number; error: string }
  /** One part of a first read's data, sent ahead of the message that refers to it. */
  | { id: number; part: number; value: Json }
  /**
   * The data read, sent before the worker checks the rules (the page takes it in meanwhile): a
   * first read's parts put together, or what changed since the last read.
   */
  | ({ id: number; ahead: true } & ({ parts: number; delta: DataDelta } | { delta: DataDelta }));

/** A reply with its data in place. */
type Answer = { id: number; read: ReadElsewhere | undefined; fingerprint: string } | { id: number; error: string };

let worker: Worker | undefined;
let nextId = 1;
const waiting = new Map<number, (reply: Answer) => void>();
/** Data equal to what the worker read last (its next delta is taken from it); undefined before the first. */
let lastRead: Json | undefined;
/** The parts of a first read's data received so far, in order. */
let parts: Json[] = [];
/** The data of the read under way, come ahead of its reply. */
let ahead: { id: number; data: Json } | undefined;

function started(): Worker {
  if (worker) return worker;
  const running = new Worker(new URL('./read.worker.ts', import.meta.url), { type: 'module' });
  worker = running;
  lastRead = undefined;
  parts = [];
  ahead = undefined;
  const stop = (reason: string) => {
    // Every open waiting on it is read here instead; the next read starts a new worker.
    for (const answer of waiting.values()) answer({ id: 0, error: reason });
    waiting.clear();
    if (worker === running) worker = undefined;
    running.terminate();
  };
  /** A message's data taken in; undefined when the two lost step (the worker is then stopped). */
  const taken = <T>(take: () => T): T | undefined => {
    try {
      return take();
    } catch {
      stop('the reading worker and the page lost step');
      return undefined;
    } finally {
      parts = [];
    }
  };
  running.addEventListener('message', (event: MessageEvent<ReadReply>) => {
    const message = event.data;
    if ('part' in message) {
      if (message.part === parts.length) parts.push(message.value);
      return;
    }
    if ('ahead' in message) {
      const data = taken(() => dataAhead(message));
      if (data === undefined) return;
      ahead = { id: message.id, data };
      // Its trees read for drawing in a task of their own, while the worker checks the rules
      // (readTrees keeps them for this data: opening it later finds them ready).
      void nextTask().then(() => readTrees(data));
      return;
    }
    const reply = taken(() => withData(message));
    if (!reply) return;
    const answer = waiting.get(reply.id);
    waiting.delete(reply.id);
    // In a task of its own: what the reader does next never adds to the task that copied the data
    // (a message, not a timer: a tab in the background still takes a change on disk at once).
    if (answer) void nextTask().then(() => answer(reply));
  });
  // A worker that cannot start or crashed.
  running.addEventListener('error', () => stop('the reading worker failed'));
  return running;
}

/** The data come ahead: as sent (a first read), or rebuilt from the last data read and what changed. */
function dataAhead(message: Extract<ReadReply, { ahead: true }>): Json {
  let data: Json;
  if ('parts' in message) {
    if (parts.length !== message.parts) throw new Error('parts of the data went missing');
    data = decodeDelta(message.delta, parts);
  } else if (lastRead === undefined) throw new Error('a change came before the data it changes');
  else data = decodeDelta(message.delta, lastRead);
  lastRead = data;
  return data;
}

/** The reply with its data (come ahead) in place. */
function withData(reply: Exclude<ReadReply, { part: number } | { ahead: true }>): Answer {
  const data = ahead?.id === reply.id ? ahead.data : undefined;
  ahead = undefined;
  if ('error' in reply) {
    lastRead = undefined;
    return reply;
  }
  if (!reply.read) return reply;
  if (data === undefined) throw new Error('a reply came without its data');
  return { id: reply.id, read: { ...reply.read, quick: { ...reply.read.quick, data } }, fingerprint: reply.fingerprint };
}

/**
 * `opened` (the last file read) is now held as `data`, equal to it: the next read's unchanged parts
 * are taken from `data`'s objects, so comparing the two stops at every part that did not change.
 */
export function heldAs(opened: OpenedFile, data: Json): void {
  if (opened.data === lastRead && data !== lastRead) lastRead = data;
}

/**
 * Has the reading worker read `sample` a few times while the page is idle, so that the first big
 * file chosen is read by compiled code (up to twice as quick as cold; see layout/warm-up.ts).
 */
export function warmReader(sample: string): void {
  if (typeof Worker === 'undefined') return;
  try {
    started().postMessage({ warm: sample } satisfies ReadMessage);
  } catch {
    // No worker: files are read on this thread anyway.
  }
}

/** openWorkingFile(text), read off the main thread where a Worker can do it. */
export async function readWorkingFile(text: string): Promise<OpenedFile> {
  if (typeof Worker === 'undefined') return openWorkingFile(text);
  const id = nextId++;
  const reply = await new Promise<Answer>((resolve) => {
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
