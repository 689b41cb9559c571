// What a file on disk holds right now, named by a version that changes whenever its bytes do.
import { createHash } from 'node:crypto';
import { placeInside } from './place';
import { readRegularText } from './read-text';
import type { DiskState } from '../protocol/workspace-protocol';

export function versionOf(text: string): string {
  return `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}

/**
 * Reads the file as the format reads working files (UTF-8, within the size limit), provided it
 * is a regular file in `root` (through a link that resolves there, too). Never waits on a pipe.
 */
export async function readDiskState(path: string, root: string): Promise<DiskState> {
  const place = await placeInside(path, root);
  if (!place.ok) {
    const missing = place.code === 'missing';
    return unreadable(`Cannot read ${path}: ${missing ? `no such file${place.reason.includes('link') ? ` (${place.reason})` : ''}` : place.reason}.`);
  }
  const read = await readRegularText(place.path);
  if (read.ok) return { version: versionOf(read.text), text: read.text };
  return unreadable(read.message);
}

function unreadable(problem: string): DiskState {
  return { version: `unreadable:${versionOf(problem)}`, text: null, problem };
}
