// A hub: one stateless relay of group sessions. Run as many as needed behind a load balancer;
// Hocuspocus's Redis extension links them, so an edit made through one reaches the people on
// every other. A hub keeps nothing on disk: the file's process connects to one of them as the
// session's one writer and brings the document. Invites are checked with CAUSEWAY_HUB_SECRET,
// which every hub and the file's process share; revoked invites are in the session's records.
import { checkInvite } from './invites';
import { startCollabServer, type RunningCollabServer } from './collab-server';

export const DEFAULT_HUB_PORT = 4880;

export interface HubOptions {
  /** redis://[USER:PASSWORD@]HOST:PORT[/DB] */
  redis: string;
  host: string;
  port: number;
  secret: string;
  /** Pages allowed to connect from other sites (the editor's public address). */
  origins?: readonly string[];
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

export async function startHub(options: HubOptions): Promise<RunningCollabServer> {
  const parsed = parseRedisUrl(options.redis);
  if (!parsed.ok) throw new Error(parsed.reason);
  const { host, port, username, password, db, tls } = parsed.address;
  return startCollabServer({
    host: options.host,
    port: options.port,
    path: '/',
    redis: { host, port, options: { ...(username ? { username } : {}), ...(password ? { password } : {}), ...(db !== undefined ? { db } : {}), ...(tls ? { tls: {} } : {}) } },
    guard: { origins: options.origins },
    authenticate: (credential, request) => {
      const check = checkInvite(credential, { secret: options.secret, now: Date.now(), document: request.documentName });
      return check.ok ? check.identity : undefined;
    },
  });
}
