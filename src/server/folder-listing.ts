// `causeway open FOLDER`: the working files in one folder (not its subfolders, not hidden
// files), each with an opaque id the page can choose by.
import { readdir, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import type { FolderEntry } from '../protocol/workspace-protocol';
import { readDiskState } from './disk-state';
import { fileIdOf } from './watched-file';

const WORKING_FILE = /^[^.].*\.ya?ml$/i;

export interface ListedFile extends FolderEntry {
  path: string;
}

export async function listWorkingFiles(folder: string): Promise<ListedFile[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const listed: ListedFile[] = [];
  for (const entry of entries) {
    if (!WORKING_FILE.test(entry.name) || !(entry.isFile() || entry.isSymbolicLink())) continue;
    const path = await realpath(join(folder, entry.name)).catch(() => undefined);
    if (!path) continue;
    const disk = await readDiskState(path);
    const entryInfo: ListedFile = { id: fileIdOf(path), name: entry.name, path };
    if (disk.text === null) entryInfo.problem = disk.problem;
    else {
      const title = projectTitle(disk.text);
      if (title) entryInfo.title = title;
      if (!/^\s*schema_version\s*:/m.test(disk.text) && !/^\s*trees\s*:/m.test(disk.text)) entryInfo.problem = 'does not look like a working file (no schema_version or trees)';
    }
    listed.push(entryInfo);
  }
  return listed.sort((a, b) => a.name.localeCompare(b.name));
}

/** The `project:` title from the top level, read without parsing the whole file. */
function projectTitle(text: string): string | undefined {
  const match = text.match(/^project:[ \t]*(.+?)[ \t]*(?:#.*)?$/m);
  if (!match) return undefined;
  const raw = match[1]!;
  const quoted = raw.match(/^(['"])(.*)\1$/);
  return (quoted ? quoted[2]! : raw).slice(0, 200);
}
