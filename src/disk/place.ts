// Where a working file really is, for a server that may touch only the files of one folder: a
// regular file directly in that folder, reached by its name or through a symbolic link that
// resolves there. Anything else (a link out of the folder, a pipe, a device, a folder) is
// refused with the reason, and nothing here ever opens a file, so nothing here can block.
import type { Stats } from 'node:fs';
import { lstat, realpath, stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';

export type Placement =
  | { ok: true; /** The real path: the file itself, links resolved. */ path: string; info: Stats; /** Reached through a symbolic link. */ linked: boolean }
  | { ok: false; code: PlaceRefusal; reason: string };

export type PlaceRefusal = 'missing' | 'outside' | 'not-regular' | 'unreadable';

/**
 * Places `path` (a name in `root`, or a path the person gave) inside `root`, which must be a real
 * path already (symbolic links resolved).
 */
export async function placeInside(path: string, root: string): Promise<Placement> {
  const name = basename(path);
  let own: Stats;
  try {
    own = await lstat(path);
  } catch (error) {
    return refusalOf(error, name);
  }
  if (!own.isSymbolicLink()) {
    if (dirname(path) !== root) return { ok: false, code: 'outside', reason: `${name} is not in the folder Causeway was started on` };
    return own.isFile() ? { ok: true, path, info: own, linked: false } : { ok: false, code: 'not-regular', reason: `${name} is ${kindOf(own)}: not a regular file` };
  }
  let real: string;
  try {
    real = await realpath(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: false, code: 'missing', reason: `${name} is a link to a file that does not exist` };
    return refusalOf(error, name);
  }
  if (dirname(real) !== root) {
    return { ok: false, code: 'outside', reason: `${name} is a link to a file outside the folder; Causeway reads and writes only the files in it` };
  }
  let info: Stats;
  try {
    info = await stat(real);
  } catch (error) {
    return refusalOf(error, name);
  }
  if (!info.isFile()) return { ok: false, code: 'not-regular', reason: `${name} is a link to ${kindOf(info)}: not a regular file` };
  return { ok: true, path: real, info, linked: true };
}

function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a pipe';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return 'something else';
}

function refusalOf(error: unknown, name: string): Placement {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, code: 'missing', reason: `${name}: no such file` };
  if (code === 'EACCES' || code === 'EPERM') return { ok: false, code: 'unreadable', reason: `${name}: permission denied` };
  if (code === 'ELOOP') return { ok: false, code: 'not-regular', reason: `${name} is a loop of links, not a regular file` };
  return { ok: false, code: 'unreadable', reason: `${name}: ${(error as Error).message}` };
}
