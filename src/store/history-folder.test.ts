import { describe, expect, it } from 'vitest';
import { addSnapshotFile, outputFolderName, readFolderHistory, writeDiagramFiles, type FileEntryHandle, type FolderHandle } from './history-folder';

/** An in-memory folder with the File System Access API's shape. */
class MemoryFolder implements FolderHandle {
  kind = 'directory' as const;
  folders = new Map<string, MemoryFolder>();
  files = new Map<string, string>();
  writes = 0;
  constructor(public name: string) {}
  async getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<FolderHandle> {
    let folder = this.folders.get(name);
    if (!folder) {
      if (!options?.create) throw new DOMException('missing', 'NotFoundError');
      folder = new MemoryFolder(name);
      this.folders.set(name, folder);
    }
    return folder;
  }
  async getFileHandle(name: string, options?: { create?: boolean }): Promise<FileEntryHandle> {
    if (!this.files.has(name) && !options?.create) throw new DOMException('missing', 'NotFoundError');
    const folder = this;
    return {
      kind: 'file',
      name,
      getFile: async () => ({ text: async () => folder.files.get(name) ?? '' }),
      createWritable: async () => {
        let buffer = '';
        return {
          write: async (data: string) => {
            buffer += data;
          },
          close: async () => {
            folder.files.set(name, buffer);
            folder.writes++;
          },
          abort: async () => undefined,
        };
      },
    };
  }
  async *entries(): AsyncIterableIterator<[string, FolderHandle | FileEntryHandle]> {
    for (const [name, folder] of this.folders) yield [name, folder];
    for (const name of this.files.keys()) yield [name, await this.getFileHandle(name)];
  }
}

describe('the history folder next to the working file', () => {
  it('is named after the working file', () => {
    expect(outputFolderName('quote-turnaround.yaml')).toBe('.quote-turnaround');
    expect(outputFolderName('Workshop.YML')).toBe('.Workshop');
  });

  it('adds snapshots without ever overwriting one, and reads them back in order', async () => {
    const root = new MemoryFolder('work');
    expect(await readFolderHistory(root, 'w.yaml')).toEqual([]);
    expect(await addSnapshotFile(root, 'w.yaml', { name: '000002.yaml', text: 'two' })).toBe(true);
    expect(await addSnapshotFile(root, 'w.yaml', { name: '000001.yaml', text: 'one' })).toBe(true);
    expect(await addSnapshotFile(root, 'w.yaml', { name: '000001.yaml', text: 'again' })).toBe(false);
    const history = root.folders.get('.w')!.folders.get('history')!;
    history.files.set('notes.txt', 'ignored');
    expect(await readFolderHistory(root, 'w.yaml')).toEqual([
      { name: '000001.yaml', text: 'one' },
      { name: '000002.yaml', text: 'two' },
    ]);
  });

  it('writes only the diagram files whose content differs', async () => {
    const root = new MemoryFolder('work');
    const files = [
      { path: 'diagrams/current/goal.svg', text: '<svg/>' },
      { path: 'diagrams/changes/goal.svg', text: '<svg>c</svg>' },
    ];
    expect(await writeDiagramFiles(root, 'w.yaml', files)).toEqual(['diagrams/current/goal.svg', 'diagrams/changes/goal.svg']);
    expect(await writeDiagramFiles(root, 'w.yaml', files)).toEqual([]);
    expect(await writeDiagramFiles(root, 'w.yaml', [{ ...files[1], text: '<svg>new</svg>' }])).toEqual(['diagrams/changes/goal.svg']);
  });
});
