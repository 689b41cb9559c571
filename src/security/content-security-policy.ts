// The Content-Security-Policy the editor runs under, wherever it is served: the page may load
// only its own files, talk only to its own origin, and run no inline or evaluated script. Node
// text in a working file is user data; even if some of it ever reached the page as markup, this
// policy keeps it from running.

export interface PolicyOptions {
  /** Extra origins the page may connect to, such as the workspace server's `ws://` origin. */
  connect?: readonly string[];
}

export function contentSecurityPolicy(options: PolicyOptions = {}): string {
  const connect = ["'self'", ...(options.connect ?? [])].join(' ');
  return [
    "default-src 'none'",
    "script-src 'self'",
    // React Flow positions cards and edges with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
