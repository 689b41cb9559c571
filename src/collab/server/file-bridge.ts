// The session's document and the working file on disk, kept in step. The file is written a
// moment after changes stop (atomically, onto the text last read, so comments, key order and
// unknown keys stay), and never over a version of the file the bridge has not seen: a change made
// on disk by anyone else (the assistant, the command line, a text editor) is merged with what the
// group is doing by the format's three-way merge. A conflict waits for the driver, with both
// values in the session's records; nothing is written until every conflict is settled. A file
// that cannot be read is never written over.
import * as Y from 'yjs';
import {
  deepEqual,
  mergeWorkingTexts,
  openWorkingFile,
  type Json,
  type MergeConflict,
  type MergeSide,
  shapeOfText,
  unfinishedChange,
} from '../../format';
import { outputFolderFor, recordSnapshot, HistoryRefusal } from '../../disk/history-on-disk';
import { versionOf } from '../../disk/disk-state';
import { settledDisk, type WorkingFileDisk } from '../../disk/working-file-disk';
import type { SessionConflict } from '../../protocol/collab-protocol';
import { DocReader } from '../read-doc';
import { fillDoc } from '../load-doc';
import { onlyTyping, rootsOf } from '../shared-doc';
import { writeFileToDoc } from '../write-doc';
import { OffThreadSaver, saveWorkerEntry } from './off-thread-saver';

/** The pause after typing before the file is written: typing writes once, not on every key. */
export const WRITE_DELAY_MS = 300;
/**
 * The pause after any other change (a node added, a link, an acceptance): short, so that whoever
 * reads the file (the assistant, the command line, the driver's page saying "Saved") has it soon;
 * a burst of changes still makes one write.
 */
export const CHANGE_WRITE_DELAY_MS = 40;
/**
 * Typing without a pause still reaches the file this often: the assistant and the command line
 * read the group's words about once a second.
 */
export const MAX_WRITE_DELAY_MS = 1000;

export interface FileBridgeOptions {
  /** The transaction origin of the bridge's own changes to the document. */
  origin?: unknown;
  /** The pause after every change before the file is written (by default, see WRITE_DELAY_MS and CHANGE_WRITE_DELAY_MS). */
  writeDelayMs?: number;
  maxWriteDelayMs?: number;
  /** Run after the bridge merged a change on disk into the document (the session repairs then). */
  afterMerge?(): void;
  /** Told when the file's state for the session changes (a problem, conflicts). */
  onState?(state: BridgeState): void;
  /** Test hook: the bridge does not watch the file (tests call `checkDisk`). */
  watch?: boolean;
  /**
   * How the file is read, written and watched: by default the settled, compared, safe write of
   * src/disk; inside `causeway open`, the workspace server's own file (one writer, one watcher).
   */
  disk?: WorkingFileDisk;
  /**
   * The document already holds the session (a hub kept it while the file's process was away):
   * it is kept, and written onto the file's text, instead of being filled from the file.
   */
  adopt?: boolean;
  /**
   * Save in a worker thread, so that the session's messages never wait for a save: by default
   * wherever the command line's bundle has the worker; true: also from the TypeScript source
   * (tests); false: never.
   */
  saveOffThread?: boolean;
}

export interface BridgeState {
  /** Why the file cannot be read or written now, or null. */
  problem: string | null;
  conflicts: SessionConflict[];
}

export interface SnapshotOutcome {
  ok: boolean;
  message: string;
  revision?: number;
}

interface Base {
  text: string;
  version: string;
  /** The document's data that this text holds. */
  data: Json;
}

export const BRIDGE_ORIGIN = 'causeway-file-bridge';

export class FileOpenError extends Error {}

export class FileBridge {
  private base: Base;
  /** The disk's text while conflicts with it wait for the driver. */
  private pending: { text: string; version: string } | null = null;
  private readonly choices = new Map<string, MergeSide>();
  private state: BridgeState = { problem: null, conflicts: [] };
  private readonly stateListeners = new Set<(state: BridgeState) => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the waiting write is due, and whether typing asked for it (the next key may put it off). */
  private due: { at: number; typing: boolean } | undefined;
  private firstUnwritten: number | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly stopWatching: () => void;
  private readonly onTransaction: (transaction: Y.Transaction) => void;
  private closed = false;
  private readonly saver: OffThreadSaver;
  readonly origin: unknown;

  /** Reads the working file at `path` (its real path) into the empty document `doc`. */
  static async open(path: string, doc: Y.Doc, reader: DocReader, options: FileBridgeOptions = {}): Promise<FileBridge> {
    const disk = options.disk ?? settledDisk(path);
    const read = await disk.read();
    if (read.text === null) throw new FileOpenError(read.problem);
    const opened = openWorkingFile(read.text);
    if (!opened.editable) {
      const error = opened.diagnostics.find((d) => d.severity === 'error');
      const where = error && error.line > 0 ? `:${error.line}:${error.column}` : '';
      throw new FileOpenError(`${path}${where}: ${error?.message ?? 'this is not a working file Causeway can edit'}`);
    }
    if (!options.adopt) fillDoc(doc, opened.data!, undefined, options.origin ?? BRIDGE_ORIGIN);
    const base: Base = { text: read.text, version: read.version, data: options.adopt ? opened.data! : reader.view().data };
    const bridge = new FileBridge(path, doc, reader, base, disk, options);
    if (options.adopt) bridge.schedule();
    return bridge;
  }

