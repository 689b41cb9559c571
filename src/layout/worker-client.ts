// Runs layouts off the main thread so a large tree never freezes the page. In Vite the worker is
// bundled from layout.worker.ts; where there is no Worker (Node: CLI, tests) the same queue runs
// on this thread. A newer request for a tree supersedes an older one still pending: the older
// promise rejects with LayoutSupersededError, which callers should simply ignore.
import type { LayoutInput, LayoutResult } from './types';
import type { LayoutMessage, LayoutReply, LayoutRequest } from './layout-service';

export class LayoutSupersededError extends Error {
  constructor(tree: string) {
    super(`Layout of the ${tree} tree superseded by a newer request`);
    this.name = 'LayoutSupersededError';
  }
}

export interface LayoutWorkerClient {
  layout(input: LayoutInput): Promise<LayoutResult>;
  /** Has the worker lay out a few small trees while the page is idle, so the first big one runs compiled code (warm-up.ts). */
  warm(): void;
  dispose(): void;
}

/** How requests reach a layout service and replies come back. */
export interface LayoutTransport {
  send(message: LayoutMessage): void;
  /** Called once by the client; `fail` rejects everything pending (e.g. the worker crashed). */
  listen(receive: (reply: LayoutReply) => void, fail: (message: string) => void): void;
  close(): void;
}

export function workerTransport(): LayoutTransport {
  const worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
  return {
    send: (message) => worker.postMessage(message),
    listen(receive, fail) {
      worker.addEventListener('message', (event: MessageEvent<LayoutReply>) => receive(event.data));
      worker.addEventListener('error', (event: ErrorEvent) => {
        event.preventDefault();
        fail(`The layout worker failed: ${event.message || 'it could not be loaded'}`);
      });
      worker.addEventListener('messageerror', () => fail('The layout worker could not read a reply'));
    },
    close: () => worker.terminate(),
  };
}

/**
 * The same service on this thread, for environments without Worker. Loaded on first use, so a
 * browser bundle that has a Worker does not carry the layout code twice.
 */
export function inThreadTransport(): LayoutTransport {
  let closed = false;
  let deliver: (reply: LayoutReply) => void = () => {};
  let fail: (message: string) => void = () => {};
  let service: Promise<(request: LayoutRequest) => void> | undefined;
  return {
    send(request) {
      if ('warm' in request) return; // this thread's code warms up as it works
      service ??= import('./layout-service').then(({ createLayoutService }) =>
        createLayoutService((reply) => {
          if (!closed) deliver(reply);
        }),
      );
      service.then(
        (handle) => handle(request),
        (error: unknown) => fail(`The layout could not be loaded: ${String(error)}`),
      );
    },
    listen(receive, onFailure) {
      deliver = receive;
      fail = onFailure;
    },
    close() {
      closed = true;
    },
  };
}

interface Pending {
  tree: string;
  resolve(result: LayoutResult): void;
  reject(error: Error): void;
}

export function createLayoutWorkerClient(
  transport: LayoutTransport = typeof Worker === 'undefined' ? inThreadTransport() : workerTransport(),
): LayoutWorkerClient {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let closedBecause: string | undefined;

  const rejectAll = (message: string) => {
    for (const request of pending.values()) request.reject(new Error(message));
    pending.clear();
  };
  transport.listen(
    (reply) => {
      const request = pending.get(reply.id);
      if (!request) return; // already superseded or disposed
      pending.delete(reply.id);
      if ('result' in reply) request.resolve(reply.result);
      else if ('error' in reply) request.reject(new Error(`Layout of the ${request.tree} tree failed: ${reply.error}`));
      else request.reject(new LayoutSupersededError(request.tree));
    },
    (message) => {
      closedBecause = message;
      rejectAll(message);
    },
  );

  return {
    layout(input) {
      if (closedBecause) return Promise.reject(new Error(closedBecause));
      const tree = String(input.tree);
      for (const [id, request] of pending) {
        if (request.tree !== tree) continue;
        pending.delete(id);
        request.reject(new LayoutSupersededError(tree));
      }
      const id = nextId++;
      return new Promise<LayoutResult>((resolve, reject) => {
        pending.set(id, { tree, resolve, reject });
        transport.send({ id, input });
      });
    },
    warm() {
      if (!closedBecause) transport.send({ warm: true });
    },
    dispose() {
      if (closedBecause) return;
      closedBecause = 'The layout client was disposed';
      rejectAll(closedBecause);
      transport.close();
    },
  };
}
