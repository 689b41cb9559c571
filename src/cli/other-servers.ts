// Two `causeway open` runs editing the same file each keep it safe (every write compares first
// and merges), but the person should know: each run notes itself in this user's private folder,
// and each tells of any other run on the same file (or on the folder that holds it), whichever
// started first.
import { readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { privateFolder } from '../disk/private-folder';

export interface ServerEntry {
  pid: number;
  port: number;
  /** The real path of the file or folder it edits. */
  path: string;
  kind: 'file' | 'folder';
}

/** How often a running server looks for runs started after it. */
const LOOK_EVERY_MS = 1500;

export interface Announced {
  /** Runs already editing the same file when this one started. */
  others: ServerEntry[];
  stop(): Promise<void>;
}

export function sameFiles(a: ServerEntry, b: ServerEntry): boolean {
  if (a.path === b.path) return true;
  if (a.kind === 'folder' && b.kind === 'file') return dirname(b.path) === a.path;
  if (a.kind === 'file' && b.kind === 'folder') return dirname(a.path) === b.path;
  return false;
}

/** Notes this run, returns the others on the same files, and calls `onOther` for each one that starts later. */
export async function announceServer(self: ServerEntry, onOther: (other: ServerEntry) => void): Promise<Announced> {
  const folder = await privateFolder();
  if (!folder) return { others: [], stop: async () => undefined };
  const own = join(folder, `server-${self.pid}.json`);
  await writeFile(own, JSON.stringify(self), { mode: 0o600 }).catch(() => undefined);
  const known = new Set<number>();
  const look = async (): Promise<ServerEntry[]> => {
    const found: ServerEntry[] = [];
    for (const name of await readdir(folder).catch(() => [] as string[])) {
      const match = name.match(/^server-(\d+)\.json$/);
      if (!match || Number(match[1]) === self.pid) continue;
      const entry = await readEntry(join(folder, name));
      if (!entry) continue;
      if (!isRunning(entry.pid)) {
        await unlink(join(folder, name)).catch(() => undefined); // left by a run that was killed
        continue;
      }
      if (sameFiles(self, entry) && !known.has(entry.pid)) {
        known.add(entry.pid);
        found.push(entry);
      }
    }
    return found;
  };
  const others = await look();
  const timer = setInterval(() => void look().then((later) => later.forEach(onOther)), LOOK_EVERY_MS);
  timer.unref?.();
  return {
    others,
    stop: async () => {
      clearInterval(timer);
      await unlink(own).catch(() => undefined);
    },
  };
}

/** Every `causeway open` of this user running now. */
export async function runningServers(): Promise<ServerEntry[]> {
  const folder = await privateFolder();
  if (!folder) return [];
  const found: ServerEntry[] = [];
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    if (!/^server-\d+\.json$/.test(name)) continue;
    const entry = await readEntry(join(folder, name));
    if (entry && isRunning(entry.pid)) found.push(entry);
  }
  return found;
}

async function readEntry(path: string): Promise<ServerEntry | undefined> {
  try {
    const value = JSON.parse(await readFile(path, 'utf8')) as Partial<ServerEntry>;
    if (typeof value.pid === 'number' && typeof value.port === 'number' && typeof value.path === 'string' && (value.kind === 'file' || value.kind === 'folder')) return value as ServerEntry;
  } catch {
    // a file being written, or not ours: ignored
  }
  return undefined;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
