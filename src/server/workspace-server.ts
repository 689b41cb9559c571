// The local server behind `causeway open`: serves the built editor and the live channel, to the
// people the server lets in only (see access.ts and request-guard.ts), and never takes a path
// from a request.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { networkInterfaces } from 'node:os';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { MAX_FILE_BYTES } from '../format';
import { CODE_FRAGMENT, COLLAB_PATH, LIVE_PATH, LIVE_PROTOCOL, SESSION_PATH, type SessionAnswer } from '../protocol/workspace-protocol';
import { securityHeaders } from '../security/content-security-policy';
import { AccessTable, OWNER, type Grant } from './access';
import { GroupSession, type GroupHub } from './group-session';
import { startLiveSession } from './live-session';
import { bearerOf, checkOrigin, hostWithPort, secretOfUpgrade, type GuardConfig } from './request-guard';
import { loadWebFiles, sendWebFile, type WebFile } from './web-files';
import type { Workspace } from './workspace';

export const DEFAULT_PORT = 4870;
/** Ports tried after the default one when it is taken (another file open already). */
const PORT_TRIES = 30;
/** A code exchange is one small JSON object. */
const MAX_SESSION_BODY = 4096;
/** The close code of a live channel whose secret was revoked. */
export const REVOKED_CLOSE_CODE = 4401;

export interface WorkspaceServerOptions {
  workspace: Workspace;
  /** The built editor (dist/web). */
  webRoot: string;
  /** The address to listen on; 127.0.0.1 unless the user chose otherwise. */
  host: string;
  /** A port the user chose (refused if taken), or undefined for the default or the next free one. */
  port?: number;
  /** The group session runs on hubs (`--hub`): this process is the file's one writer there. */
  hub?: GroupHub;
}

export interface AddressOptions {
  /** Who the address lets in: the person who ran `causeway open`, by default. */
  grant?: Grant;
  /** Called when a page has used the address (its code is then spent). */
  onUsed?(): void;
}

export interface RunningWorkspaceServer {
  port: number;
  /** The host names requests may name (with `--host 0.0.0.0`, this machine's addresses too). */
  hostNames: readonly string[];
  /** Who may come in: secrets, one-time codes, revocation. */
  access: AccessTable;
  /** A new address that lets one page in, once: `http://HOST:PORT/#code=…`. */
  address(options?: AddressOptions): string;
  /** The group session (one file only): invites, who is here, the collaboration channel. */
  group: GroupSession | undefined;
  close(): Promise<void>;
}

export class PortInUseError extends Error {}

