// Writing files so that a reader never sees half of one: the text goes to a temporary file in
// the same folder, is flushed to disk, and then takes the target's name in one rename. A failure
// at any step leaves the old file as it was.
import { randomBytes } from 'node:crypto';
import { chmod, link, open, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

function tempName(target: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
}

/** Writes `text` to a new temporary file beside `target`; returns its path. */
export async function writeTemp(target: string, text: string, mode?: number): Promise<string> {
  const temp = tempName(target);
  const handle = await open(temp, 'wx', mode ?? 0o666);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  return temp;
}

export interface ReplaceOptions {
  /**
   * Asked once the new text is safely in its temporary file, right before the rename: return
   * false to give up (the target changed meanwhile) and leave the target untouched.
   */
  beforeRename?(): Promise<boolean>;
}

/** Replaces (or creates) `target` with `text` atomically; false when `beforeRename` said no. */
export async function replaceAtomically(target: string, text: string, options: ReplaceOptions = {}): Promise<boolean> {
  // A replaced file keeps its permissions (a rename would otherwise give it the default ones).
  const mode = await stat(target).then(
    (info) => info.mode & 0o7777,
    () => undefined,
  );
  const temp = await writeTemp(target, text, mode);
  try {
    if (mode !== undefined) await chmod(temp, mode).catch(() => undefined);
    if (options.beforeRename && !(await options.beforeRename())) return false;
    await rename(temp, target);
    return true;
  } finally {
    await unlink(temp).catch(() => undefined); // gone after a rename; removed after a failure
  }
}

/** Publishes `text` at `target` only if nothing is there yet; false when another file won. */
export async function createExclusively(target: string, text: string): Promise<boolean> {
  const temp = await writeTemp(target, text);
  try {
    await link(temp, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}
