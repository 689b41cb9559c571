// One working file on disk as the workspace server shares it with every open editor: its
// current content, writes that never go over a version the writer has not seen, its history
// folder, and news of changes made by anyone else.
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { openWorkingFile } from '../format';
import type { DiskState, FileInfo, HistoryFile, WriteOutcome } from '../protocol/workspace-protocol';
import { replaceAtomically } from '../disk/atomic-write';
import { readDiskState, versionOf } from './disk-state';
import { watchPath } from './file-watch';
import { HistoryRefusal, outputFolderFor, readHistoryFiles, recordSnapshot } from '../disk/history-on-disk';
import { TURN_LOG_NAME, readTurnRecords, turnsFolder } from '../disk/turn-log';
import type { TurnRecord } from '../protocol/turn-record';

/** The newest turn records sent to a page: enough for the Turns panel, never the whole log. */
const TURNS_SENT = 300;

export interface HistoryState {
  history: HistoryFile[];
  historyProblem?: string;
}

export interface FileListener {
  /** The file's content changed, by another program or through another listener's write. */
  disk(disk: DiskState, cause: 'outside' | 'write'): void;
  history(state: HistoryState): void;
  /** The turn log beside the file changed (`causeway mcp` wrote): its newest records. */
  turns?(records: TurnRecord[]): void;
}

export interface SnapshotOutcome {
  ok: boolean;
  message: string;
  revision?: number;
}

/** An id for a file that says nothing of where it is: it keys the page's per-file storage. */
export function fileIdOf(realPath: string): string {
  return createHash('sha256').update(`causeway-file:${realPath}`).digest('base64url').slice(0, 22);
}

export class WatchedFile {
  readonly info: FileInfo;
  private current: DiskState | undefined;
  private historyState: HistoryState = { history: [] };
  private historySignature = '';
  private turnsState: TurnRecord[] = [];
  private turnsSignature = '';
  private readonly listeners = new Set<FileListener>();
  private stopWatching: (() => void) | undefined;
  /** Writes and snapshots of this file happen one at a time. */
  private queue: Promise<unknown> = Promise.resolve();

  /** `path` must already be the real path (symbolic links resolved), so renames replace the file itself. */
  constructor(readonly path: string) {
    this.info = { id: fileIdOf(path), name: basename(path), folder: dirname(path) };
  }

  async disk(): Promise<DiskState> {
    this.current ??= await readDiskState(this.path);
    return this.current;
  }

  async history(): Promise<HistoryState> {
    if (!this.stopWatching) await this.refreshHistory();
    return this.historyState;
  }

  async turns(): Promise<TurnRecord[]> {
    if (!this.stopWatching) await this.refreshTurns();
    return this.turnsState;
  }