  private constructor(
    readonly path: string,
    private readonly doc: Y.Doc,
    private readonly reader: DocReader,
    base: Base,
    private readonly disk: WorkingFileDisk,
    private readonly options: FileBridgeOptions,
  ) {
    this.base = base;
    this.saver = new OffThreadSaver(options.saveOffThread === false ? undefined : saveWorkerEntry({ fromSource: options.saveOffThread }), base.text.length);
    this.origin = options.origin ?? BRIDGE_ORIGIN;
    this.onTransaction = (transaction) => {
      if (transaction.origin === this.origin || transaction.changed.size === 0) return;
      this.schedule(onlyTyping(transaction) ? undefined : CHANGE_WRITE_DELAY_MS);
    };
    doc.on('afterTransaction', this.onTransaction);
    this.stopWatching = options.watch === false ? () => undefined : disk.watch(() => void this.checkDisk());
    this.saver.prepare(base.text);
    this.publish();
  }

  get current(): BridgeState {
    return this.state;
  }

  /** Where the file's saves are made now (see OffThreadSaver). */
  get savesIn(): 'starting' | 'worker' | 'here' {
    return this.saver.where;
  }

  /** The text last written or read, and its data (what the file holds as far as the bridge knows). */
  get written(): { text: string; data: Json } {
    return { text: this.base.text, data: this.base.data };
  }

  /** Writes what is waiting now; resolves when the file holds it (or cannot, for the reason in the state). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.due = undefined;
    return this.serially(() => this.write());
  }

  /** Reads the file and merges a change made by anyone else. */
  checkDisk(): Promise<void> {
    return this.serially(() => this.takeDisk());
  }