export async function startWorkspaceServer(options: WorkspaceServerOptions): Promise<RunningWorkspaceServer> {
  const files = loadWebFiles(options.webRoot);
  const access = new AccessTable();
  const server = createServer();
  const port = await listen(server, options.host, options.port);
  const hostNames = hostNamesFor(options.host);
  const guard: GuardConfig = { port, hostNames };
  // Only names a Content-Security-Policy can spell; 'self' covers the page's own host anyway.
  const headers = securityHeaders({ websockets: hostNames.filter((name) => !name.includes(':') && !name.startsWith('[')).map((name) => `ws://${name}:${port}`) });

  server.on('request', (request, response) => void serve(request, response, files, guard, headers, access));

  const live = new WebSocketServer({ noServer: true, maxPayload: MAX_FILE_BYTES * 2 + 65_536, handleProtocols: (offered) => (offered.has(LIVE_PROTOCOL) ? LIVE_PROTOCOL : false) });
  const sockets = new Map<WebSocket, Grant>();
  access.onRevoke((identity, invite) => {
    for (const [socket, grant] of sockets) if (grant.identity === identity && (invite === undefined || grant.invite === invite)) socket.close(REVOKED_CLOSE_CODE, 'Access revoked.');
  });
  const shownHost = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : hostWithPort(options.host, port).replace(/:\d+$/, '');
  const address = ({ grant = OWNER, onUsed }: AddressOptions = {}) => `http://${shownHost}:${port}/#${CODE_FRAGMENT}=${access.issueCode(grant, { onUsed })}`;
  const group = options.workspace.kind === 'file' ? new GroupSession({ file: options.workspace.file, access, linkFor: (grant, onUsed) => address({ grant, onUsed }), collabUrl: `ws://${shownHost}:${port}${COLLAB_PATH}`, ...(options.hub ? { hub: options.hub } : {}) }) : undefined;

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    const refuse = (status: number, reason: string) => socket.end(`HTTP/1.1 ${status} ${statusText(status)}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${reason}\n`);
    const raw = request.url ?? '/';
    if (raw === COLLAB_PATH) {
      // Invited people's channel: Host and Origin as for everything; the secret is checked by the
      // collaboration server against the same access table (identity and role are the table's).
      const verdict = checkOrigin(request, guard);
      if (!verdict.ok) return refuse(verdict.status, verdict.reason);
      if (!group?.handleUpgrade(request, socket, head)) return refuse(404, 'No group session runs here: the driver starts one by inviting someone.');
      return;
    }
    if (raw !== LIVE_PATH) return refuse(raw.split('?')[0] === LIVE_PATH ? 400 : 404, raw.split('?')[0] === LIVE_PATH ? 'The live channel takes no parameters.' : 'Not found.');
    const verdict = checkOrigin(request, guard);
    if (!verdict.ok) return refuse(verdict.status, verdict.reason);
    const secret = secretOfUpgrade(request);
    const grant = secret === undefined ? undefined : access.grantOf(secret);
    // The assistant's secret is for the group session only: the live channel is the driver's page's.
    if (!grant || grant.role === 'assistant') return refuse(401, 'This Causeway server does not know this page: open the address it printed.');
    live.handleUpgrade(request, socket, head, (ws) => {
      sockets.set(ws, grant);
      ws.once('close', () => sockets.delete(ws));
      startLiveSession(ws, options.workspace, grant, group);
    });
  });

  return {
    port,
    hostNames,
    access,
    address,
    group,
    close: async () => {
      await group?.close();
      for (const client of live.clients) client.terminate();
      live.close();
      options.workspace.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The names a request may give as its Host: this machine by its loopback names, what `--host`
 * named, and with a wildcard (`0.0.0.0`, `::`) every address of this machine, so that another
 * machine can use the LAN address. Never any other name (DNS rebinding).
 */
function hostNamesFor(host: string): string[] {
  const names = new Set(['127.0.0.1', 'localhost', '[::1]']);
  const wildcard = host === '0.0.0.0' || host === '::';
  if (!wildcard && !['127.0.0.1', 'localhost', '::1'].includes(host)) names.add(host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);
  if (wildcard) {
    for (const addresses of Object.values(networkInterfaces())) {
      for (const address of addresses ?? []) {
        if (host === '0.0.0.0' && address.family !== 'IPv4') continue;
        names.add(address.family === 'IPv6' ? `[${address.address.replace(/%.*$/, '')}]` : address.address);
      }
    }
  }
  return [...names];
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

async function serve(request: IncomingMessage, response: ServerResponse, files: Map<string, WebFile>, guard: GuardConfig, security: Record<string, string>, access: AccessTable): Promise<void> {
  const answer = (status: number, type: string, body: string, extra: Record<string, string> = {}) => {
    response.writeHead(status, { ...security, 'Content-Type': type, 'Cache-Control': 'no-store', ...extra });
    response.end(request.method === 'HEAD' ? undefined : body);
  };
  const refuse = (status: number, reason: string) => answer(status, 'text/plain; charset=utf-8', `${reason}\n`);

  const raw = request.url ?? '/';
  const verdict = checkOrigin(request, guard, { originRequired: request.method === 'POST', pageNavigation: (request.method === 'GET' || request.method === 'HEAD') && raw === '/' });
  if (!verdict.ok) return refuse(verdict.status, verdict.reason);
  // The server decides what it reads: a request names no path and takes no parameter.
  if (/\.\.|%|\\|\/\/|\?|#/.test(raw) || !raw.startsWith('/')) {
    return refuse(400, 'This server takes no paths or parameters: it serves the editor and the one file (or folder) it was started on.');
  }

  if (raw === SESSION_PATH) {
    if (request.method === 'POST') {
      const code = await readCode(request);
      if (code === 'too-large') {
        response.once('finish', () => request.destroy());
        return answer(413, 'text/plain; charset=utf-8', 'A code exchange is one small JSON object.\n', { Connection: 'close' });
      }
      if (code === undefined) return refuse(400, 'A code exchange is {"code": "…"} as JSON.');
      const exchanged = access.exchange(code);
      // No code is ever issued for the assistant (its secret comes over the private socket).
      if (!exchanged || exchanged.grant.role === 'assistant') {
        return answer(401, 'application/json; charset=utf-8', JSON.stringify({ reason: 'This address has been used already (it lets one browser in, once).' }));
      }
      const body: SessionAnswer = { secret: exchanged.secret, role: exchanged.grant.role };
      return answer(200, 'application/json; charset=utf-8', JSON.stringify(body));
    }
    if (request.method === 'GET' || request.method === 'HEAD') {
      const secret = bearerOf(request);
      return secret !== undefined && access.grantOf(secret) ? answer(204, 'text/plain; charset=utf-8', '') : refuse(401, 'This server does not know that secret.');
    }
    return refuse(405, 'Exchange a code with POST, or ask about a secret with GET.');
  }

  if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, 'This server only serves the editor; the editor writes through its live channel.');
  const file = files.get(raw);
  if (!file) return refuse(404, 'Not found.');
  sendWebFile(response, request.method, file, security, 'private');
}

/** The code of a `{"code": "…"}` body, read up to a small limit; undefined for anything else. */
function readCode(request: IncomingMessage): Promise<string | undefined | 'too-large'> {
  if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) return Promise.resolve(undefined);
  if (Number(request.headers['content-length'] ?? 0) > MAX_SESSION_BODY) return Promise.resolve('too-large');
  return new Promise((resolve) => {
    let body = '';
    let done = false;
    const finish = (code: string | undefined | 'too-large') => {
      if (done) return;
      done = true;
      resolve(code);
    };
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      if (done) return;
      body += chunk;
      if (body.length > MAX_SESSION_BODY) finish('too-large');
    });
    request.on('end', () => {
      try {
        const value: unknown = JSON.parse(body);
        const code = typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1 ? (value as { code?: unknown }).code : undefined;
        finish(typeof code === 'string' && code.length <= 200 ? code : undefined);
      } catch {
        finish(undefined);
      }
    });
    request.on('error', () => finish(undefined));
  });
}

function statusText(status: number): string {
  return ({ 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 421: 'Misdirected Request' } as Record<number, string>)[status] ?? 'Error';
}
