// A folder only this user can read or write, for the few files of Causeway that carry something
// private (the browser opener's one-time address, the list of running servers): `causeway-UID`
// in the system's temporary folder, mode 0700. A folder of that name that another user made,
// or a link put in its place, is never used.
import { chmod, lstat, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function privateFolder(parent: string = tmpdir(), name = `causeway-${process.getuid?.() ?? 'user'}`): Promise<string | undefined> {
  const folder = join(parent, name);
  try {
    await mkdir(folder, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
  }
  try {
    const info = await lstat(folder);
    if (!info.isDirectory() || info.isSymbolicLink()) return undefined;
    const uid = process.getuid?.();
    if (uid !== undefined && info.uid !== uid) return undefined;
    if (process.platform !== 'win32' && (info.mode & 0o077) !== 0) await chmod(folder, 0o700);
    return folder;
  } catch {
    return undefined;
  }
}