  /** Tells `listener` of every change of the file's state for the session; returns a function that stops it. */
  listen(listener: (state: BridgeState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** The driver's choice for a conflict; once all are chosen, the merge is written. */
  settle(conflict: string, side: MergeSide): Promise<void> {
    this.choices.set(conflict, side);
    return this.serially(async () => {
      const disk = await this.readDisk();
      if (disk) await this.merge(disk);
    });
  }

  /** Records a snapshot of the file as the session wrote it (written first), as `causeway snapshot` does. */
  snapshot(summary: string | undefined): Promise<SnapshotOutcome> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.due = undefined;
    return this.serially(async () => {
      await this.write();
      if (this.pending) return { ok: false, message: 'Nothing was recorded: conflicts with the file on disk wait to be settled.' };
      if (this.state.problem) return { ok: false, message: `Nothing was recorded: ${this.state.problem}` };
      const opened = openWorkingFile(this.base.text);
      const errors = opened.diagnostics.filter((d) => d.severity === 'error');
      if (!opened.valid) {
        const first = errors[0];
        return { ok: false, message: `Nothing was recorded: the file has ${errors.length} error${errors.length === 1 ? '' : 's'}${first ? ` (first, line ${first.line}:${first.column}: ${first.message})` : ''}. Fix them first.` };
      }
      try {
        const result = await recordSnapshot(opened.data!, await outputFolderFor(this.path), summary?.trim() || undefined);
        if (result.changed_trees.length === 0) return { ok: false, message: `No accepted changes since revision ${result.revision}; nothing to record.`, revision: result.revision };
        return { ok: true, message: `Recorded revision ${result.revision}: accepted changes in ${result.changed_trees.map((key) => key.replace(/_/g, ' ')).join(', ')}.`, revision: result.revision };
      } catch (error) {
        const reason = error instanceof HistoryRefusal ? error.message : `recording failed: ${error instanceof Error ? error.message : String(error)}`;
        return { ok: false, message: reason.charAt(0).toUpperCase() + reason.slice(1) };
      }
    });
  }

  /** Stops following the file, after writing what waits. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.flush().catch(() => undefined);
    this.closed = true;
    this.stopWatching();
    this.doc.off('afterTransaction', this.onTransaction);
    await this.saver.close();
  }

  /**
   * Writes after `pause` ms: typing puts its own write off at every key (one write, not one a key),
   * but never a sooner write that another change asked for.
   */
  schedule(pause = WRITE_DELAY_MS): void {
    if (this.closed) return;
    const now = Date.now();
    this.firstUnwritten ??= now;
    let due = now + Math.min(this.options.writeDelayMs ?? pause, Math.max(0, this.firstUnwritten + (this.options.maxWriteDelayMs ?? MAX_WRITE_DELAY_MS) - now));
    if (this.due && !this.due.typing) due = Math.min(due, this.due.at);
    clearTimeout(this.timer);
    this.due = { at: due, typing: pause === WRITE_DELAY_MS && due !== this.due?.at };
    this.timer = setTimeout(() => void this.flush(), due - now);
  }

  private async write(): Promise<void> {
    this.firstUnwritten = undefined;
    if (this.closed) return;
    // Nothing is written while conflicts wait; merged again with what the group did since, so that
    // the driver chooses between today's values (and a conflict the group undid goes by itself).
    if (this.pending) return this.merge(this.pending);
    const data = this.reader.view().data;
    if (deepEqual(data, this.base.data)) return;
    const disk = await this.readDisk();
    if (!disk) return;
    if (disk.version !== this.base.version) return this.merge(disk);
    const text = await this.saver.save(this.base.text, data);
    // Written as `causeway open` writes: compared with the version last seen (again just before
    // the rename), and over a change by someone else only once it has settled.
    const outcome = await this.disk.write(this.base.version, text);
    if (outcome.outcome === 'stale') {
      if (outcome.disk.text === null) return this.setState({ problem: `the file cannot be read (${outcome.disk.problem}); the session keeps its work and will not write over it.` });
      return this.merge({ text: outcome.disk.text, version: outcome.disk.version });
    }
    if (outcome.outcome === 'failed') {
      this.setState({ problem: `the file was not written (${outcome.reason}); the session keeps its work and tries again with the next change.` });
      return;
    }
    this.base = { text, version: versionOf(text), data };
    if (this.state.problem) this.setState({ problem: null });
  }

  private async takeDisk(): Promise<void> {
    const disk = await this.readDisk();
    if (!disk || disk.version === this.pending?.version) return;
    if (disk.version === this.base.version) {
      // Back to the text last agreed on (a broken or half-written version put right): the problem
      // is over, and what the group did meanwhile is written now, not with the next change.
      if (this.state.problem) {
        this.setState({ problem: null });
        await this.write();
      }
      return;
    }
    await this.merge(disk);
  }

  /** The file as text, or null (and the problem said) when it cannot be read. */
  private async readDisk(): Promise<{ text: string; version: string } | null> {
    const read = await this.disk.read();
    if (read.text === null) {
      this.setState({ problem: `the file cannot be read (${read.problem}); the session keeps its work and will not write over it.` });
      return null;
    }
    return { text: read.text, version: read.version };
  }

  /** Merges the text on disk with the document, against the last text both agreed on. */
  private async merge(disk: { text: string; version: string }): Promise<void> {
    // A change that looks half-written (a tree gone, no longer valid) is not taken in: the
    // session waits for the next change, as `causeway open` does (src/format/merge/settle.ts).
    const unfinished = unfinishedChange(shapeOfText(this.base.text), shapeOfText(disk.text));
    if (unfinished) {
      this.setState({ problem: `the file on disk looks unfinished (${unfinished}); the session keeps its work and waits for the next change.` });
      return;
    }
    const view = this.reader.view();
    // The driver typing in their page and the group typing in the session are people typing
    // together: a statement both changed merges word by word, an item's notes note by note.
    // Another program's change does not.
    const together = this.disk.writtenInSession?.(disk.version) ?? false;
    const outcome = mergeWorkingTexts(this.base.text, view.data, disk.text, this.choices, { together });
    if (outcome.theirsProblem) {
      this.setState({ problem: outcome.theirsProblem });
      return;
    }
    if (!deepEqual(outcome.data, view.data)) {
      writeFileToDoc(this.doc, view, outcome.data, this.origin);
      this.options.afterMerge?.();
    }
    if (outcome.conflicts.length > 0) {
      this.pending = disk;
      this.setState({ problem: null, conflicts: outcome.conflicts.map(sessionConflict) });
      return;
    }
    this.pending = null;
    this.choices.clear();
    const opened = openWorkingFile(disk.text);
    this.base = { text: disk.text, version: disk.version, data: opened.data! };
    this.saver.prepare(disk.text);
    this.setState({ problem: null, conflicts: [] });
    await this.write(); // what the session has beyond the disk's version goes onto it now
  }

  private setState(change: Partial<BridgeState>): void {
    const next = { ...this.state, ...change };
    if (deepEqual(next, this.state)) return;
    this.state = next;
    this.publish();
    this.options.onState?.(next);
    for (const listener of this.stateListeners) listener(next);
  }

  /** The session's records in the document: what every page shows about the file. */
  private publish(): void {
    const { session } = rootsOf(this.doc);
    this.doc.transact(() => {
      if (!deepEqual(session.get('disk'), this.state.problem)) session.set('disk', this.state.problem);
      if (!deepEqual(session.get('conflicts'), this.state.conflicts)) session.set('conflicts', this.state.conflicts);
    }, this.origin);
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

function sessionConflict(conflict: MergeConflict): SessionConflict {
  const side = (value: Json | undefined) => (value === undefined ? null : { value });
  return {
    id: conflict.id,
    message: conflict.message,
    item: conflict.item,
    ...(conflict.field !== undefined ? { field: conflict.field } : {}),
    mine: side(conflict.mine),
    theirs: side(conflict.theirs),
  };
}
