// Who may talk to the workspace server: only the browser of the person who started it. Every
// request must carry the run's secret (in the address it printed, then in a cookie), come to one
// of the server's own host names (against DNS rebinding), and, when a browser says where it
// comes from, come from the server's own page.
import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';

export interface GuardConfig {
  secret: string;
  port: number;
  /** Host names the server answers to (`127.0.0.1`, `localhost`, and `--host` if given). */
  hostNames: readonly string[];
}

export type Verdict = { ok: true; tokenInAddress: boolean } | { ok: false; status: number; reason: string };

/** The cookie carries the secret after the first visit; named by port so two servers never mix. */
export const cookieName = (port: number) => `causeway-${port}`;

export function allowedHosts(config: GuardConfig): Set<string> {
  return new Set(config.hostNames.map((name) => `${name.includes(':') && !name.startsWith('[') ? `[${name}]` : name}:${config.port}`.toLowerCase()));
}

export function checkRequest(request: IncomingMessage, url: URL, config: GuardConfig): Verdict {
  const hosts = allowedHosts(config);
  const host = (request.headers.host ?? '').toLowerCase();
  if (!hosts.has(host)) return { ok: false, status: 403, reason: `Blocked: this server answers only to ${[...hosts].join(' or ')}.` };
  const origin = request.headers.origin;
  if (origin !== undefined && !hosts.has(originHost(origin))) return { ok: false, status: 403, reason: 'Requests from other sites are refused.' };
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return { ok: false, status: 403, reason: 'Requests from other sites are refused.' };

  const token = url.searchParams.get('token');
  const presented = [token, cookieValue(request.headers.cookie, cookieName(config.port)), bearer(request.headers.authorization)];
  if (!presented.some((value) => value !== undefined && value !== null && sameSecret(value, config.secret))) {
    return { ok: false, status: 401, reason: 'This Causeway server needs the secret address it printed when it started (the one with ?token=…).' };
  }
  return { ok: true, tokenInAddress: token !== null && sameSecret(token, config.secret) };
}

function originHost(origin: string): string {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' ? url.host.toLowerCase() : '';
  } catch {
    return '';
  }
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function bearer(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

function sameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}
