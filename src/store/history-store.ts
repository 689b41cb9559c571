// The accepted history of the open file: immutable snapshots kept with the document in browser
// storage and, when the user has chosen the working file's folder, in `.NAME/history/` there too.
// Recording follows FORMAT.md §10: validate first, write at most one snapshot, then diagrams.
import { create } from 'zustand';
import {
  TREE_NAMES,
  openWorkingFile,
  saveWorkingFile,
  type TreeKey,
  checkHistory,
  planSnapshot,
  snapshotText,
  type Snapshot,
  type SnapshotFile,
  treesInHistory,
} from '../format';
import { diagramFiles } from '../render/diagram-files';
import { loadArrangement } from './arrangement-store';
import { dbRequest } from './browser-db';
import { useDocumentStore } from './document-store';
import { addSnapshotFile, readFolderHistory, writeDiagramFiles, type FolderHandle } from './history-folder';

/** Records a snapshot somewhere else (the workspace server, on disk) and says what happened. */
export type SnapshotRecorder = (summary: string) => Promise<{ ok: boolean; message: string }>;

export interface HistoryState {
  fileName: string | null;
  /**
   * Where the history lives: this browser (with an optional folder the user chose), or the
   * working file's `.NAME/history/` on disk, read and written by the workspace server.
   */
  source: 'browser' | 'disk';
  snapshots: Snapshot[];
  /** Why the stored history cannot be trusted (then nothing more is recorded). */
  problems: string[];
  folder: FolderHandle | null;
  busy: boolean;
  /** Loads the history kept for `fileName` (browser storage). */
  load(fileName: string): Promise<void>;
  /** Records a snapshot of the open document when its accepted content changed. */
  record(summary: string): Promise<{ ok: boolean; message: string }>;
  /** Uses (and from now on writes to) the folder that holds the working file. */
  useFolder(folder: FolderHandle): Promise<{ ok: boolean; message: string }>;
  /** The history on disk, as the workspace server read it; `record` goes through `recorder` from now on. */
  adoptDiskHistory(fileName: string, files: SnapshotFile[], problem: string | undefined, recorder: SnapshotRecorder): void;
}

const storageKey = (fileName: string) => `history:${fileName}`;