  /** Starts telling `listener` about changes; returns a function that stops it. */
  listen(listener: FileListener): () => void {
    this.listeners.add(listener);
    if (!this.stopWatching) this.startWatching();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  stop(): void {
    this.stopWatching?.();
    this.stopWatching = undefined;
  }

  private startWatching(): void {
    const stopFile = watchPath(this.path, () => this.refreshDisk(), { pollMs: 700 });
    // Snapshots are few and arrive rarely: a poll of the history folder finds them within a second.
    const poll = setInterval(() => void this.refreshHistory(), 1000);
    poll.unref?.();
    // The turn log names who made a change the page is about to show: looked at more often.
    const turnsPoll = setInterval(() => void this.refreshTurns(), 250);
    turnsPoll.unref?.();
    this.stopWatching = () => {
      stopFile();
      clearInterval(poll);
      clearInterval(turnsPoll);
    };
  }

  private async refreshDisk(): Promise<void> {
    const next = await readDiskState(this.path);
    if (next.version === this.current?.version) return;
    this.current = next;
    for (const listener of this.listeners) listener.disk(next, 'outside');
  }

  private async refreshHistory(): Promise<void> {
    const historyDir = join(await outputFolderFor(this.path), 'history');
    // Reading every snapshot each second would be wasteful: names, sizes and times say whether to.
    const signature = await listingSignature(historyDir);
    if (signature === this.historySignature) return;
    this.historySignature = signature;
    let state: HistoryState;
    try {
      state = { history: await readHistoryFiles(historyDir) };
    } catch (error) {
      state = { history: [], historyProblem: error instanceof Error ? error.message : String(error) };
    }
    this.historyState = state;
    for (const listener of this.listeners) listener.history(state);
  }

  private async refreshTurns(): Promise<void> {
    const folder = turnsFolder(await outputFolderFor(this.path));
    const signature = await stat(join(folder, TURN_LOG_NAME)).then(
      (info) => `${info.size}:${info.mtimeMs}`,
      () => 'none',
    );
    if (signature === this.turnsSignature) return;
    this.turnsSignature = signature;
    this.turnsState = (await readTurnRecords(dirname(folder))).slice(-TURNS_SENT);
    for (const listener of this.listeners) listener.turns?.(this.turnsState);
  }

  /**
   * Writes `text` if the file is still at `baseVersion`; otherwise reports what it holds now.
   * `except` (the writer) is not told about its own write.
   */
  write(baseVersion: string, text: string, options: { overwriteProblem?: boolean; except?: FileListener } = {}): Promise<WriteOutcome> {
    return this.serially(async () => {
      const before = await readDiskState(this.path);
      if (before.version !== baseVersion) {
        this.noticeOutside(before);
        return { outcome: 'stale', disk: before };
      }
      if (before.text === null && !before.problem.includes('no such file') && !options.overwriteProblem) {
        return { outcome: 'failed', reason: `the file on disk cannot be read (${before.problem}), so it was not replaced` };
      }
      let changedMeanwhile: DiskState | undefined;
      try {
        const written = await replaceAtomically(this.path, text, {
          // The file may have changed while the new text was being written out: check once more.
          beforeRename: async () => {
            const now = await readDiskState(this.path);
            if (now.version === baseVersion) return true;
            changedMeanwhile = now;
            return false;
          },
        });
        if (!written && changedMeanwhile) {
          this.noticeOutside(changedMeanwhile);
          return { outcome: 'stale', disk: changedMeanwhile };
        }
      } catch (error) {
        return { outcome: 'failed', reason: describeWriteError(error) };
      }
      const after: DiskState = { version: versionOf(text), text };
      this.current = after;
      for (const listener of this.listeners) if (listener !== options.except) listener.disk(after, 'write');
      return { outcome: 'written', version: after.version };
    });
  }

  /** Records a snapshot of the file as it is on disk, provided that is the `version` the editor shows. */
  snapshot(version: string, summary: string | undefined): Promise<SnapshotOutcome> {
    return this.serially(async () => {
      const disk = await readDiskState(this.path);
      if (disk.version !== version || disk.text === null) {
        this.noticeOutside(disk);
        return { ok: false, message: 'Nothing was recorded: the file changed on disk meanwhile. Record again once the change has loaded.' };
      }
      const opened = openWorkingFile(disk.text);
      const errors = opened.diagnostics.filter((d) => d.severity === 'error');
      if (!opened.valid || opened.data === undefined) {
        const first = errors[0];
        return { ok: false, message: `Nothing was recorded: the file has ${errors.length} error${errors.length === 1 ? '' : 's'}${first ? ` (first, line ${first.line}:${first.column}: ${first.message})` : ''}. Fix them first.` };
      }
      try {
        const result = await recordSnapshot(opened.data, await outputFolderFor(this.path), summary?.trim() || undefined);
        await this.refreshHistory();
        if (result.changed_trees.length === 0) return { ok: false, message: `No accepted changes since revision ${result.revision}; nothing to record.`, revision: result.revision };
        const drawn = result.rendered_trees.length ? ` Diagrams redrawn: ${result.rendered_trees.map(treeName).join(', ')}.` : '';
        return { ok: true, message: `Recorded revision ${result.revision}: accepted changes in ${result.changed_trees.map(treeName).join(', ')}.${drawn}`, revision: result.revision };
      } catch (error) {
        await this.refreshHistory();
        const reason = error instanceof HistoryRefusal ? error.message : `recording failed: ${error instanceof Error ? error.message : String(error)}`;
        return { ok: false, message: reason.charAt(0).toUpperCase() + reason.slice(1) };
      }
    });
  }

  private noticeOutside(disk: DiskState): void {
    if (disk.version === this.current?.version) return;
    this.current = disk;
    for (const listener of this.listeners) listener.disk(disk, 'outside');
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

const treeName = (key: string) => key.replace(/_/g, ' ');

async function listingSignature(folder: string): Promise<string> {
  try {
    const names = (await readdir(folder)).sort();
    const parts = await Promise.all(
      names.map((name) =>
        stat(join(folder, name)).then(
          (info) => `${name}:${info.size}:${info.mtimeMs}`,
          () => `${name}:gone`,
        ),
      ),
    );
    return parts.join('|');
  } catch (error) {
    return `unlisted:${(error as NodeJS.ErrnoException).code ?? 'error'}`;
  }
}

function describeWriteError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied: the folder or the file is not writable';
  if (code === 'ENOSPC') return 'the disk is full';
  if (code === 'EROFS') return 'the file system is read-only';
  if (code === 'ENOENT') return 'the folder that holds the file is gone';
  return error instanceof Error ? error.message : String(error);
}
