// Where import and export put what they made: a new file (never over an existing one without
// --force, and then atomically), or standard output for `-o -`.
import { access } from 'node:fs/promises';
import { createExclusively, replaceAtomically } from '../disk/atomic-write';
import type { CommandIO } from './io';

export type WriteOutcome = { ok: true } | { ok: false; message: string };

export async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

export async function writeOutput(path: string, text: string, force: boolean, io: CommandIO): Promise<WriteOutcome> {
  if (path === '-') {
    io.out(text.replace(/\n$/, ''));
    return { ok: true };
  }
  if (!force && (await exists(path))) return { ok: false, message: `${path} already exists; nothing was written. Use --force to replace it, or -o to choose another name.` };
  if (force) await replaceAtomically(path, text);
  else if (!(await createExclusively(path, text))) return { ok: false, message: `${path} appeared while writing; nothing was written. Use --force to replace it.` };
  return { ok: true };
}
