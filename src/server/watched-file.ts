// One working file on disk as the workspace server shares it with every open editor: its
// current content, writes that never go over a version the writer has not seen (nor over a
// change that has not settled, see src/format/merge/settle.ts), its history folder, and news of
// changes made by anyone else.
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { openWorkingFile } from '../format';
import type { DiskState, FileInfo, HistoryFile, WriteOutcome } from '../protocol/workspace-protocol';
import { SettledWriter } from '../disk/settled-writer';
import type { WorkingFileDisk } from '../disk/working-file-disk';
import { watchFile } from '../disk/watch-file';
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

export interface WriteOptions {
  /** The person chose to write over a file that cannot be read or looks unfinished. */
  overwriteProblem?: boolean;
  /** The writer, not told about its own write. */
  except?: FileListener;
}

/** An id for a file that says nothing of where it is: it keys the page's per-file storage. */
export function fileIdOf(realPath: string): string {
  return createHash('sha256').update(`causeway-file:${realPath}`).digest('base64url').slice(0, 22);
}

export class WatchedFile {
  readonly info: FileInfo;
  private current: DiskState | undefined;
  /** Reads and writes, the safe way (settled, compared, safe-write). */
  private readonly disk: SettledWriter;
  private historyState: HistoryState = { history: [] };
  private historySignature = '';
  private turnsState: TurnRecord[] = [];
  private turnsSignature = '';
  private readonly listeners = new Set<FileListener>();
  private stopWatching: (() => void) | undefined;
  /** Reads, writes and snapshots of this file happen one at a time. */
  private queue: Promise<unknown> = Promise.resolve();
  /** The last version written through this server, and by which listener (a page, or the group session's bridge). */
  private lastWrite: { version: string; by: FileListener | undefined } | undefined;

  /**
   * `path` is the file's path in `root`, the folder the server may touch (a real path); a link
   * at `path` is followed only to a regular file in `root`.
   */
  constructor(
    readonly path: string,
    readonly root: string,
    id = fileIdOf(path),
  ) {
    this.info = { id, name: basename(path), folder: dirname(path) };
    this.disk = new SettledWriter(path, root);
  }

  /**
   * What is on disk now, read afresh (never a copy kept from before: the file may have changed
   * while nobody was watching). Listeners other than `except` hear of a change.
   */
  fresh(except?: FileListener): Promise<DiskState> {
    // One at a time with writes: a read begun before a write and answered after it holds the file
    // as it was, and told to the others it would look as if someone had put the old text back
    // (the driver's page saw its own typing undone on disk, a conflict with nobody).
    return this.serially(async () => {
      const now = await this.read();
      this.noticeOutside(now, except);
      return now;
    });
  }

  /** The history folder as it is now. */
  async freshHistory(): Promise<HistoryState> {
    await this.refreshHistory();
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
    const stopFile = watchFile(this.path, () => this.fresh().then(() => undefined), { pollMs: 700 });
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

  private read(): Promise<DiskState> {
    return this.disk.read();
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
   * Writes `text` if the file is still at `baseVersion`; otherwise reports what it holds now. A
   * change made by someone else is written over only once it has settled (see SettledWriter).
   */
  write(baseVersion: string, text: string, options: WriteOptions = {}): Promise<WriteOutcome> {
    return this.serially(async () => {
      const outcome = await this.disk.write(baseVersion, text, { personSaidSo: options.overwriteProblem });
      if (outcome.outcome === 'stale') this.noticeOutside(outcome.disk);
      if (outcome.outcome !== 'written') return outcome;
      const after: DiskState = { version: outcome.version, text };
      this.current = after;
      this.lastWrite = { version: outcome.version, by: options.except };
      for (const listener of this.listeners) if (listener !== options.except) listener.disk(after, 'write');
      return outcome;
    });
  }

  /**
   * This file as a group session's bridge sees it: the same reads, the same settled writes (one
   * at a time with the pages'), the same watcher. Pages hear of the bridge's writes as of any
   * other window's; the bridge hears of theirs and of outside changes.
   */
  forBridge(): WorkingFileDisk {
    let self: FileListener | undefined;
    return {
      read: () => this.fresh(self),
      write: (baseVersion, text) => this.write(baseVersion, text, { except: self }),
      // Written by a page of this server (the driver's), not by the bridge itself nor another program.
      writtenInSession: (version) => this.lastWrite?.version === version && this.lastWrite.by !== self,
      watch: (onChange) => {
        const listener: FileListener = { disk: () => onChange(), history: () => undefined };
        self = listener;
        const stop = this.listen(listener);
        return () => {
          stop();
          if (self === listener) self = undefined;
        };
      },
    };
  }

  /** Records a snapshot of the file as it is on disk, provided that is the `version` the editor shows. */
  snapshot(version: string, summary: string | undefined): Promise<SnapshotOutcome> {
    return this.serially(async () => {
      const disk = await this.read();
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

  private noticeOutside(disk: DiskState, except?: FileListener): void {
    if (disk.version === this.current?.version) return;
    // The first read: nobody was told of an earlier state, so there is no change to tell of.
    const first = this.current === undefined;
    this.current = disk;
    if (first) return;
    for (const listener of this.listeners) if (listener !== except) listener.disk(disk, 'outside');
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
