// The file's process connected to a hub as the session's one writer: it brings the document (or
// takes the one the hubs kept while it was away), writes the file, repairs after merges, settles
// with outside writes, and answers the driver's requests that the hubs pass on to it. It signs
// its own credential with the shared secret, anew at each connection.
import { createConnection } from 'node:net';
import { HocuspocusProvider } from '@hocuspocus/provider';
import WebSocket from 'ws';
import type { Awareness } from 'y-protocols/awareness';
import type { WorkingFileDisk } from '../../disk/working-file-disk';
import * as Y from 'yjs';
import { encodeCollabMessage, parseCollabServerMessage } from '../../protocol/collab-protocol';
import { epochOf } from '../shared-doc';
import { fileHandle } from './collab-server';
import { FileSession } from './file-session';
import { newInviteId, signInvite } from './invites';

export interface HubWriterOptions {
  /** The hubs' collaboration channel (or the load balancer's in front of them): ws://HOST:PORT/collab or wss://. */
  hub: string;
  secret: string;
  /** The working file (its real path). */
  path: string;
  documentName: string;
  writeDelayMs?: number;
  /** How long to wait for the hub at the start before giving up. */
  timeoutMs?: number;
  /** How the file is read, written and watched (inside `causeway open`: the workspace server's own file). */
  disk?: WorkingFileDisk;
  /** Who the writer's presence names (the file's driver); asked at each connection. */
  name?: () => string;
  /** The document to keep the session in (the driver's pages' mirror's); a new one by default. */
  doc?: Y.Doc;
}

export interface HubWriter {
  readonly session: FileSession;
  readonly doc: Y.Doc;
  /** Whether the writer is connected to a hub now (it reconnects by itself). */
  readonly connected: boolean;
  /** Everyone's presence as the hubs stamped it; the writer's own state shows the driver. */
  readonly awareness: Awareness;
  close(): Promise<void>;
}

/**
 * `ws` with a listener for its errors always on: the provider takes its own listeners off before
 * it closes a socket still connecting (a timed-out attempt, a reconnection), and an error event
 * with no listener would end this process.
 */
class NodeWebSocket extends WebSocket {
  constructor(address: string | URL, protocols?: string | string[]) {
    super(address, protocols);
    this.on('error', () => undefined);
  }
}

/** A writer credential lasts long enough to connect; a reconnection signs a new one. */
const WRITER_INVITE_MS = 10 * 60_000;

export async function connectFileToHub(options: HubWriterOptions): Promise<HubWriter> {
  const reachable = await answers(options.hub);
  if (reachable !== true) throw new Error(`cannot reach the hub at ${options.hub} (${reachable}); is "causeway hub" running there?`);
  // One invite id for this process, whichever hub it connects to: the hubs' lease knows it by that.
  const writerInvite = `writer-${newInviteId()}`;
  const doc = options.doc ?? new Y.Doc();
  let connected = false;
  let session: FileSession | undefined;
  const provider = new HocuspocusProvider({
    url: options.hub,
    name: options.documentName,
    document: doc,
    token: () => signInvite({ doc: options.documentName, id: options.name?.() || 'writer', role: 'writer', invite: writerInvite, exp: Date.now() + WRITER_INVITE_MS }, options.secret),
    ...({ WebSocketPolyfill: NodeWebSocket, delay: 200, minDelay: 200, maxDelay: 5000 } as object),
    onStatus: ({ status }) => {
      connected = status === 'connected';
    },
    onStateless: ({ payload }) => void relay(payload),
  });
  const relay = async (payload: string) => {
    const parsed = parseCollabServerMessage(payload);
    if (!parsed.ok || parsed.message.type !== 'relay' || parsed.message.from.role !== 'driver' || !session) return;
    const answer = await fileHandle(session).request(parsed.message.message, parsed.message.from);
    if (answer) provider.sendStateless(encodeCollabMessage({ type: 'answer', message: answer }));
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the hub at ${options.hub} did not answer within ${Math.round((options.timeoutMs ?? 10_000) / 1000)} s`)), options.timeoutMs ?? 10_000);
      provider.on('authenticationFailed', ({ reason }: { reason: string }) => {
        clearTimeout(timer);
        const lease = /writer of the session/.test(reason);
        reject(new Error(lease ? `the hub at ${options.hub} refused this file's process: ${reason}` : `the hub at ${options.hub} refused this file's process (${reason}); is CAUSEWAY_HUB_SECRET the hubs' secret?`));
      });
      provider.on('synced', ({ state }: { state: boolean }) => {
        if (!state) return;
        clearTimeout(timer);
        resolve();
      });
    });
    // The hubs kept the session while this process was away: take it, and write it onto the file.
    session = await FileSession.open(options.path, doc, { writeDelayMs: options.writeDelayMs, adopt: epochOf(doc) !== '', ...(options.disk ? { disk: options.disk } : {}) });
  } catch (error) {
    provider.destroy();
    provider.configuration.websocketProvider.destroy();
    throw error;
  }
  const opened = session;
  return {
    session: opened,
    doc,
    get connected() {
      return connected;
    },
    awareness: provider.awareness!,
    close: async () => {
      await opened.flush().catch(() => undefined);
      await opened.close();
      provider.destroy();
      provider.configuration.websocketProvider.destroy();
    },
  };
}

/** true when something listens at the WebSocket address's host and port; otherwise why not. */
function answers(address: string): Promise<true | string> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return Promise.resolve('it is not an address');
  }
  const port = url.port ? Number(url.port) : url.protocol === 'wss:' ? 443 : 80;
  return new Promise((resolve) => {
    const socket = createConnection(port, url.hostname.replace(/^\[|\]$/g, ''));
    const done = (result: true | string) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(5000, () => done('no answer within 5 s'));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED' ? 'connection refused' : error.code === 'ENOTFOUND' ? 'no such host' : error.message));
    socket.once('connect', () => done(true));
  });
}
