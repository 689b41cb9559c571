// Who may open a WebSocket to a collaboration server on its own port: the request must come to
// one of the server's host names (against DNS rebinding) and, when a browser says which page it
// comes from, from an allowed page. The invite is checked after this, in the connection itself.
import type { IncomingMessage } from 'node:http';

export interface UpgradeGuard {
  /**
   * Host names the server answers to (`127.0.0.1`, `localhost`…), whatever the port (a load
   * balancer in front has its own). Left out on a public address behind a reverse proxy, where
   * the proxy decides; the invite still decides who is who.
   */
  hostNames?: readonly string[];
  /** Pages allowed to connect (`https://plan.example.org`); otherwise only pages of the same host. */
  origins?: readonly string[];
}

/** Why the upgrade is refused, or undefined when it may proceed. */
export function checkUpgrade(request: IncomingMessage, guard: UpgradeGuard): string | undefined {
  const host = (request.headers.host ?? '').toLowerCase();
  if (guard.hostNames) {
    const allowed = guard.hostNames.map((name) => (name.includes(':') && !name.startsWith('[') ? `[${name}]` : name).toLowerCase());
    if (!allowed.includes(hostName(host))) return `Blocked: this server answers only to ${allowed.join(' or ')}.`;
  }
  const origin = request.headers.origin;
  if (origin === undefined) return undefined; // not a browser page: a tool or the file's own process
  if (guard.origins?.some((allowed) => allowed.toLowerCase() === origin.toLowerCase())) return undefined;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return 'Requests from other sites are refused.';
  }
  return originHost === host ? undefined : 'Requests from other sites are refused.';
}

/** `[::1]:4880` → `[::1]`, `localhost:80` → `localhost`. */
function hostName(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.lastIndexOf(':');
  return colon >= 0 ? host.slice(0, colon) : host;
}

/** The host names a server bound to `address` answers to: its own loopback names, or none to check. */
export function defaultHostNames(address: string): string[] | undefined {
  return ['127.0.0.1', 'localhost', '::1'].includes(address) ? ['127.0.0.1', 'localhost', '::1'] : undefined;
}
