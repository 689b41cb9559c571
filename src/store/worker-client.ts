// Asking a Web Worker about the open document without copying it whole on every edit: the worker
// keeps a replica, and each request carries only what changed since the last one (data-patch.ts).
// Where there is no Worker (Node, tests) the same job runs on this thread, after a tick.
import { openWorkingFile, type Json } from '../format';
import { applyPatch, diffData, type DataPatch } from './data-patch';
import { whenIdle } from './when-idle';

/**
 * The document: whole (after a failure, or when none was opened from text), or as a patch of the
 * last one sent, or of the document read from `text` (the text just opened: a string is copied
 * to a worker much faster than the data read from it, and the worker reads it itself).
 */
export interface MirroredRequest {
  id: number;
  data?: Json;
  text?: string;
  patch?: DataPatch;
  /** The text is the same as this other field of the request (a worker's base text): sent once. */
  textIn?: string;
  /** Only take the document in (its text read at idle after opening): nothing to answer. */
  prime?: true;
}

export type WorkerReply<T> = { id: number; value: T } | { id: number; error: string };

type Answer<Extra, T> = (data: Json, request: MirroredRequest & Extra) => T | Promise<T>;
type Serve<Extra, T> = (request: MirroredRequest & Extra) => Promise<WorkerReply<T>>;

/**
 * The worker's side: answers each request about the document it describes. The replica is
 * brought up to date before the answer's first await, so requests apply in the order sent.
 */
export function serveMirrored<Extra, T>(answer: Answer<Extra, T>): Serve<Extra, T> {
  let replica: Json | undefined;
  return async (request) => {
    try {
      if (request.data !== undefined) replica = request.data;
      else {
        const text = request.text ?? (request.textIn === undefined ? undefined : (request as unknown as Record<string, unknown>)[request.textIn]);
        if (typeof text === 'string') replica = openWorkingFile(text).data;
        if (replica === undefined) throw new Error('the worker holds no document to patch');
        if (request.patch) replica = applyPatch(replica, request.patch);
      }
      if (request.prime) return { id: request.id, value: undefined as T };
      return { id: request.id, value: await answer(replica, request) };
    } catch (error) {
      replica = undefined;
      return { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
  };
}

interface Channel<Extra, T> {
  send(request: MirroredRequest & Extra): void;
  onReply(receive: (reply: WorkerReply<T>) => void): void;
}

/** Each mirrored worker's way of hearing of a file just opened, and of reading it ahead. */
const opened: { tell(text: string, data: Json): void; prime(): Promise<void> }[] = [];

export interface MirroredOptions {
  /**
   * Whether this worker reads the file just opened (the open document) ahead of its first
   * request (`primeOpened`): for a worker asked at once on the first edit, which would otherwise
   * read the whole text then.
   */
  readAhead?(): boolean;
}

/** Tells every worker the text just opened and the data read from it (sent with its next request). */
export function openedText(text: string, data: Json): void {
  for (const worker of opened) worker.tell(text, data);
}

/**
 * Has each worker that reads ahead read the text just opened now, one after another while the
 * page is idle: the first edit then sends a small patch instead of making a worker read the whole
 * file (on a 2-core machine that read competes with drawing the keystroke). A worker asked
 * meanwhile is skipped.
 */
export async function primeOpened(): Promise<void> {
  for (const worker of opened) {
    await new Promise<void>((resolve) => whenIdle(resolve));
    await worker.prime();
  }
}

/**
 * The page's side: `ask(data, extra)` resolves with the worker's answer about `data`, or rejects
 * when it failed (the next request then sends the document whole).
 */
export function mirroredWorker<Extra, T>(startWorker: () => Worker, answer: Answer<Extra, T>, options: MirroredOptions = {}): (data: Json, extra: Extra) => Promise<T> {
  let channel: Channel<Extra, T> | undefined;
  let sent: Json | undefined;
  let text: string | undefined;
  let nextId = 1;
  const waiting = new Map<number, { resolve(value: T): void; reject(error: Error): void }>();
  const open = (): Channel<Extra, T> => {
    const made = typeof Worker === 'undefined' ? inThread(serveMirrored(answer)) : inWorker<Extra, T>(startWorker());
    made.onReply((reply) => {
      const request = waiting.get(reply.id);
      if (!request) return;
      waiting.delete(reply.id);
      if ('value' in reply) request.resolve(reply.value);
      else {
        sent = text = undefined;
        request.reject(new Error(reply.error));
      }
    });
    return made;
  };
  opened.push({
    tell(openedText, data) {
      // Already sent this very document: its text would only be read again.
      if (sent === data) return;
      text = openedText;
      sent = data;
    },
    prime() {
      if (text === undefined || !options.readAhead?.()) return Promise.resolve();
      channel ??= open();
      const request = { id: nextId++, text, prime: true } as MirroredRequest & Extra;
      text = undefined;
      // A failure is forgotten here: the next request then sends the document whole.
      return new Promise<void>((resolve) => {
        waiting.set(request.id, { resolve: () => resolve(), reject: () => resolve() });
        channel!.send(request);
      });
    },
  });
  return (data, extra) => {
    channel ??= open();
    const id = nextId++;
    const request = { ...extra, id } as MirroredRequest & Extra;
    if (sent === undefined) request.data = data;
    else request.patch = diffData(sent, data);
    if (text !== undefined) {
      // A file just opened is often the worker's base text as well: the same megabytes, sent once.
      const same = Object.keys(request).find((key) => key !== 'text' && (request as unknown as Record<string, unknown>)[key] === text);
      if (same !== undefined) request.textIn = same;
      else request.text = text;
    }
    text = undefined;
    sent = data;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      channel!.send(request);
    });
  };
}

function inWorker<Extra, T>(worker: Worker): Channel<Extra, T> {
  return {
    send: (request) => worker.postMessage(request),
    onReply: (receive) => worker.addEventListener('message', (event: MessageEvent<WorkerReply<T>>) => receive(event.data)),
  };
}

function inThread<Extra, T>(serve: Serve<Extra, T>): Channel<Extra, T> {
  let receive: (reply: WorkerReply<T>) => void = () => {};
  return {
    send: (request) => setTimeout(() => void serve(request).then(receive), 0),
    onReply: (listener) => {
      receive = listener;
    },
  };
}

/** Runs in a worker: answers the page's requests. */
export function listen<Extra, T>(serve: Serve<Extra, T>): void {
  const scope = self as unknown as {
    postMessage(message: unknown): void;
    addEventListener(type: 'message', listener: (event: MessageEvent<MirroredRequest & Extra>) => void): void;
  };
  scope.addEventListener('message', (event) => void serve(event.data).then((reply) => scope.postMessage(reply)));
}
