// The built editor (dist/web) as the workspace server serves it: the exact list of files the
// build produced, read once at start. A request can only ever name one of those, so no path in a
// request can reach anything else on the machine.
import { readdirSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { LIVE_META_NAME } from '../protocol/workspace-protocol';

export interface WebFile {
  body: Buffer;
  type: string;
  /** Built assets carry a content hash in their names and never change. */
  immutable: boolean;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.yaml': 'text/yaml; charset=utf-8',
};

/**
 * The offline service worker is for the editor on its own: a page served here must always reach
 * this server (a cached page would open without its file), so these files are not served.
 */
const SERVICE_WORKER = /^(sw\.js|workbox-.*\.js|registerSW\.js)(\.map)?$/;

/** Every file under `root`, by the URL path that serves it; `/` serves the editor page. */
export function loadWebFiles(root: string): Map<string, WebFile> {
  const files = new Map<string, WebFile>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && !SERVICE_WORKER.test(entry.name)) {
        const url = `/${relative(root, path).split(sep).join('/')}`;
        files.set(url, { body: readFileSync(path), type: TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream', immutable: url.startsWith('/assets/') });
      }
    }
  };
  walk(root);
  const index = files.get('/index.html');
  if (!index) throw new Error(`the editor is not built (no index.html in ${root}); run "npm run build" first`);
  // The page learns that it edits a file on disk from a meta tag: no inline script is needed.
  const page = index.body.toString('utf8').replace('<head>', `<head>\n    <meta name="${LIVE_META_NAME}" content="live" />`);
  const served = { ...index, body: Buffer.from(page, 'utf8') };
  files.set('/index.html', served);
  files.set('/', served);
  return files;
}

/**
 * Sends one of the built files with the page's security headers (HEAD: the headers only). Hashed
 * assets are cached for good: `private` where the page needs the run's secret, `public` where
 * anyone with the address may have them (a hub's pages).
 */
export function sendWebFile(response: ServerResponse, method: string | undefined, file: WebFile, security: Record<string, string>, cache: 'private' | 'public'): void {
  response.writeHead(200, {
    ...security,
    'Content-Type': file.type,
    'Content-Length': String(file.body.length),
    'Cache-Control': file.immutable ? `${cache}, max-age=31536000, immutable` : 'no-store',
  });
  response.end(method === 'HEAD' ? undefined : file.body);
}
