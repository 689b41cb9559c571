// Asking a Web Worker about the open document without copying it whole on every edit: the worker
// keeps a replica, and each request carries only what changed since the last one (data-patch.ts).
// Where there is no Worker (Node, tests) the same job runs on this thread, after a tick.
import type { Json } from '../format';
import { applyPatch, diffData, type DataPatch } from './data-patch';

/** The document, whole (the first time, or after a failure) or as a patch of the last one sent. */
export interface MirroredRequest {
  id: number;
  data?: Json;
  patch?: DataPatch;
}

export type WorkerReply<T> = { id: number; value: T } | { id: number; error: string };

/** The worker's side: answers each request about the document it describes. */
export function serveMirrored<Extra, T>(answer: (data: Json, request: MirroredRequest & Extra) => T): (request: MirroredRequest & Extra) => WorkerReply<T> {
  let replica: Json | undefined;
  return (request) => {
    try {
      if (request.data !== undefined) replica = request.data;
      else if (request.patch && replica !== undefined) replica = applyPatch(replica, request.patch);
      else throw new Error('the worker holds no document to patch');
      return { id: request.id, value: answer(replica, request) };
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

/**
 * The page's side: `ask(data, extra)` resolves with the worker's answer about `data`, or rejects
 * when it failed (the next request then sends the document whole).
 */
export function mirroredWorker<Extra, T>(
  startWorker: () => Worker,
  answer: (data: Json, request: MirroredRequest & Extra) => T,
): (data: Json, extra: Extra) => Promise<T> {
  let channel: Channel<Extra, T> | undefined;
  let sent: Json | undefined;
  let nextId = 1;
  const waiting = new Map<number, { resolve(value: T): void; reject(error: Error): void }>();
  const open = (): Channel<Extra, T> => {
    const opened = typeof Worker === 'undefined' ? inThread(serveMirrored(answer)) : inWorker<Extra, T>(startWorker());
    opened.onReply((reply) => {
      const request = waiting.get(reply.id);
      if (!request) return;
      waiting.delete(reply.id);
      if ('value' in reply) request.resolve(reply.value);
      else {
        sent = undefined;
        request.reject(new Error(reply.error));
      }
    });
    return opened;
  };
  return (data, extra) => {
    channel ??= open();
    const id = nextId++;
    const request = { ...extra, id } as MirroredRequest & Extra;
    if (sent === undefined) request.data = data;
    else request.patch = diffData(sent, data);
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

function inThread<Extra, T>(serve: (request: MirroredRequest & Extra) => WorkerReply<T>): Channel<Extra, T> {
  let receive: (reply: WorkerReply<T>) => void = () => {};
  return {
    send: (request) => setTimeout(() => receive(serve(request)), 0),
    onReply: (listener) => {
      receive = listener;
    },
  };
}

/** Runs in a worker: answers the page's requests. */
export function listen<Extra, T>(serve: (request: MirroredRequest & Extra) => WorkerReply<T>): void {
  const scope = self as unknown as {
    postMessage(message: unknown): void;
    addEventListener(type: 'message', listener: (event: MessageEvent<MirroredRequest & Extra>) => void): void;
  };
  scope.addEventListener('message', (event) => scope.postMessage(serve(event.data)));
}