async function storedFiles(fileName: string): Promise<SnapshotFile[]> {
  try {
    const value = await dbRequest('history', 'readonly', (store) => store.get(storageKey(fileName)) as IDBRequest<SnapshotFile[] | undefined>);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

async function storeFiles(fileName: string, files: SnapshotFile[]): Promise<void> {
  await dbRequest('history', 'readwrite', (store) => store.put(files, storageKey(fileName)));
}

/** What recording now would do: which trees' accepted content differs from the latest snapshot. */

export const useHistoryStore = create<HistoryState>((set, get) => {
  const adopt = (fileName: string, files: SnapshotFile[]) => {
    const check = checkHistory(files);
    set(check.ok ? { fileName, snapshots: check.snapshots, problems: [] } : { fileName, snapshots: [], problems: check.problems });
    return check;
  };

  let diskRecorder: SnapshotRecorder | undefined;

  return {
    fileName: null,
    source: 'browser',
    snapshots: [],
    problems: [],
    folder: null,
    busy: false,

    async load(fileName) {
      if (get().source === 'disk') return; // the server keeps this history on disk
      set({ fileName, snapshots: [], problems: [], folder: get().fileName === fileName ? get().folder : null });
      const files = await storedFiles(fileName);
      if (useDocumentStore.getState().document?.fileName !== fileName) return; // another file opened meanwhile
      adopt(fileName, files);
    },

    async useFolder(folder) {
      const fileName = get().fileName;
      if (!fileName) return { ok: false, message: 'No file is open.' };
      const onDisk = await readFolderHistory(folder, fileName);
      const ours = await storedFiles(fileName);
      // The folder's history wins when it has one; otherwise the browser's is written there.
      const files = onDisk.length > 0 ? onDisk : ours;
      const check = adopt(fileName, files);
      if (!check.ok) return { ok: false, message: `The history in that folder is inconsistent and was left untouched: ${check.problems.join(' ')}` };
      set({ folder });
      await storeFiles(fileName, files);
      if (onDisk.length === 0) for (const file of files) await addSnapshotFile(folder, fileName, file);
      await drawDiagrams(folder, fileName, check.snapshots);
      return { ok: true, message: `Snapshots and diagrams are kept in ${folder.name}/.${fileName.replace(/\.(ya?ml)$/i, '')} from now on.` };
    },

    adoptDiskHistory(fileName, files, problem, recorder) {
      diskRecorder = recorder;
      set({ source: 'disk', folder: null });
      if (problem) set({ fileName, snapshots: [], problems: [problem] });
      else adopt(fileName, files);
    },

    async record(summary) {
      if (get().source === 'disk' && diskRecorder) {
        if (get().busy) return { ok: false, message: 'A snapshot is being recorded.' };
        set({ busy: true });
        try {
          return await diskRecorder(summary);
        } finally {
          set({ busy: false });
        }
      }
      const document = useDocumentStore.getState().document;
      const fileName = get().fileName;
      if (!document || !fileName || fileName !== document.fileName) return { ok: false, message: 'No file is open.' };
      if (get().busy) return { ok: false, message: 'A snapshot is being recorded.' };
      set({ busy: true });
      try {
        // The state is validated before anything is written (FORMAT.md §10).
        const state = openWorkingFile(saveWorkingFile(document.base, document.data));
        const errors = state.diagnostics.filter((d) => d.severity === 'error');
        if (errors.length > 0 || state.data === undefined) {
          return { ok: false, message: `Nothing was recorded: the file has ${errors.length} error${errors.length === 1 ? '' : 's'} (first: ${errors[0]?.message ?? 'unreadable'}). Fix them first.` };
        }
        const folder = get().folder;
        const files = folder ? await readFolderHistory(folder, fileName) : await storedFiles(fileName);
        const check = adopt(fileName, files);
        if (!check.ok) return { ok: false, message: `Nothing was recorded: the history is inconsistent (${check.problems[0]}). Snapshots are never rewritten.` };
        const plan = planSnapshot(state.data, check.snapshots, { summary: summary.trim() || undefined, now: new Date() });
        if (!plan.next) return { ok: false, message: `No accepted changes since revision ${check.snapshots.length}; nothing to record.` };
        const file: SnapshotFile = { name: plan.next.name, text: snapshotText(plan.next.data) };
        if (!openWorkingFile(file.text).valid) return { ok: false, message: 'Nothing was recorded: the snapshot would not read back as a valid state.' };
        if (folder && !(await addSnapshotFile(folder, fileName, file))) {
          return { ok: false, message: `Revision ${plan.next.revision} was recorded by someone else meanwhile; look at the history and record again.` };
        }
        const next = [...files, file];
        await storeFiles(fileName, next);
        const after = adopt(fileName, next);
        let drawn = '';
        if (folder && after.ok) {
          try {
            const written = await drawDiagrams(folder, fileName, after.snapshots);
            drawn = written.length ? ` Diagrams redrawn: ${written.join(', ')}.` : '';
          } catch (error) {
            drawn = ` The diagrams could not be written (${error instanceof Error ? error.message : String(error)}); they are redrawn next time.`;
          }
        }
        return { ok: true, message: `Recorded revision ${plan.next.revision}: accepted changes in ${plan.changedTrees.map((t) => t.replace(/_/g, ' ')).join(', ')}.${drawn}` };
      } catch (error) {
        return { ok: false, message: `Recording failed: ${error instanceof Error ? error.message : String(error)}` };
      } finally {
        set({ busy: false });
      }
    },
  };
});

/**
 * Redraws the trees whose diagrams differ from what the folder holds; returns their keys. Each
 * tree is drawn on its own: one that cannot be drawn is named, and never stops the others.
 */
async function drawDiagrams(folder: FolderHandle, fileName: string, snapshots: Snapshot[]): Promise<TreeKey[]> {
  const written: TreeKey[] = [];
  const failed: string[] = [];
  for (const tree of treesInHistory(snapshots.map((s) => s.projection))) {
    try {
      if ((await writeDiagramFiles(folder, fileName, diagramFiles(tree, snapshots, loadArrangement(fileName, `${tree}:full`)?.positions))).length > 0) written.push(tree);
    } catch (error) {
      failed.push(`the ${TREE_NAMES[tree]}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (failed.length > 0) throw new Error(`${written.length ? `${written.join(', ')} redrawn, but ` : ''}${failed.join('; ')}`);
  return written;
}

/** Keeps the history in step with the open file. */
export function startHistorySync(): () => void {
  let fileName = useDocumentStore.getState().document?.fileName;
  if (fileName) void useHistoryStore.getState().load(fileName);
  return useDocumentStore.subscribe((state) => {
    const name = state.document?.fileName;
    if (name && name !== fileName) {
      fileName = name;
      void useHistoryStore.getState().load(name);
    }
  });
}
