// The history on disk, next to the working file, in the same `.NAME/` layout the command line
// uses: `history/NNNNNN.yaml` and `diagrams/{current,changes}/TREE.{svg,html}`. Written through
// the browser's File System Access API into a folder the user chose.
import type { SnapshotFile } from '../format';
import { SNAPSHOT_FILE_NAME } from '../format';

/** The parts of the File System Access API this module uses (also easy to fake in tests). */
export interface FolderHandle {
  kind: 'directory';
  name: string;
  getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<FolderHandle>;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<FileEntryHandle>;
  entries(): AsyncIterableIterator<[string, FolderHandle | FileEntryHandle]>;
}

export interface FileEntryHandle {
  kind: 'file';
  name: string;
  getFile(): Promise<{ text(): Promise<string> }>;
  createWritable(): Promise<{ write(data: string): Promise<void>; close(): Promise<void>; abort(): Promise<void> }>;
}

/** `.quote-turnaround` for `quote-turnaround.yaml`. */
export function outputFolderName(fileName: string): string {
  return `.${fileName.replace(/\.(ya?ml)$/i, '')}`;
}

async function folderAt(root: FolderHandle, path: string[], create: boolean): Promise<FolderHandle | undefined> {
  let folder = root;
  for (const name of path) {
    try {
      folder = await folder.getDirectoryHandle(name, { create });
    } catch (error) {
      if (!create && error instanceof DOMException && error.name === 'NotFoundError') return undefined;
      throw error;
    }
  }
  return folder;
}

async function readText(folder: FolderHandle, name: string): Promise<string | undefined> {
  try {
    return await (await (await folder.getFileHandle(name)).getFile()).text();
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'NotFoundError' || error.name === 'TypeMismatchError')) return undefined;
    throw error;
  }
}

/** The snapshot files in `<root>/.NAME/history/`, in name order (none when there is no folder). */
export async function readFolderHistory(root: FolderHandle, fileName: string): Promise<SnapshotFile[]> {
  const history = await folderAt(root, [outputFolderName(fileName), 'history'], false);
  if (!history) return [];
  const files: SnapshotFile[] = [];
  for await (const [name, entry] of history.entries()) {
    if (entry.kind !== 'file' || !SNAPSHOT_FILE_NAME.test(name)) continue;
    files.push({ name, text: (await readText(history, name)) ?? '' });
  }
  return files.sort((a, b) => (a.name < b.name ? -1 : 1));
}

/**
 * Writes a whole file. The browser writes into a temporary file and swaps it in only when the
 * write completes, so a failure leaves the old content as it was.
 */
export async function writeWholeFile(file: Pick<FileEntryHandle, 'createWritable'>, text: string): Promise<void> {
  const stream = await file.createWritable();
  try {
    await stream.write(text);
    await stream.close();
  } catch (error) {
    await stream.abort().catch(() => undefined);
    throw error;
  }
}

async function writeWhole(folder: FolderHandle, name: string, text: string): Promise<void> {
  await writeWholeFile(await folder.getFileHandle(name, { create: true }), text);
}

/**
 * Adds a snapshot unless a file of that name is already there (snapshots are never overwritten).
 * Returns false when one was there: someone else recorded that revision first.
 */
export async function addSnapshotFile(root: FolderHandle, fileName: string, snapshot: SnapshotFile): Promise<boolean> {
  const history = (await folderAt(root, [outputFolderName(fileName), 'history'], true))!;
  if ((await readText(history, snapshot.name)) !== undefined) return false;
  await writeWhole(history, snapshot.name, snapshot.text);
  return true;
}

/** Writes the diagram files whose content differs from what is on disk; returns those written. */
export async function writeDiagramFiles(root: FolderHandle, fileName: string, files: { path: string; text: string }[]): Promise<string[]> {
  const written: string[] = [];
  for (const file of files) {
    const parts = file.path.split('/');
    const name = parts.pop()!;
    const folder = (await folderAt(root, [outputFolderName(fileName), ...parts], true))!;
    if ((await readText(folder, name)) === file.text) continue;
    await writeWhole(folder, name, file.text);
    written.push(file.path);
  }
  return written;
}

interface DirectoryPickerWindow {
  showDirectoryPicker?(options?: { mode?: 'read' | 'readwrite' }): Promise<FolderHandle>;
}

export function canChooseFolder(): boolean {
  return typeof window !== 'undefined' && typeof (window as DirectoryPickerWindow).showDirectoryPicker === 'function';
}

/** Asks the user for the folder that holds the working file; undefined when cancelled. */
export async function chooseFolder(): Promise<FolderHandle | undefined> {
  const picker = (window as DirectoryPickerWindow).showDirectoryPicker;
  if (!picker) return undefined;
  try {
    return await picker.call(window, { mode: 'readwrite' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return undefined;
    throw error;
  }
}
