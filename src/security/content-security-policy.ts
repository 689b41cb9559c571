// The one Content-Security-Policy of the editor, sent by every server that serves it (`vite
// preview`, and the workspace server behind `causeway open`). The built app runs only its own
// scripts and workers, from its own origin: no inline script, no eval, nothing fetched from
// elsewhere, not framed by other sites. Styles may be set inline because React Flow positions
// every card and edge with style attributes. Pure: no Node or DOM APIs, so any server imports it.

export interface PolicyOptions {
  /**
   * WebSocket origins the page may connect to besides its own origin, such as
   * `ws://127.0.0.1:4321` for the workspace server's live channel; none by default.
   */
  websockets?: readonly string[];
}

const WEBSOCKET_ORIGIN = /^wss?:\/\/(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:]+\])(:[0-9]{1,5})?$/;

export function contentSecurityPolicy(options: PolicyOptions = {}): string {
  const connect = ["'self'"];
  for (const origin of options.websockets ?? []) {
    if (!WEBSOCKET_ORIGIN.test(origin)) throw new Error(`Not a WebSocket origin: ${origin}`);
    connect.push(origin);
  }
  return [
    "default-src 'none'",
    "script-src 'self'",
    "worker-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** Every header that goes with the policy on a response that serves the editor. */
export function securityHeaders(options: PolicyOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
  };
}
