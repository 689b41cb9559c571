// Diagnostics that name lines and columns while a file is being edited: the text an export
// would write, read again. For a large file this runs in a Web Worker after a pause in editing,
// so typing never waits for it; where there is no Worker (Node, tests) it runs on this thread.
import { openWorkingFile, saveWorkingFile, type Diagnostic, type Json, type SaveBase, type VersionState } from '../format';
import { parseSource } from '../format/load';

export interface PlacedDiagnostics {
  diagnostics: Diagnostic[];
  version: VersionState;
}

export function placeDiagnostics(base: SaveBase | null, data: Json): PlacedDiagnostics {
  const opened = openWorkingFile(saveWorkingFile(base, data));
  return { diagnostics: opened.diagnostics, version: opened.version };
}

/** What the worker is sent: the base text only when it changed since the last request. */
export interface PlaceRequest {
  id: number;
  base: number;
  baseText?: string | null;
  data: Json;
}

export type PlaceReply = { id: number; placed: PlacedDiagnostics } | { id: number; error: string };

/** The worker's side: keeps the last base read (its Document is built once, on first use). */
export function createPlacer(): (request: PlaceRequest) => PlaceReply {
  let baseId = -1;
  let base: SaveBase | null = null;
  return (request) => {
    try {
      if (request.base !== baseId) {
        if (request.baseText === undefined) throw new Error('the base text was not sent');
        base = request.baseText === null ? null : parseSource(request.baseText);
        baseId = request.base;
      }
      return { id: request.id, placed: placeDiagnostics(base, request.data) };
    } catch (error) {
      return { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
  };
}

interface Channel {
  send(request: PlaceRequest): void;
  onReply(receive: (reply: PlaceReply) => void): void;
}

function workerChannel(): Channel {
  const worker = new Worker(new URL('./diagnostics.worker.ts', import.meta.url), { type: 'module' });
  return {
    send: (request) => worker.postMessage(request),
    onReply: (receive) => worker.addEventListener('message', (event: MessageEvent<PlaceReply>) => receive(event.data)),
  };
}

function inThreadChannel(): Channel {
  const place = createPlacer();
  let receive: (reply: PlaceReply) => void = () => {};
  return {
    send: (request) => setTimeout(() => receive(place(request)), 0),
    onReply: (listener) => {
      receive = listener;
    },
  };
}

let channel: Channel | undefined;
const waiting = new Map<number, { resolve(placed: PlacedDiagnostics): void; reject(error: Error): void }>();
const baseIds = new WeakMap<object, number>();
let sentBase = -1;
let nextId = 1;
let nextBase = 1;

/** Places the diagnostics of `data` off the main thread; rejects when that fails. */
export function placeDiagnosticsLater(base: SaveBase | null, data: Json): Promise<PlacedDiagnostics> {
  if (!channel) {
    channel = typeof Worker === 'undefined' ? inThreadChannel() : workerChannel();
    channel.onReply((reply) => {
      const request = waiting.get(reply.id);
      if (!request) return;
      waiting.delete(reply.id);
      if ('placed' in reply) request.resolve(reply.placed);
      else request.reject(new Error(reply.error));
    });
  }
  let baseId = 0; // no base: a file made in the editor
  if (base) {
    baseId = baseIds.get(base) ?? nextBase++;
    baseIds.set(base, baseId);
  }
  const id = nextId++;
  const request: PlaceRequest = { id, base: baseId, data };
  if (baseId !== sentBase) request.baseText = base ? base.text : null;
  sentBase = baseId;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    channel!.send(request);
  });
}
