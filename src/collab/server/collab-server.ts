// The collaboration server: a Hocuspocus instance with our small extensions. Two kinds:
// - a file server (`file`): one working file shared as one document, written back to disk by
//   the file bridge and repaired after every merge; what `causeway open` will mount on its own
//   HTTP server under a path;
// - a hub (`redis`): a stateless relay, as many as needed behind a load balancer, linked by
//   Hocuspocus's Redis extension; the file's process connects to one of them as its one writer;
// - a mirror (`mirror`): the driver's pages' way into a session on hubs, inside `causeway open`;
//   its document is the file's process's copy of the hubs' document.
// Both check every connection's credential and every update, and stamp presence.
import type { IncomingMessage } from 'node:http';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { Hocuspocus, type Extension } from '@hocuspocus/server';
import { Redis } from '@hocuspocus/extension-redis';
import { WebSocketServer } from 'ws';
import { MAX_FILE_BYTES } from '../../format';
import type { CollabClientMessage, CollabServerMessage, Identity } from '../../protocol/collab-protocol';
import type { WorkingFileDisk } from '../../disk/working-file-disk';
import { FileSession } from './file-session';
import { revokedInvites } from '../shared-doc';
import { SessionExtension, type Authenticate, type SessionHandle } from './session-extension';
import { checkUpgrade, defaultHostNames, type UpgradeGuard } from './upgrade-guard';
import { writerLeases, type LeaseStore } from './writer-lock';

export interface CollabServerOptions {
  authenticate: Authenticate;
  /** A file server: the working file (its real path) and the document name it is shared under. */
  file?: { path: string; documentName: string; writeDelayMs?: number; watch?: boolean; disk?: WorkingFileDisk };
  /** A hub: the Redis server linking the hubs (options go to ioredis: password, db, tls). */
  redis?: { host: string; port: number; prefix?: string; options?: Record<string, unknown> };
  /**
   * A mirror: one document, which the file's process connects to the hubs as its copy of the
   * session (see driver-mirror.ts); the driver's requests go to the file's session there, once
   * it is open.
   */
  mirror?: { documentName: string; session(): FileSession | undefined };
  onRefused?(identity: Identity, reason: string): void;
}

export interface CollabServer {
  readonly hocuspocus: Hocuspocus;
  /** Takes a WebSocket upgrade the caller routed here (after its own checks of Host and Origin). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Disconnects, at once, every connection that came in with this invite. */
  revoke(invite: string): number;
  /** The shared file (file servers). */
  readonly session: FileSession | undefined;
  close(): Promise<void>;
}

