// Who may talk to the workspace server: requests must come to one of the server's own host
// names (against DNS rebinding) and, when a browser says where it comes from, from the server's
// own page; the live channel and the exchange of codes need more (see access.ts). A request
// never names a path and takes no parameter.
import type { IncomingMessage } from 'node:http';
import { SECRET_PROTOCOL_PREFIX } from '../protocol/workspace-protocol';

export interface GuardConfig {
  port: number;
  /** Host names the server answers to (`127.0.0.1`, `localhost`, and what `--host` allows). */
  hostNames: readonly string[];
}

export type Verdict = { ok: true } | { ok: false; status: number; reason: string };

/** `name:port` as a Host header carries it (IPv6 in brackets). */
export const hostWithPort = (name: string, port: number) => `${name.includes(':') && !name.startsWith('[') ? `[${name}]` : name}:${port}`.toLowerCase();

export function allowedHosts(config: GuardConfig): Set<string> {
  const hosts = new Set(config.hostNames.map((name) => hostWithPort(name, config.port)));
  // On port 80 a browser leaves the port out of Host and Origin.
  if (config.port === 80) for (const host of [...hosts]) hosts.add(host.slice(0, host.lastIndexOf(':')));
  return hosts;
}

export interface OriginOptions {
  /** A request that must say where it comes from (a POST). */
  originRequired?: boolean;
  /**
   * Opening the editor's page itself, from anywhere (the file the browser opener forwards from,
   * a link): the page is public and holds nothing; what it reaches is checked on its own.
   */
  pageNavigation?: boolean;
}

/** Host, Origin and Fetch Metadata: the request is for this server, from its own page (or typed in). */
export function checkOrigin(request: IncomingMessage, config: GuardConfig, options: OriginOptions = {}): Verdict {
  const hosts = allowedHosts(config);
  const host = (request.headers.host ?? '').toLowerCase();
  if (!hosts.has(host)) {
    const names = [...hosts];
    const shown = names.length > 4 ? `${names.slice(0, 4).join(', ')} and ${names.length - 4} more` : names.join(' or ');
    return { ok: false, status: 403, reason: `Blocked: this server answers only to ${shown}.` };
  }
  const origin = request.headers.origin;
  if (origin === undefined ? options.originRequired : !hosts.has(originHost(origin))) return { ok: false, status: 403, reason: 'Requests from other sites are refused.' };
  const site = request.headers['sec-fetch-site'];
  const navigation = options.pageNavigation && request.headers['sec-fetch-mode'] === 'navigate' && origin === undefined;
  if (site !== undefined && site !== 'same-origin' && site !== 'none' && !navigation) return { ok: false, status: 403, reason: 'Requests from other sites are refused.' };
  return { ok: true };
}

/** The secret a page presents when it opens the live channel (in its offered subprotocols). */
export function secretOfUpgrade(request: IncomingMessage): string | undefined {
  const offered = (request.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
  const entry = offered.find((p) => p.startsWith(SECRET_PROTOCOL_PREFIX));
  return entry?.slice(SECRET_PROTOCOL_PREFIX.length) || undefined;
}

export function bearerOf(request: IncomingMessage): string | undefined {
  const match = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

function originHost(origin: string): string {
  try {
    const url = new URL(origin);
    // url.host leaves port 80 out, as Host does: allowedHosts has that form too.
    return url.protocol === 'http:' ? url.host.toLowerCase() : '';
  } catch {
    return '';
  }
}
