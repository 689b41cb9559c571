// What a file on disk holds right now, named by a version that changes whenever its bytes do.
import { createHash } from 'node:crypto';
import { readWorkingText } from '../disk/read-text';
import type { DiskState } from '../protocol/workspace-protocol';

export function versionOf(text: string): string {
  return `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}

/** Reads the file as the format reads working files (UTF-8, within the size limit). */
export async function readDiskState(path: string): Promise<DiskState> {
  const read = await readWorkingText(path);
  if (read.ok) return { version: versionOf(read.text), text: read.text };
  return { version: `unreadable:${versionOf(read.message)}`, text: null, problem: read.message };
}
