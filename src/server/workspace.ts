// What one `causeway open` run may touch: one working file, or the working files of one folder
// (and each file's `.NAME/` folder). Everything else on the machine is out of reach: files are
// named by the server, and only regular files in the folder are read or written (see
// src/disk/place.ts).
import { dirname } from 'node:path';
import { listWorkingFiles, type ListedFile } from './folder-listing';
import { WatchedFile } from './watched-file';

export type Chosen = { ok: true; file: WatchedFile } | { ok: false; reason: string };

export type Workspace =
  | { kind: 'file'; file: WatchedFile; stop(): void }
  | { kind: 'folder'; folder: string; list(): Promise<ListedFile[]>; choose(id: string): Promise<Chosen>; stop(): void };

/** `realPath` must have symbolic links resolved already. */
export function fileWorkspace(realPath: string): Workspace {
  const file = new WatchedFile(realPath, dirname(realPath));
  // Read at once: what the file holds when the server starts is the last state known complete,
  // against which a later half-written file is told (even before any page connects).
  void file.fresh();
  return { kind: 'file', file, stop: () => file.stop() };
}

/** `realFolder` must have symbolic links resolved already. */
export function folderWorkspace(realFolder: string): Workspace {
  const files = new Map<string, WatchedFile>();
  return {
    kind: 'folder',
    folder: realFolder,
    list: () => listWorkingFiles(realFolder),
    async choose(id) {
      // Chosen by an id the listing gave out: the page never names a path.
      const listed = (await listWorkingFiles(realFolder)).find((entry) => entry.id === id);
      if (!listed) return { ok: false, reason: 'That file is no longer in the folder.' };
      if (listed.refused) return { ok: false, reason: `${listed.name} cannot be opened: ${listed.problem}.` };
      let file = files.get(listed.id);
      if (!file) files.set(listed.id, (file = new WatchedFile(listed.path, realFolder, listed.id)));
      return { ok: true, file };
    },
    stop: () => {
      for (const file of files.values()) file.stop();
    },
  };
}
