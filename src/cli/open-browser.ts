// Opening the editor in the person's default browser, the usual way on each system, without
// ever putting a secret on a command line (every local user can read command lines): the
// browser is given a file that only this user can read, which sends it on to the one-time
// address (as Jupyter does). Failing to open is not an error: an address is printed anyway.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { privateFolder } from '../disk/private-folder';

export interface RedirectFile {
  path: string;
  /** Removes the file (once its address has been used, or when the server stops). */
  remove(): Promise<void>;
}

/** Writes a 0600 page that sends the browser on to `address`; undefined when no private folder can be made. */
export async function writeRedirectFile(address: string): Promise<RedirectFile | undefined> {
  const folder = await browserReadableFolder();
  if (!folder) return undefined;
  const path = join(folder, `open-${process.pid}-${randomBytes(6).toString('hex')}.html`);
  const href = escapeAttribute(address);
  const page = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><meta http-equiv="refresh" content="0;url=${href}"><title>Opening Causeway…</title></head>
<body><p>Opening Causeway… If nothing happens, <a href="${href}">open it here</a>.</p></body></html>
`;
  const handle = await open(path, 'wx', 0o600);
  try {
    await handle.writeFile(page, 'utf8');
  } finally {
    await handle.close();
  }
  return { path, remove: () => unlink(path).catch(() => undefined) };
}

/** Asks the system to open `file` (a path, never an address with a secret) in the default browser. */
export function openInBrowser(file: string): Promise<boolean> {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [file]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', file]] : ['xdg-open', [file]];
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args, { stdio: 'ignore', detached: true });
      child.once('error', () => resolve(false));
      child.once('spawn', () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}

/**
 * A private folder the default browser can read. A browser installed as a snap (Ubuntu's
 * default) sees neither the system's temporary folder nor hidden folders, but it does see its
 * own `~/snap/NAME/common`.
 */
async function browserReadableFolder(): Promise<string | undefined> {
  const snap = process.platform === 'linux' ? defaultBrowserSnap() : undefined;
  if (snap) {
    const common = join(homedir(), 'snap', snap, 'common');
    if (existsSync(common)) {
      const folder = await privateFolder(common, 'causeway');
      if (folder) return folder;
    }
  }
  return privateFolder();
}

/** The snap's name when the default browser is one (its desktop file is `NAME_APP.desktop`). */
function defaultBrowserSnap(): string | undefined {
  try {
    const answer = spawnSync('xdg-settings', ['get', 'default-web-browser'], { encoding: 'utf8', timeout: 1500, stdio: ['ignore', 'pipe', 'ignore'] });
    const match = answer.stdout?.trim().match(/^([a-z0-9][a-z0-9-]*)_[\w.-]+\.desktop$/);
    return match && existsSync(join('/snap', match[1]!)) ? match[1] : undefined;
  } catch {
    return undefined;
  }
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
