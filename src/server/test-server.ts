// Test support: a workspace server on a temporary file or folder, met the way a browser and other
// local programs meet it (plain HTTP requests and live-channel clients). Never imported by code
// that ships.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { LIVE_PROTOCOL, parseServerMessage, SECRET_PROTOCOL_PREFIX, SESSION_PATH, type ClientMessage, type ServerMessage } from '../protocol/workspace-protocol';
import { fileWorkspace, folderWorkspace } from './workspace';
import { startWorkspaceServer, type RunningWorkspaceServer } from './workspace-server';
import type { GroupHub } from './group-session';

/** A minimal built editor: the server serves only the files the build produced. */
export const webRoot = (() => {
  const root = mkdtempSync(join(tmpdir(), 'causeway-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><head><title>Causeway</title></head><body></body></html>');
  writeFileSync(join(root, 'assets', 'app-1234.js'), 'console.log("editor")');
  return root;
})();

export interface TestServer {
  server: RunningWorkspaceServer;
  folder: string;
  /** The working file (file mode), or `work.yaml` in the folder (folder mode). */
  file: string;
}

const running: { server: RunningWorkspaceServer; sockets: WebSocket[] }[] = [];

/** Serves a new temporary folder holding `work.yaml` with `text`: that file, or the whole folder (`hub`: its group session runs on hubs). */
export async function serve(text: string, target: 'file' | 'folder' = 'file', prepare?: (folder: string) => void, hub?: GroupHub): Promise<TestServer> {
  const folder = mkdtempSync(join(tmpdir(), 'causeway-ws-'));
  const file = join(folder, 'work.yaml');
  writeFileSync(file, text);
  prepare?.(folder);
  const server = await startWorkspaceServer({ workspace: target === 'file' ? fileWorkspace(file) : folderWorkspace(folder), webRoot, host: '127.0.0.1', port: 0, ...(hub ? { hub } : {}) });
  running.push({ server, sockets: [] });
  return { server, folder, file };
}

/** Closes every server started by `serve` and its clients (call in afterEach). */
export async function closeAll(): Promise<void> {
  for (const { server, sockets } of running.splice(0)) {
    for (const socket of sockets) socket.terminate();
    await server.close();
  }
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function get(server: RunningWorkspaceServer, path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, path, method, headers: { Host: `127.0.0.1:${server.port}`, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

export interface LiveClient {
  socket: WebSocket;
  /** The next message of this type (already received, or the next to come). */
  next(type: ServerMessage['type'], timeoutMs?: number): Promise<ServerMessage>;
  /** Every message received and not yet taken by `next`. */
  pending(): ServerMessage[];
  send(message: ClientMessage): void;
  closed: Promise<void>;
}

/** The code of a new address the server gives out (what the printed address carries). */
export const codeOf = (address: string) => new URL(address).hash.replace(/^#code=/, '');

/** Exchanges a new one-time code for a secret, as the page does on its first load. */
export async function secretFor(server: RunningWorkspaceServer): Promise<string> {
  const answer = await get(server, SESSION_PATH, { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${server.port}` }, 'POST', JSON.stringify({ code: codeOf(server.address()) }));
  if (answer.status !== 200) throw new Error(`the code exchange was refused (${answer.status}): ${answer.body}`);
  return (JSON.parse(answer.body) as { secret: string }).secret;
}

export interface ConnectOptions {
  /** The secret to present; a new one by default, none with null. */
  secret?: string | null;
  headers?: Record<string, string>;
  path?: string;
  /** The subprotocols offered, in place of the page's. */
  protocols?: string[];
}

/** A live-channel client that collects what the server says; it opens the channel as the page does. */
export async function connect(server: RunningWorkspaceServer, options: ConnectOptions = {}): Promise<LiveClient> {
  const secret = options.secret === undefined ? await secretFor(server) : options.secret;
  const protocols = options.protocols ?? [LIVE_PROTOCOL, ...(secret === null ? [] : [`${SECRET_PROTOCOL_PREFIX}${secret}`])];
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}${options.path ?? '/live'}`, protocols, { headers: options.headers ?? {} });
    running.find((r) => r.server === server)?.sockets.push(socket);
    const received: ServerMessage[] = [];
    const waiting: { type: string; resolve(m: ServerMessage): void }[] = [];
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.on('message', (data) => {
      const parsed = parseServerMessage(data.toString());
      if (!parsed.ok) throw new Error(parsed.reason);
      const waiter = waiting.findIndex((w) => w.type === parsed.message.type);
      if (waiter >= 0) waiting.splice(waiter, 1)[0]!.resolve(parsed.message);
      else received.push(parsed.message);
    });
    socket.on('open', () =>
      resolve({
        socket,
        closed,
        pending: () => [...received],
        next: (type, timeoutMs = 8000) => {
          const index = received.findIndex((m) => m.type === type);
          if (index >= 0) return Promise.resolve(received.splice(index, 1)[0]!);
          return new Promise((res, rej) => {
            const entry = { type, resolve: (m: ServerMessage) => (clearTimeout(timer), res(m)) };
            const timer = setTimeout(() => {
              waiting.splice(waiting.indexOf(entry), 1);
              rej(new Error(`no "${type}" message within ${timeoutMs} ms (received: ${received.map((m) => m.type).join(', ') || 'nothing'})`));
            }, timeoutMs);
            waiting.push(entry);
          });
        },
        send: (m) => socket.send(JSON.stringify(m)),
      }),
    );
    socket.on('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    socket.on('error', reject);
  });
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
