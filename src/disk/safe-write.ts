// Writing a working file the safe way, for every program of Causeway that writes one on a
// person's behalf (the workspace server behind `causeway open`, and the assistant's server):
// - only a regular file in the allowed folder, reached by its name or through a link that
//   resolves there: a link is written through to its target, never replaced by a file;
// - a file the person cannot write (read-only, `chmod 444`, locked) is left alone: "read-only";
// - the new text goes to a temporary file beside the target, is flushed, and takes the target's
//   place in one rename, keeping its mode, owner and group; where a rename would lose something
//   (another hard link to the file, an owner this user cannot give a new file, a folder it cannot
//   write) the text is written into the file itself instead, with the old text put back if that
//   fails;
// - `beforeReplace` is asked at the last moment, so a file changed meanwhile is never written over.
import { constants, type Stats } from 'node:fs';
import { access, chmod, chown, link, lstat, open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { writeTemp } from './atomic-write';
import { placeInside } from './place';

export type SafeWriteResult =
  | { ok: true; /** The real path written (a link's target). */ path: string }
  /** `beforeReplace` said no: nothing was written. */
  | { ok: false; code: 'changed' }
  | { ok: false; code: 'read-only' | 'outside' | 'not-regular' | 'failed'; reason: string };

export interface SafeWriteOptions {
  /** The folder the file must be in (a real path). */
  root: string;
  /** Asked once the new text is safely on disk, right before it replaces the file: false gives up. */
  beforeReplace?(): Promise<boolean>;
  /** Create the file when it is missing (otherwise a missing file is refused). */
  create?: boolean;
}

const isRoot = () => process.getuid?.() === 0;

export async function writeWorkingFile(path: string, text: string, options: SafeWriteOptions): Promise<SafeWriteResult> {
  const place = await placeInside(path, options.root);
  if (!place.ok) {
    if (place.code === 'missing' && options.create && dirname(path) === options.root) return createNew(path, text, options);
    const code = place.code === 'outside' || place.code === 'not-regular' ? place.code : 'failed';
    return { ok: false, code, reason: place.reason };
  }
  const target = place.path;
  const info = place.info;
  if (await isReadOnly(target, info)) return { ok: false, code: 'read-only', reason: 'read-only' };

  const folderWritable = await canRenameOver(target);
  // The whole new text is on disk beside the file first; a folder that takes no new file (the
  // file itself being writable) is written in place without that copy.
  let temp: string | undefined;
  try {
    temp = await writeTemp(target, text, info.mode & 0o7777);
  } catch (error) {
    if (folderWritable) return failed(error);
  }
  try {
    const inPlace = temp === undefined || info.nlink > 1 || !folderWritable || !(await keepOwnerAndMode(temp, info));
    if (options.beforeReplace && !(await options.beforeReplace())) return { ok: false, code: 'changed' };
    // The file must still be the one placed: a swap since then is a change made meanwhile.
    const now = await lstat(target).catch(() => undefined);
    if (!now || now.ino !== info.ino || now.dev !== info.dev || !now.isFile()) return { ok: false, code: 'changed' };
    if (inPlace) await writeInPlace(target, text, info);
    else await rename(temp!, target);
    return { ok: true, path: target };
  } catch (error) {
    return failed(error);
  } finally {
    if (temp !== undefined) await unlink(temp).catch(() => undefined); // gone after a rename; removed otherwise
  }
}

/** A file nobody may write, or that this user may not: the person's "do not change this". */
async function isReadOnly(target: string, info: Stats): Promise<boolean> {
  // The superuser may write anything; a file with no write permission for anyone still means
  // "leave it alone", as text editors treat it.
  if (isRoot() && (info.mode & 0o222) === 0) return true;
  try {
    await access(target, constants.W_OK);
    return false;
  } catch {
    return true;
  }
}

async function canRenameOver(target: string): Promise<boolean> {
  try {
    await access(dirname(target), constants.W_OK | constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Gives the temporary file the target's mode, owner and group; false when it cannot. */
async function keepOwnerAndMode(temp: string, info: Stats): Promise<boolean> {
  try {
    const made = await lstat(temp);
    if (made.uid !== info.uid || made.gid !== info.gid) await chown(temp, info.uid, info.gid);
    await chmod(temp, info.mode & 0o7777); // after chown, which clears set-id bits
    return true;
  } catch {
    return false;
  }
}

/** Writes `text` into the file itself (its inode, links and owner stay); puts the old text back if that fails. */
async function writeInPlace(target: string, text: string, info: Stats): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(target, constants.O_RDWR | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const opened = await handle.stat();
    if (opened.ino !== info.ino || !opened.isFile()) throw new Error(`${basename(target)} changed while it was being written`);
    const old = Buffer.alloc(opened.size);
    await handle.read(old, 0, old.length, 0);
    const bytes = Buffer.from(text, 'utf8');
    try {
      await handle.write(bytes, 0, bytes.length, 0);
      await handle.truncate(bytes.length);
      await handle.sync();
    } catch (error) {
      await handle.write(old, 0, old.length, 0).catch(() => undefined);
      await handle.truncate(old.length).catch(() => undefined);
      throw error;
    }
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** Creates a missing file, never over one that appeared meanwhile. */
async function createNew(path: string, text: string, options: SafeWriteOptions): Promise<SafeWriteResult> {
  let temp: string;
  try {
    temp = await writeTemp(path, text);
  } catch (error) {
    return failed(error);
  }
  try {
    if (options.beforeReplace && !(await options.beforeReplace())) return { ok: false, code: 'changed' };
    await link(temp, path);
    return { ok: true, path };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { ok: false, code: 'changed' };
    return failed(error);
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

function failed(error: unknown): SafeWriteResult {
  return { ok: false, code: 'failed', reason: describeWriteError(error) };
}

export function describeWriteError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied: the folder or the file is not writable';
  if (code === 'ENOSPC') return 'the disk is full';
  if (code === 'EDQUOT') return 'the disk quota is used up';
  if (code === 'EROFS') return 'the file system is read-only';
  if (code === 'ENOENT') return 'the folder that holds the file is gone';
  return error instanceof Error ? error.message : String(error);
}
