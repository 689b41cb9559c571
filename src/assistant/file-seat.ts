// The assistant's seat at one working file: the one place where its reads and writes go. Every
// tool reads the file through `read` and changes it through `change`, which writes the safe way
// the workspace server does:
// - a change is made by a format operation on the version the assistant last read, never on
//   bytes it has not seen;
// - content that just changed on disk is not written over until it has settled, nor when it
//   looks unfinished (a valid file turned invalid, trees gone): the format's settle rule
//   (src/format/merge/settle.ts), the same one `causeway open` follows;
// - when the people changed the file since the assistant read it, the two are merged item by
//   item (src/format/merge); the same field changed on both sides refuses the call, file untouched;
// - the new text keeps every comment and key order (saved onto the text it replaces) and is
//   written the safe way every Causeway server writes (src/disk/safe-write.ts: links written
//   through, read-only files left alone, mode and owner kept), only if the file is still what was
//   merged with;
// - each write is recorded in the turn log beside the file, which the workspace server relays to
//   every open editor.
// When a `causeway open` group session runs on the file on this machine, the seat joins it as a
// client (session-link.ts) instead of writing the file around it: reads come from the session's
// document, changes go into it (every page has them at once; the session writes the file), and
// the session checks the assistant's credit. When the session ends, even in the middle of a
// change, the seat goes back to the file with that change. The tools do not change.
import { stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import {
  allIds,
  isObject,
  mergeWorkingFiles,
  mergeWorkingTexts,
  newErrors,
  openParsed,
  parseSource,
  saveWithSource,
  settleVerdict,
  shapeOfData,
  stringifyData,
  turnChanges,
  type EditResult,
  type FileShape,
  type MergeConflict,
  type Json,
  type OpenedFile,
  type ParsedSource,
  type SaveBase,
  type TurnChange,
  type WorkingFile,
} from '../format';
import { createExclusively } from '../disk/atomic-write';
import { outputFolderFor } from '../disk/history-on-disk';
import { readWorkingText } from '../disk/read-text';
import { writeWorkingFile } from '../disk/safe-write';
import { appendTurnRecord, keepAfterAssistant } from '../disk/turn-log';
import { TURN_RECORD_VERSION, textFingerprint, type TurnRecord } from '../protocol/turn-record';
import { SessionLink, type SessionFinder } from './session-link';
import type { TurnTracker } from './turn-tracker';

/** A refusal the assistant is told as it is; the file is unchanged. */
export class SeatRefusal extends Error {}

export interface Reading {
  text: string;
  opened: OpenedFile;
  /** The file's data (an editable file: version 1 or an unversioned draft). */
  data: WorkingFile;
}

export interface ChangeOutcome {
  /** Side effects the operation reports ("2 links returned to proposed (l3, l4)"). */
  notices: string[];
  created: string[];
  /** What this write changed, item by item (empty when nothing changed). */
  changes: TurnChange[];
  /** Set when the people had changed the file since the assistant last read it. */
  merged?: { theirs: TurnChange[]; notes: string[] };
  /** Where the change went: the group session's document, or the file. */
  via?: 'session' | 'file';
  /** Why the change went to the file although a session was joined (it ended meanwhile). */
  fellBack?: string;
}

export type SeatMode = { kind: 'file' } | { kind: 'session'; label: string };

export interface SeatOptions {
  turns: TurnTracker;
  /** The MCP client's name for itself, for the turn log. */
  client?: () => string | undefined;
  now?: () => number;
  /** How long a change made by someone else must stay as it is before it is written over (the format's SETTLE_MS by default). */
  settleMs?: number;
  /** Called after a write is on disk (tests use it to interfere). */
  afterWrite?: () => void;
  /** Called right before the rename (tests use it to write the file meanwhile). */
  beforeRename?: () => Promise<void> | void;
  /** Finds a group session running on the file and asks it for the assistant's seat; without it, the seat writes the file. */
  findSession?: SessionFinder;
  /** Told when the seat joins a session or goes back to the file (for the command's messages). */
  onMode?: (path: string, mode: SeatMode) => void;
}

const WRITE_ATTEMPTS = 3;
/** How long a write waits, at most, for a file that keeps changing before it gives up. */
const SETTLE_GIVE_UP_MS = 10_000;
/** After a session that runs could not be joined, how long before the seat tries again (it writes the file meanwhile). */
const REJOIN_AFTER_MS = 10_000;
/** How long after its last change the assistant stays shown at the item in the presence strip, unless it ends its turn. */
const PRESENT_FOR_MS = 60_000;

interface Seen {
  text: string;
  source: SaveBase;
  data: WorkingFile;
  shape: FileShape;
}

export class FileSeat {
  /** What the assistant last read or wrote: changes are made on this version. */
  private seen: Seen | undefined;
  /** The text this seat last wrote: its own write needs no settling. */
  private lastWritten: string | undefined;
  /** The last text read or written, as read: the same bytes are not parsed twice. */
  private cache: Reading | undefined;
  /** Every id seen in this file during this session: a new item never reuses one. */
  private readonly everSeen = new Set<string>();
  private queue: Promise<unknown> = Promise.resolve();
  /** The group session this seat works through, while one runs. */
  private link: SessionLink | undefined;
  private joinFailedAt = -Infinity;
  private presenceTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly path: string,
    private readonly options: SeatOptions,
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Reads the file as it is now; the assistant has then seen this version. */
  read(): Promise<Reading> {
    return this.serially(async () => {
      const link = await this.session();
      const reading = link ? await this.readingOfSession(link.data) : await this.readNow();
      this.remember(reading);
      return reading;
    });
  }

  /** Where the seat's reads and changes go now (a session is looked for by the next call). */
  get mode(): SeatMode {
    return this.link?.live ? { kind: 'session', label: this.link.label } : { kind: 'file' };
  }

  /** Leaves the group session, if joined. */
  async close(): Promise<void> {
    clearTimeout(this.presenceTimer);
    const link = this.link;
    this.link = undefined;
    await link?.close();
  }

  /** The folder beside the file for history, diagrams and the turn log. */
  outputFolder(): Promise<string> {
    return outputFolderFor(this.path);
  }

  /**
   * Makes a change with `operation` (a format operation) and writes it. Throws SeatRefusal with
   * the reason when the operation refuses or the write cannot be made safely; the file is then
   * unchanged.
   */
  change(operation: (file: WorkingFile, avoid: ReadonlySet<string>) => EditResult): Promise<ChangeOutcome> {
    return this.serially(async () => {
      const link = await this.session();
      if (!link) return this.changeFile(operation);
      const outcome = await this.changeInSession(link, operation);
      if (outcome.kind === 'done') return outcome.outcome;
      // The session did not confirm the change (it ended, or did not answer in time): the same
      // change goes to the file, merged with what the session wrote there last (it may have
      // written this change already: the merge does not make it twice).
      const written = await this.changeFile(outcome.carried);
      return { ...written, fellBack: 'The group session did not confirm this change (it ended, or did not answer in time); it was written to the file instead.' };
    });
  }

  /** The change made in the group session's document: the session takes it, refuses it, or is gone (`lost`, with the change to carry to the file). */
  private async changeInSession(
    link: SessionLink,
    operation: (file: WorkingFile, avoid: ReadonlySet<string>) => EditResult,
  ): Promise<{ kind: 'done'; outcome: ChangeOutcome } | { kind: 'lost'; carried: (file: WorkingFile) => EditResult }> {
    const before = link.view();
    const data = before.data as unknown as WorkingFile;
    const avoid = new Set([...this.everSeen, ...allIds(data)]);
    const result = operation(data, avoid);
    if (!result.ok) throw new SeatRefusal(result.reason);
    const changes = turnChanges(data as Json, result.file as Json);
    if (result.file === data || changes.length === 0) return { kind: 'done', outcome: { notices: result.notices, created: result.created ?? [], changes: [], via: 'session' } };
    const sent = await link.send(before, result.file);
    if (!sent.ok && 'refused' in sent) throw new SeatRefusal(`The group session refused this change: ${sent.refused} Nothing was changed.`);
    if (!sent.ok) {
      const mine = result.file;
      return {
        kind: 'lost',
        carried: (file) => {
          const merged = mergeWorkingFiles(data as Json, mine as Json, file as Json);
          if (merged.conflicts.length > 0) return { ok: false, reason: 'The group session did not confirm this change, and the file on disk now says otherwise for the same items; nothing was written. Read the file again and retry.' };
          return { ok: true, file: merged.data as unknown as WorkingFile, notices: result.notices, ...(result.created ? { created: result.created } : {}) };
        },
      };
    }
    const reading = await this.readingOfSession(link.data);
    this.remember(reading);
    await this.record(changes, reading.text);
    this.showAt(link, changes);
    this.options.afterWrite?.();
    return { kind: 'done', outcome: { notices: result.notices, created: result.created ?? [], changes, via: 'session' } };
  }

  /** The change written to the file, the safe way. */
  private async changeFile(operation: (file: WorkingFile, avoid: ReadonlySet<string>) => EditResult): Promise<ChangeOutcome> {
    for (let attempt = 1; ; attempt++) {
      const disk = await this.readSettled();
      const base = this.seen && this.seen.text !== disk.text ? this.seen : seenOf(disk);
      const avoid = new Set([...this.everSeen, ...allIds(disk.data)]);
      const result = operation(base.data, avoid);
      if (!result.ok) throw new SeatRefusal(result.reason);
      const changes = turnChanges(base.data as Json, result.file as Json);
      if (result.file === base.data || changes.length === 0) {
        // Nothing to write; the assistant's version stays the one it read.
        return { notices: result.notices, created: result.created ?? [], changes: [], via: 'file' };
      }
      const planned = this.plan(base, disk, result.file);
      const written = await this.replace(disk.text, planned.text);
      if (!written) {
        if (attempt < WRITE_ATTEMPTS) continue; // changed again meanwhile: merge with that
        throw new SeatRefusal('The file kept changing while this change was being written; nothing was written. Read it again and retry.');
      }
      const reading = planned.source ? readingOfParsed(planned.text, planned.source) : readingOf(planned.text);
      this.cache = reading;
      this.remember(reading);
      this.lastWritten = planned.text;
      await this.record(changes, planned.text);
      this.options.afterWrite?.();
      return { notices: result.notices, created: result.created ?? [], changes, via: 'file', ...(planned.merged ? { merged: planned.merged } : {}) };
    }
  }

  /** Creates the file with `data`; refused when it exists. The creation is the first change of a turn. */
  create(data: WorkingFile): Promise<ChangeOutcome> {
    return this.serially(async () => {
      const text = `# A Conversational YAML v1 working file, started by an assistant through "causeway mcp".\n${stringifyData(data as Json)}`;
      const reading = readingOf(text);
      const first = reading.opened.diagnostics.find((d) => d.severity === 'error');
      if (first) throw new SeatRefusal(`This file would not be valid (${first.message}); nothing was created.`);
      let created: boolean;
      try {
        created = await createExclusively(this.path, text);
      } catch (error) {
        throw new SeatRefusal(`The file could not be created (${describeWriteError(error)}).`);
      }
      if (!created) throw new SeatRefusal(`${basename(this.path)} already exists; read it (summary) and work on it instead.`);
      this.remember(reading);
      this.lastWritten = text;
      const changes = turnChanges(undefined, data as Json);
      await this.record(changes, text);
      return { notices: [], created: [], changes };
    });
  }

  /** Writes a record that ends the open turn, with what the assistant says of it. */
  async endTurn(summary: string | undefined): Promise<string | undefined> {
    this.showIdle();
    const place = this.options.turns.end();
    if (!place) return undefined;
    const record: TurnRecord = {
      v: TURN_RECORD_VERSION,
      ...place,
      at: new Date(this.now()).toISOString(),
      actor: this.actor(),
      changes: [],
      ...(summary ? { summary } : {}),
      ended: true,
    };
    await appendTurnRecord(await this.outputFolder(), record);
    return place.turn;
  }

  /** The text to write: the change on the assistant's version, merged with the people's when the file moved on. */
  private plan(base: Seen, disk: Reading, mine: WorkingFile): { text: string; source?: ParsedSource; merged?: ChangeOutcome['merged'] } {
    if (base.text === disk.text) return saveWithSource(base.source, mine as Json);
    const merge = mergeWorkingTexts(base.text, mine as Json, disk.text);
    if (merge.theirsProblem) throw new SeatRefusal(merge.theirsProblem);
    if (merge.conflicts.length > 0 || merge.text === undefined) {
      const where = merge.conflicts.slice(0, 5).map(describeConflict).join('; ');
      throw new SeatRefusal(
        `The people changed the same ${merge.conflicts.length === 1 ? 'thing' : 'things'} since you last read the file (${where}); nothing was written. Read ${merge.conflicts.length === 1 ? 'it' : 'them'} again (read_item, or turn_summary) and decide with the group.`,
      );
    }
    const merged = readingOf(merge.text);
    const added = newErrors(disk.data, merged.data);
    if (added.length > 0) throw new SeatRefusal(`Merged with the people's changes, this would make the file invalid (${added[0].message}); nothing was written. Read the file again and retry.`);
    return { text: merge.text, source: merged.opened.source, merged: { theirs: turnChanges(base.data as Json, disk.data as Json), notes: merge.notes } };
  }

  /** Replaces the file with `text` if it still holds `expected`; false when it changed meanwhile. */
  private async replace(expected: string, text: string): Promise<boolean> {
    let result;
    try {
      result = await writeWorkingFile(this.path, text, {
        root: dirname(this.path),
        beforeReplace: async () => {
          await this.options.beforeRename?.();
          const now = await readWorkingText(this.path);
          return now.ok && now.text === expected;
        },
      });
    } catch (error) {
      throw new SeatRefusal(`The file could not be written (${describeWriteError(error)}); it is unchanged.`);
    }
    if (result.ok) return true;
    if (result.code === 'changed') return false;
    if (result.code === 'read-only') throw new SeatRefusal(`${basename(this.path)} is read-only; nothing was written. Ask the people to make it writable if you should change it.`);
    throw new SeatRefusal(`The file could not be written (${result.reason}); it is unchanged.`);
  }

  /**
   * The group session running on the file, joined if need be; undefined when none runs (or it
   * could not be joined just now): the seat then works on the file.
   */
  private async session(): Promise<SessionLink | undefined> {
    if (this.link?.live) return this.link;
    if (this.link) {
      await this.close(); // the session ended: its secret is worthless now
      this.options.onMode?.(this.path, { kind: 'file' });
    }
    const find = this.options.findSession;
    if (!find || this.now() - this.joinFailedAt < REJOIN_AFTER_MS) return undefined;
    const grant = await find(this.path, this.options.client?.()).catch(() => undefined);
    if (!grant) return undefined;
    this.link = await SessionLink.join(grant).catch(() => undefined);
    if (this.link) {
      this.showJoined();
      this.options.onMode?.(this.path, this.mode);
    } else this.joinFailedAt = this.now();
    return this.link;
  }

  /** The session's document as a reading: its data, in the file's own text (comments and style) as the session will write it. */
  private async readingOfSession(data: WorkingFile): Promise<Reading> {
    const disk = await this.readNow().catch(() => undefined);
    return readingOf(disk ? saveWithSource(disk.opened.source, data as Json).text : stringifyData(data as Json));
  }

  /** Shows the assistant at what it just changed in everyone's presence strip (stamped by the session), until it ends its turn or goes quiet. */
  private showAt(link: SessionLink, changes: readonly TurnChange[]): void {
    const touched = changes.filter((change) => (change.subject === 'node' || change.subject === 'link') && change.change !== 'removed').map((change) => change.id);
    if (touched.length === 0) return;
    link.at(touched, touched.at(-1)!);
    clearTimeout(this.presenceTimer);
    this.presenceTimer = setTimeout(() => this.showIdle(), PRESENT_FOR_MS);
    this.presenceTimer.unref?.();
  }

  /** Out of the presence strips until the next call: the people see the assistant while it works, as a person at the table. */
  private showIdle(): void {
    clearTimeout(this.presenceTimer);
    if (this.link?.live) this.link.away();
  }

  /** Shown as present (no item yet) when it joins; away again if it then goes quiet. */
  private showJoined(): void {
    clearTimeout(this.presenceTimer);
    this.presenceTimer = setTimeout(() => this.showIdle(), PRESENT_FOR_MS);
    this.presenceTimer.unref?.();
  }

  /**
   * The file as it is now, once it has settled: content that just changed is not written over
   * until it has stayed the same for a moment, and never when it looks unfinished.
   */
  private async readSettled(): Promise<Reading> {
    const started = this.now();
    for (;;) {
      const reading = await this.readNow();
      if (reading.text === this.lastWritten || reading.text === this.seen?.text) return reading;
      // The seat reads only when called, so how long the file has been still is told by its
      // modification time, not by when the seat first saw it.
      const modified = await stat(this.path).then((info) => info.mtimeMs, () => this.now());
      const stillFor = this.now() - Math.min(modified, this.now());
      const trusted = this.seen?.shape ?? shapeOfReading(reading);
      const verdict = settleVerdict(trusted, shapeOfReading(reading), stillFor, { settleMs: this.options.settleMs });
      if (verdict.kind === 'held') {
        throw new SeatRefusal(`The file on disk changed since you last read it and looks unfinished (${verdict.reason}); it may still be being written, so nothing was written. Read it again (summary) and retry once it is complete.`);
      }
      if (verdict.kind === 'settled') return reading;
      if (this.now() - started > SETTLE_GIVE_UP_MS) throw new SeatRefusal('Another program keeps writing the file; nothing was written. Retry in a moment.');
      await new Promise((resolve) => setTimeout(resolve, verdict.ms));
    }
  }

  private async readNow(): Promise<Reading> {
    const read = await readWorkingText(this.path);
    if (!read.ok) throw new SeatRefusal(read.code === 'unreadable-file' && /no such file/.test(read.message) ? `${read.message} Create it first (create_file).` : read.message);
    if (this.cache?.text === read.text) return this.cache;
    const reading = readingOf(read.text);
    this.cache = reading;
    return reading;
  }

  private remember(reading: Reading): void {
    this.seen = seenOf(reading);
    for (const id of allIds(reading.data)) this.everSeen.add(id);
  }

  private actor(): TurnRecord['actor'] {
    const client = this.options.client?.();
    return { kind: 'assistant', ...(client ? { client: client.slice(0, 200) } : {}) };
  }

  private async record(changes: TurnChange[], text: string): Promise<void> {
    const folder = await this.outputFolder();
    const record: TurnRecord = {
      v: TURN_RECORD_VERSION,
      ...this.options.turns.next(),
      at: new Date(this.now()).toISOString(),
      actor: this.actor(),
      fingerprint: textFingerprint(text),
      changes,
    };
    // The file is written: a log that cannot be written loses the review marks, not the change.
    await appendTurnRecord(folder, record).catch(() => undefined);
    await keepAfterAssistant(folder, text).catch(() => undefined);
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/** Reads `text` as a working file; refuses what cannot be edited (another version, broken YAML). */
export function readingOf(text: string): Reading {
  return readingOfParsed(text, parseSource(text));
}

/** readingOf for text already parsed (a save reads back what it writes). */
function readingOfParsed(text: string, source: ParsedSource): Reading {
  const opened = openParsed(source);
  if (!opened.editable || !isObject(opened.data)) {
    if (opened.version.kind === 'unsupported') {
      throw new SeatRefusal(`The file declares schema_version ${opened.version.found}; Causeway edits Conversational YAML version 1 only and will not reinterpret it.`);
    }
    const first = opened.diagnostics.find((d) => d.severity === 'error');
    throw new SeatRefusal(`The file cannot be read as a working file${first ? ` (line ${first.line}:${first.column}: ${first.message})` : ''}; nothing was changed.`);
  }
  return { text, opened, data: opened.data as unknown as WorkingFile };
}

function seenOf(reading: Reading): Seen {
  return { text: reading.text, source: reading.opened.source, data: reading.data, shape: shapeOfReading(reading) };
}

function shapeOfReading(reading: Reading): FileShape {
  return shapeOfData(reading.opened.data as Json | undefined, reading.opened.valid);
}

/** "n3's text is now “…”": what the people left where the assistant's change collides. */
function describeConflict(conflict: MergeConflict): string {
  const what = conflict.kind === 'file' ? conflict.item : `${conflict.kind} ${conflict.item}`;
  if (conflict.theirs === undefined) return `${what} was removed`;
  const value = typeof conflict.theirs === 'string' ? `“${conflict.theirs.length > 80 ? `${conflict.theirs.slice(0, 77)}…` : conflict.theirs}”` : JSON.stringify(conflict.theirs).slice(0, 80);
  return conflict.field ? `${what}'s ${conflict.field} is now ${value}` : `${what} was changed`;
}

function describeWriteError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOSPC') return 'the disk is full';
  if (code === 'EROFS') return 'the file system is read-only';
  return error instanceof Error ? error.message : String(error);
}
