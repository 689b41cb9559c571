// A hub: one stateless relay of group sessions. Run as many as needed behind a load balancer;
// Hocuspocus's Redis extension links them, so an edit made through one reaches the people on
// every other. A hub keeps nothing on disk: the file's process connects to one of them as the
// session's one writer and brings the document. Invites are checked with CAUSEWAY_HUB_SECRET,
// which every hub and the file's process share; revoked invites are in the session's records.
import { checkInvite } from './invites';
import { startCollabServer, type RunningCollabServer, type StandaloneOptions } from './collab-server';
import { COLLAB_PATH } from '../../protocol/workspace-protocol';

export const DEFAULT_HUB_PORT = 4880;

export interface HubOptions {
  /** redis://[USER:PASSWORD@]HOST:PORT[/DB] */
  redis: string;
  host: string;
  port: number;
  secret: string;
  /** Pages allowed to connect from other sites (the editor's public address). */
  origins?: readonly string[];
  /** Serves the editor's pages, for the people an invite link brings here. */
  pages?: StandaloneOptions['pages'];
}

export interface RedisAddress {
  host: string;
  port: number;
  username?: string;
  password?: string;
  db?: number;
  tls: boolean;
}

/** The address of a Redis server, or a reason the text is not one. */
export function parseRedisUrl(text: string): { ok: true; address: RedisAddress } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: `"${text}" is not an address; give it as redis://HOST:PORT` };
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') return { ok: false, reason: `"${text}" is not a Redis address; give it as redis://HOST:PORT (or rediss:// for TLS)` };
  if (!url.hostname) return { ok: false, reason: `"${text}" names no host; give it as redis://HOST:PORT` };
  const port = url.port === '' ? 6379 : Number(url.port);
  const db = url.pathname.length > 1 ? Number(url.pathname.slice(1)) : undefined;
  if (db !== undefined && !Number.isInteger(db)) return { ok: false, reason: `"${text}" names a database that is not a number` };
  return {
    ok: true,
    address: {
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port,
      ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
      ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
      ...(db !== undefined ? { db } : {}),
      tls: url.protocol === 'rediss:',
    },
  };
}

export interface HubAddress {
  /** Where the file's process and the pages connect: ws://HOST:PORT/collab (wss:// behind TLS). */
  socket: string;
  /** Where invite links take people: the hubs' pages, http://HOST:PORT (https:// behind TLS). */
  pages: string;
}

/** The hubs' address as given to `causeway open --hub` (ws://HOST:PORT or wss://HOST), or why it is not one. */
export function parseHubUrl(text: string): { ok: true; address: HubAddress } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: `"${text}" is not an address; give the hubs' address as ws://HOST:PORT (or wss://HOST behind TLS)` };
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return { ok: false, reason: `"${text}" is not a WebSocket address; give it as ws://HOST:PORT (or wss://HOST behind TLS)` };
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) return { ok: false, reason: `"${text}" has more than a host and a port; give the hubs' address as ws://HOST:PORT` };
  const pages = `${url.protocol === 'wss:' ? 'https' : 'http'}://${url.host}`;
  return { ok: true, address: { socket: `${url.protocol}//${url.host}${COLLAB_PATH}`, pages } };
}

export async function startHub(options: HubOptions): Promise<RunningCollabServer> {
  const parsed = parseRedisUrl(options.redis);
  if (!parsed.ok) throw new Error(parsed.reason);
  const { host, port, username, password, db, tls } = parsed.address;
  return startCollabServer({
    host: options.host,
    port: options.port,
    // Pages at /, the collaboration channel beside them, where an invited page looks for it.
    path: COLLAB_PATH,
    pages: options.pages,
    redis: { host, port, options: { ...(username ? { username } : {}), ...(password ? { password } : {}), ...(db !== undefined ? { db } : {}), ...(tls ? { tls: {} } : {}) } },
    guard: { origins: options.origins },
    authenticate: (credential, request) => {
      const check = checkInvite(credential, { secret: options.secret, now: Date.now(), document: request.documentName });
      return check.ok ? check.identity : undefined;
    },
  });
}
