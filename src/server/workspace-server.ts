// The local server behind `causeway open`: serves the built editor and the live channel, to the
// person who started it only (see request-guard.ts), and never takes a path from a request.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { MAX_FILE_BYTES } from '../format';
import { LIVE_PATH } from '../protocol/workspace-protocol';
import { securityHeaders } from '../security/content-security-policy';
import { startLiveSession } from './live-session';
import { checkRequest, cookieName, type GuardConfig } from './request-guard';
import { loadWebFiles, type WebFile } from './web-files';
import type { Workspace } from './workspace';

export const DEFAULT_PORT = 4870;
/** Ports tried after the default one when it is taken (another file open already). */
const PORT_TRIES = 30;

export interface WorkspaceServerOptions {
  workspace: Workspace;
  /** The built editor (dist/web). */
  webRoot: string;
  /** The address to listen on; 127.0.0.1 unless the user chose otherwise. */
  host: string;
  /** A port the user chose (refused if taken), or undefined for the default or the next free one. */
  port?: number;
  /** Tests may fix the secret; every real run makes a new random one. */
  secret?: string;
}

export interface RunningWorkspaceServer {
  /** The address to open, with the secret. */
  url: string;
  port: number;
  secret: string;
  close(): Promise<void>;
}

export class PortInUseError extends Error {}

export async function startWorkspaceServer(options: WorkspaceServerOptions): Promise<RunningWorkspaceServer> {
  const files = loadWebFiles(options.webRoot);
  const secret = options.secret ?? randomBytes(24).toString('base64url');
  const server = createServer();
  const port = await listen(server, options.host, options.port);
  const hostNames = new Set(['127.0.0.1', 'localhost', '[::1]']);
  if (!['127.0.0.1', 'localhost', '::1'].includes(options.host)) hostNames.add(options.host);
  const guard: GuardConfig = { secret, port, hostNames: [...hostNames] };
  const headers = securityHeaders({ websockets: [...hostNames].map((name) => `ws://${name.includes(':') && !name.startsWith('[') ? `[${name}]` : name}:${port}`) });

  server.on('request', (request, response) => serve(request, response, files, guard, headers));

  const live = new WebSocketServer({ noServer: true, maxPayload: MAX_FILE_BYTES * 2 + 65_536 });
  live.on('connection', (socket) => startLiveSession(socket, options.workspace));
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://server');
    const verdict = url.pathname === LIVE_PATH ? checkRequest(request, url, guard) : { ok: false as const, status: 404, reason: 'Not found.' };
    if (!verdict.ok) {
      socket.end(`HTTP/1.1 ${verdict.status} ${statusText(verdict.status)}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${verdict.reason}\n`);
      return;
    }
    live.handleUpgrade(request, socket, head, (ws) => live.emit('connection', ws, request));
  });

  const shownHost = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${shownHost}:${port}/?token=${secret}`,
    port,
    secret,
    close: async () => {
      for (const client of live.clients) client.terminate();
      live.close();
      options.workspace.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function listen(server: Server, host: string, chosen: number | undefined): Promise<number> {
  const attempt = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const onError = (error: NodeJS.ErrnoException) => {
        server.off('listening', onListening);
        reject(error);
      };
      const onListening = () => {
        server.off('error', onError);
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(port, host);
    });
  return (async () => {
    if (chosen !== undefined) {
      try {
        return await attempt(chosen);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new PortInUseError(`port ${chosen} is in use; choose another with --port, or leave --port out to take a free one`);
        throw error;
      }
    }
    for (let i = 0; i < PORT_TRIES; i++) {
      try {
        return await attempt(DEFAULT_PORT + i);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      }
    }
    return attempt(0);
  })();
}

function serve(request: IncomingMessage, response: ServerResponse, files: Map<string, WebFile>, guard: GuardConfig, security: Record<string, string>): void {
  const headers: Record<string, string> = { ...security };
  const refuse = (status: number, reason: string) => {
    response.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(`${reason}\n`);
  };

  const raw = request.url ?? '/';
  let url: URL;
  try {
    url = new URL(raw, 'http://server');
  } catch {
    return refuse(400, 'That address cannot be read.');
  }
  const verdict = checkRequest(request, url, guard);
  if (!verdict.ok) return refuse(verdict.status, verdict.reason);
  if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, 'This server only serves the editor; the editor writes through its live channel.');
  // The server decides what it reads: a request names no path and takes no parameter.
  const rawPath = raw.split('?')[0]!;
  if (/\.\.|%|\\|\/\//.test(rawPath) || [...url.searchParams.keys()].some((key) => key !== 'token')) {
    return refuse(400, 'This server takes no paths or parameters: it serves the editor and the one file (or folder) it was started on.');
  }
  const file = files.get(url.pathname);
  if (!file) return refuse(404, 'Not found.');

  // The secret moves from the address into a cookie that the page's own requests carry (the
  // page then takes it out of the address bar, so it stays out of the browser's history).
  if (verdict.tokenInAddress) headers['Set-Cookie'] = `${cookieName(guard.port)}=${guard.secret}; HttpOnly; SameSite=Strict; Path=/`;
  response.writeHead(200, {
    ...headers,
    'Content-Type': file.type,
    'Content-Length': String(file.body.length),
    'Cache-Control': file.immutable && !verdict.tokenInAddress ? 'private, max-age=31536000, immutable' : 'no-store',
  });
  response.end(request.method === 'HEAD' ? undefined : file.body);
}

function statusText(status: number): string {
  return ({ 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 421: 'Misdirected Request' } as Record<number, string>)[status] ?? 'Error';
}
