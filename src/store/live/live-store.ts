// What the page knows about the file on disk it edits through `causeway open`: the connection,
// whether the last edit reached the file, a problem with the file's text, and conflicts to
// settle. The UI reads this; src/store/live/live-sync.ts keeps it current.
import { create } from 'zustand';
import type { Diagnostic, MergeConflict, MergeSide } from '../../format';
import type { FileInfo, FolderEntry } from '../../protocol/workspace-protocol';
import type { AccessState } from './live-access';
import type { ConnectionState } from './live-connection';

/** Saved / Saving… / Not saved (reason): what the toolbar always tells. */
export type SaveState = { kind: 'saved' } | { kind: 'saving' } | { kind: 'unsaved'; reason: string };

/** The text on disk cannot be used (a syntax error, half written, unreadable, gone). */
export interface DiskProblem {
  message: string;
  diagnostics: Diagnostic[];
  /** The file is gone from disk (deleted or renamed away). */
  missing: boolean;
  /**
   * It reads, but looks like a write that has not finished (it lost whole trees, or its
   * validity): why, in words. The person may open it as it is.
   */
  unfinished?: string;
}

export interface LiveState {
  /** True when the page was served by `causeway open` and works on a file on disk. */
  active: boolean;
  connection: ConnectionState;
  /** Whether this page has its way in (a secret for the one-time code of its address). */
  access: AccessState;
  /** The server answers but no longer knows this page: it was restarted with a new secret. */
  restarted: boolean;
  /** A file is being edited, or (folder mode) the folder's files are listed to choose from. */
  mode: 'file' | 'folder' | null;
  file: FileInfo | null;
  folder: { path: string; files: FolderEntry[] } | null;
  save: SaveState;
  diskProblem: DiskProblem | null;
  /** Conflicts between edits not yet written and the file's new content, to settle one by one. */
  conflicts: MergeConflict[];
  choices: ReadonlyMap<string, MergeSide>;
}

export const useLiveStore = create<LiveState>(() => ({
  active: false,
  connection: 'connecting',
  access: 'ok',
  restarted: false,
  mode: null,
  file: null,
  folder: null,
  save: { kind: 'saved' },
  diskProblem: null,
  conflicts: [],
  choices: new Map(),
}));
