// Reading a working file from disk as text, with the format core's size limit applied while
// reading: a pipe or a device that never ends (/dev/zero) is cut off, not read into memory.
import { isUtf8 } from 'node:buffer';
import { constants } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { MAX_FILE_BYTES, describeBytes } from '../format';

export type ReadOutcome = { ok: true; text: string } | { ok: false; code: string; message: string };

const CHUNK = 1 << 20;

/** Reads whatever `file` names, pipes and devices included (the command line reads /dev/stdin). */
export async function readWorkingText(file: string, limit: number = MAX_FILE_BYTES): Promise<ReadOutcome> {
  let handle: FileHandle | undefined;
  try {
    const info = await stat(file);
    if (info.isDirectory()) return { ok: false, code: 'unreadable-file', message: `${file} is a folder, not a working file.` };
    if (info.isFile() && info.size > limit) return tooLarge(info.size, limit);
    handle = await open(file, 'r');
    return await readAll(handle, file, info.isFile() ? info.size : undefined, limit);
  } catch (error) {
    return cannotRead(file, error);
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/**
 * Reads `file` only if it is a regular file, without ever waiting: a pipe or a device swapped in
 * is refused, not opened for reading (opening a pipe waits for a writer), and a symbolic link is
 * not followed (servers resolve links themselves, see place.ts).
 */
export async function readRegularText(file: string, limit: number = MAX_FILE_BYTES): Promise<ReadOutcome> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    const info = await handle.stat();
    if (!info.isFile()) return { ok: false, code: 'unreadable-file', message: `Cannot read ${file}: it is not a regular file.` };
    if (info.size > limit) return tooLarge(info.size, limit);
    return await readAll(handle, file, info.size, limit);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') return { ok: false, code: 'unreadable-file', message: `Cannot read ${file}: it is a symbolic link.` };
    return cannotRead(file, error);
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** A regular file is read into one buffer of its size (one more byte tells if it grew); a pipe or device in chunks. */
async function readAll(handle: FileHandle, file: string, size: number | undefined, limit: number): Promise<ReadOutcome> {
  const chunks: Buffer[] = [];
  let total = 0;
  let buffer = Buffer.allocUnsafe(Math.min(size !== undefined ? size + 1 : CHUNK, limit + 1));
  let filled = 0;
  for (;;) {
    if (filled === buffer.length) {
      chunks.push(buffer);
      buffer = Buffer.allocUnsafe(Math.min(CHUNK, limit + 1 - total));
      filled = 0;
    }
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, null);
    if (bytesRead === 0) break;
    filled += bytesRead;
    total += bytesRead;
    if (total > limit) return tooLarge(undefined, limit);
  }
  const bytes = chunks.length === 0 ? buffer.subarray(0, filled) : Buffer.concat([...chunks, buffer.subarray(0, filled)], total);
  if (!isUtf8(bytes)) return { ok: false, code: 'not-utf8', message: `${file} is not UTF-8 text; save it as UTF-8 and try again.` };
  return { ok: true, text: bytes.toString('utf8') };
}

function cannotRead(file: string, error: unknown): ReadOutcome {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === 'ENOENT' ? 'no such file' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message;
  return { ok: false, code: 'unreadable-file', message: `Cannot read ${file}: ${reason}.` };
}

function tooLarge(size: number | undefined, limit: number): ReadOutcome {
  const found = size === undefined ? `more than ${describeBytes(limit)}` : describeBytes(size);
  return { ok: false, code: 'file-too-large', message: `The file is ${found}; Causeway reads working files up to ${describeBytes(limit)}.` };
}