export async function createCollabServer(options: CollabServerOptions): Promise<CollabServer> {
  let session: FileSession | undefined;
  const { file, mirror } = options;
  const documentName = file?.documentName ?? mirror?.documentName;
  // Hubs: Hocuspocus's Redis extension links them; its connection also holds each session's writer lease.
  const redis = options.redis ? new Redis({ host: options.redis.host, port: options.redis.port, prefix: options.redis.prefix ?? 'causeway', ...(options.redis.options ? { options: options.redis.options } : {}) }) : undefined;
  const leases = redis ? writerLeases(redis.pub as unknown as LeaseStore, options.redis?.prefix ?? 'causeway') : undefined;
  const extension = new SessionExtension({
    leases,
    authenticate: async (credential, request) => {
      if (documentName !== undefined && request.documentName !== documentName) return undefined;
      const identity = await options.authenticate(credential, request);
      // An invite the driver revoked stays out, whatever the credential check says.
      const loaded = hocuspocus.documents.get(request.documentName);
      if (identity?.invite !== undefined && loaded && revokedInvites(loaded).has(identity.invite)) return undefined;
      return identity;
    },
    onRefused: options.onRefused,
    load: file
      ? async (name, document) => {
          if (name !== file.documentName) throw new Error('This server shares one file.');
          session = await FileSession.open(file.path, document, { writeDelayMs: file.writeDelayMs, watch: file.watch, disk: file.disk });
          return fileHandle(session);
        }
      : mirror
        ? async (name) => {
            if (name !== mirror.documentName) throw new Error('This server shares one session.');
            // The session is the file's process's, and outlives this server.
            return {
              request: async (message, from) => {
                const opened = mirror.session();
                return opened ? fileHandle(opened).request(message, from) : undefined;
              },
              close: async () => undefined,
            };
          }
        : undefined,
  });
  const extensions: Extension[] = [extension];
  if (redis) extensions.push(redis);
  const hocuspocus = new Hocuspocus({ quiet: true, extensions, debounce: 200, maxDebounce: 1000 });
  // The file's (or mirrored) document stays loaded while the server runs, whoever is connected.
  const keeper = documentName !== undefined ? await hocuspocus.openDirectConnection(documentName, { identity: { id: 'server', role: 'writer' } }) : undefined;
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FILE_BYTES * 2 + 65_536 });
  sockets.on('connection', (socket, request: IncomingMessage) => {
    socket.on('error', () => undefined);
    // Once a socket is closing (after a refused or unreadable message), what it still sends is not
    // read: a burst of garbage costs one refusal, not one logged error a frame.
    const emit = socket.emit.bind(socket);
    socket.emit = ((event: string | symbol, ...args: unknown[]) => (event === 'message' && socket.readyState !== socket.OPEN ? false : emit(event, ...args))) as typeof socket.emit;
    hocuspocus.handleConnection(socket, request);
  });

  return {
    hocuspocus,
    handleUpgrade: (request, socket, head) => sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws, request)),
    revoke: (invite) => {
      const closed = extension.disconnect(hocuspocus.documents, (identity) => identity.invite === invite);
      session?.revoke(invite); // recorded in the session: every server holding it refuses the invite from now on
      return closed;
    },
    get session() {
      return session;
    },
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      await session?.flush().catch(() => undefined);
      await keeper?.disconnect();
      await session?.close();
      // Documents unload once their last connection is gone; Redis is left only after that.
      for (let waited = 0; hocuspocus.documents.size > 0 && waited < 2000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      leases?.close();
      await hocuspocus.hooks('onDestroy', { instance: hocuspocus });
    },
  };
}

/** The driver's requests, done by the process that has the file. */
export function fileHandle(session: FileSession): SessionHandle {
  return {
    request: async (message: CollabClientMessage): Promise<CollabServerMessage | undefined> => {
      if (message.type === 'snapshot') return { type: 'snapshot-result', request: message.request, ...(await session.snapshot(message.summary)) };
      if (message.type === 'settle') await session.settle(message.conflict, message.side);
      if (message.type === 'revoke') session.revoke(message.invite);
      return undefined;
    },
    close: () => session.close(),
  };
}

export interface StandaloneOptions extends CollabServerOptions {
  host: string;
  /** 0 for any free port. */
  port: number;
  /** The path WebSocket connections come to; every other request is refused. */
  path?: string;
  /** Host names and pages allowed; by default the loopback names when bound to one. */
  guard?: UpgradeGuard;
  /** Answers plain HTTP requests (a hub serves the editor's pages to invited people); by default 426. */
  pages?(request: IncomingMessage, response: ServerResponse): void;
}

export interface RunningCollabServer extends CollabServer {
  readonly port: number;
  /** ws://HOST:PORT/PATH */
  readonly url: string;
  readonly http: Server;
}

/** A collaboration server on its own port (a hub, or a file server for tests). */
export async function startCollabServer(options: StandaloneOptions): Promise<RunningCollabServer> {
  const collab = await createCollabServer(options);
  const path = options.path ?? '/';
  const http = createServer((request, response) => {
    if (options.pages) return options.pages(request, response);
    response.writeHead(426, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end('This is a Causeway collaboration server: connect with a WebSocket and an invite.\n');
  });
  let port = options.port;
  http.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    const url = new URL(request.url ?? '/', 'http://server');
    const refusal = url.pathname !== path ? 'Not found.' : checkUpgrade(request, { hostNames: defaultHostNames(options.host), ...options.guard });
    if (refusal) {
      socket.end(`HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${refusal}\n`);
      return;
    }
    collab.handleUpgrade(request, socket, head);
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const address = http.address();
  port = typeof address === 'object' && address ? address.port : options.port;
  const shown = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    hocuspocus: collab.hocuspocus,
    handleUpgrade: collab.handleUpgrade,
    revoke: collab.revoke,
    get session() {
      return collab.session;
    },
    port,
    url: `ws://${shown}:${port}${path}`,
    http,
    close: async () => {
      await collab.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
