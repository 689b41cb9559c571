// `causeway open FOLDER`: the working files in one folder (not its subfolders, not hidden
// files), each with an opaque id the page can choose by. Only regular files in the folder
// (after resolving links) can be chosen; anything else is listed as refused, with the reason.
import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { placeInside } from '../disk/place';
import type { FolderEntry } from '../protocol/workspace-protocol';
import { readDiskState } from '../disk/disk-state';
import { fileIdOf } from './watched-file';

const WORKING_FILE = /^[^.].*\.ya?ml$/i;

export interface ListedFile extends FolderEntry {
  /** The entry's own path in the folder (a link stays a link: it is resolved at each read and write). */
  path: string;
}

export async function listWorkingFiles(folder: string): Promise<ListedFile[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const names = entries.filter((entry) => WORKING_FILE.test(entry.name)).map((entry) => entry.name);
  const placed = await Promise.all(names.map((name) => placeInside(join(folder, name), folder)));
  const listedNames = new Set(names);
  const listed: ListedFile[] = [];
  for (const [i, name] of names.entries()) {
    const path = join(folder, name);
    const place = placed[i]!;
    if (!place.ok) {
      listed.push({ id: fileIdOf(`refused:${path}`), name, path, problem: place.reason, refused: true });
      continue;
    }
    // A link to another file of the folder is that file, listed under its own name.
    const realName = basename(place.path);
    if (place.linked && realName !== name && listedNames.has(realName)) {
      listed.push({ id: fileIdOf(`refused:${path}`), name, path, problem: `a link to ${realName}, which is listed under its own name`, refused: true });
      continue;
    }
    const entry: ListedFile = { id: fileIdOf(place.path), name, path };
    const disk = await readDiskState(path, folder);
    if (disk.text === null) entry.problem = disk.problem;
    else {
      const title = projectTitle(disk.text);
      if (title) entry.title = title;
      if (!/^\s*schema_version\s*:/m.test(disk.text) && !/^\s*trees\s*:/m.test(disk.text)) entry.problem = 'does not look like a working file (no schema_version or trees)';
    }
    listed.push(entry);
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
