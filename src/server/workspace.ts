// What one `causeway open` run may touch: one working file, or the working files of one folder
// (and each file's `.NAME/` folder). Everything else on the machine is out of reach.
import { listWorkingFiles, type ListedFile } from './folder-listing';
import { WatchedFile } from './watched-file';

export type Workspace =
  | { kind: 'file'; file: WatchedFile; stop(): void }
  | { kind: 'folder'; folder: string; list(): Promise<ListedFile[]>; fileById(id: string): Promise<WatchedFile | undefined>; stop(): void };

/** `realPath` must have symbolic links resolved already. */
export function fileWorkspace(realPath: string): Workspace {
  const file = new WatchedFile(realPath);
  return { kind: 'file', file, stop: () => file.stop() };
}

export function folderWorkspace(realFolder: string): Workspace {
  const files = new Map<string, WatchedFile>();
  return {
    kind: 'folder',
    folder: realFolder,
    list: () => listWorkingFiles(realFolder),
    async fileById(id) {
      // Chosen by an id the listing gave out: the page never names a path.
      const listed = (await listWorkingFiles(realFolder)).find((entry) => entry.id === id);
      if (!listed) return undefined;
      let file = files.get(listed.path);
      if (!file) files.set(listed.path, (file = new WatchedFile(listed.path)));
      return file;
    },
    stop: () => {
      for (const file of files.values()) file.stop();
    },
  };
}
