// The arrangement beside a working file, `.NAME/layout.json`: read for the workspace server (and
// shared with every browser on the file) and for the snapshot diagrams; written atomically. A
// file that cannot be read is never written over: it is moved aside first, so nothing is lost.
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { ARRANGEMENT_FILE_NAME, arrangementFileText, parseArrangementFile, type ArrangedTrees } from '../layout';
import { replaceAtomically } from './atomic-write';
import { readWorkingText } from './read-text';

/** Far more than any real arrangement (about 40 bytes a card). */
const MAX_ARRANGEMENT_BYTES = 32 * 1024 * 1024;

export type ArrangementOnDisk =
  | { kind: 'none' }
  | { kind: 'read'; trees: ArrangedTrees }
  /** There, but not readable as an arrangement (why, for the server's output). */
  | { kind: 'unreadable'; reason: string };

export function arrangementPath(outputFolder: string): string {
  return join(outputFolder, ARRANGEMENT_FILE_NAME);
}

/** The arrangement in `outputFolder` (the `.NAME/` folder beside the working file). */
export async function readArrangement(outputFolder: string): Promise<ArrangementOnDisk> {
  const path = arrangementPath(outputFolder);
  const read = await readWorkingText(path, MAX_ARRANGEMENT_BYTES);
  if (!read.ok) return /no such file/.test(read.message) ? { kind: 'none' } : { kind: 'unreadable', reason: read.message };
  const parsed = parseArrangementFile(read.text);
  return parsed.ok ? { kind: 'read', trees: parsed.trees } : { kind: 'unreadable', reason: `${path} cannot be used: ${parsed.reason}` };
}

/** The trees' arrangement, or an empty one when there is none or it cannot be read. */
export async function readArrangementOrNone(outputFolder: string): Promise<ArrangedTrees> {
  const read = await readArrangement(outputFolder);
  return read.kind === 'read' ? read.trees : new Map();
}

/** Writes the arrangement atomically; an unreadable file in its place is kept aside first. */
export async function writeArrangement(outputFolder: string, trees: ArrangedTrees): Promise<void> {
  await mkdir(outputFolder, { recursive: true });
  const path = arrangementPath(outputFolder);
  const before = await readArrangement(outputFolder);
  if (before.kind === 'unreadable') await rename(path, `${path}.unreadable-${Date.now()}`).catch(() => undefined);
  await replaceAtomically(path, arrangementFileText(trees));
}
