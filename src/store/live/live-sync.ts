// Keeps the open document and the file on disk in step, through the workspace server:
// - every edit is written a moment after it is made, never over a version of the file this page
//   has not seen (the server compares before it writes);
// - a change made on disk by anyone else is shown at once; if edits were waiting to be written,
//   the two are merged item by item (src/format/merge), and conflicts wait for the user;
// - a text on disk that cannot be read is shown as a problem and never written over by itself;
// - while the server is away the edits stay here (and in browser storage) and are written when
//   it is back;
// - once a group session runs, the driver's page hands the document over to it at the first
//   moment nothing waits to be written (driver-session.ts): the session writes the file from
//   then on, and this channel reads each change of it to tell it and to say "Saved".
import {
  deepEqual,
  diagnoseData,
  openWorkingFile,
  saveWithSource,
  shapeOfData,
  unfinishedChange,
  type Json,
  type OpenedFile,
  type SaveBase,
  changedItems,
  conflictPlaceWords,
  keepUnchanged,
  mergeWorkingTexts,
  type MergeSide,
} from '../../format';
import type { DiskState, ServerMessage } from '../../protocol/workspace-protocol';
import type { TurnRecord } from '../../protocol/turn-record';
import { fingerprintOf, heldAs, readWorkingFile } from '../read-off-thread';
import { loadSession, startAutosave, type SavedSession, type SessionKey } from '../autosave';
import { useDocumentStore, type OpenDocument } from '../document-store';
import { useHistoryStore } from '../history-store';
import { currentSecret, forgetSecret, invitedAccess, obtainAccess, onNewAccess, secretHolds } from './live-access';
import { useGroupStore } from '../group/group-store';
import type { InviteRequest } from '../../protocol/workspace-protocol';
import type { SessionConflict } from '../../protocol/collab-protocol';
import type { CollabClient } from '../../collab/client';
import { connectLive, type ConnectionState, type LiveConnection } from './live-connection';
import { useLiveStore, type DiskProblem } from './live-store';
import { describeDiskChange, describeMerge } from './live-words';
import { arrangementWelcome, onArrangementMessage, startLiveArrangement } from './live-arrangement';
import { startLivePresentation } from './live-presentation';
import { whenItemsArrive } from './when-arrived';

/** The pause after an edit before it is written: typing writes once, not on every key. */
export const WRITE_DELAY_MS = 300;
/**
 * Typing without a pause still reaches the file this often (ms): alone, so that little is at
 * stake; in a group session sooner, so that the others read the driver's words as they come.
 */
const MAX_WRITE_DELAY_MS = 2000;
const MAX_WRITE_DELAY_IN_GROUP_MS = 1000;
/** While conflicts wait, the pause in typing after which they are worked out again with what was typed. */
const CONFLICT_REFRESH_MS = 250;
/** How long to wait for the server to answer a snapshot request. */
const SNAPSHOT_TIMEOUT_MS = 120_000;
const CHOSEN_FILE_KEY = 'causeway.live.chosen';

interface SentWrite {
  request: number;
  text: string;
  /** The text as parsed: the base of the next save once it is written. */
  source: SaveBase;
  data: Json;
}

interface Sync {
  connection: LiveConnection;
  /** The version on disk the open document is based on (what the server compares writes with). */
  base: { version: string; text: string } | null;
  /** Disk content waiting for conflicts to be settled before it can become the base. */
  pending: { version: string; text: string } | null;
  /** What the server last said the file holds (also when it cannot be used). */
  latestDisk: DiskState | null;
  /**
   * Versions written through another window of this session (the group session's, the driver's
   * other tab): people typing together, whose statements merge with this page's word by word.
   */
  writtenInSession: Set<string>;
  inFlight: SentWrite | null;
  /** The last write sent, kept to recognise it on disk when its answer was lost with the connection. */
  lastSent: SentWrite | null;
  failure: string | null;
  /** A version on disk that looked unfinished and that the person chose to open as it is. */
  takenAsItIs: string | null;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** When the oldest edit not yet sent was made (what the longest wait counts from). */
  firstUnwritten: number | undefined;
  conflictTimer: ReturnType<typeof setTimeout> | undefined;
  request: number;
  snapshotWaiters: Map<number, (outcome: { ok: boolean; message: string }) => void>;
  inviteWaiters: Map<number, (outcome: { ok: true; link: string } | { ok: false; message: string }) => void>;
  flushWaiters: ((written: boolean) => void)[];
  /**
   * Set once the page edits through the group session (driver-session.ts): the session writes
   * the file, and this channel writes no document any more. It still reads each change of the
   * file, to tell it (a turn, a notice) and to know when the page's edits are in the file.
   */
  session: CollabClient | null;
  /** In the session: the file's data as last read, and whether the open document equals it. */
  diskData: Json | undefined;
  sessionWritten: boolean;
  sessionCheck: ReturnType<typeof setTimeout> | undefined;
  /** Nodes and links this page changed since the file last held all of its edits: not turns to review. */
  ownSinceWritten: Set<string>;
}

/** In a group session, the pause after others' changes before "saved" is checked against the file again. */
const SESSION_CHECK_MS = 150;

let sync: Sync | undefined;
/** Told which file on disk is open (the UI keys per-file browser storage by it). */
let fileChosenListener: ((fileId: string) => void) | undefined;
export function onFileChosen(listener: (fileId: string) => void): void {
  fileChosenListener = listener;
}

/** Told of what others did to the file: each change from outside once it is in place, and the turn log. */
export interface OutsideListener {
  /**
   * `before` is the file as this page last had it from disk, `after` as it came; `mine`, nodes
   * and links this page changed in it (in a group session). Called before the change is put in
   * place: defer the work.
   */
  change(before: Json, after: Json, fingerprint: string, cause: 'outside' | 'write', mine?: ReadonlySet<string>): void;
  turns(records: TurnRecord[]): void;
}
let outsideListener: OutsideListener | undefined;
export function onOutside(listener: OutsideListener): void {
  outsideListener = listener;
}

/** Whether this page was served by `causeway open` (the server marks the page). */
export function isLivePage(): boolean {
  return typeof document !== 'undefined' && document.querySelector('meta[name="causeway-live"]') !== null;
}

const sessionKey = (): SessionKey | undefined => {
  // An invited person's work is kept in the browser by the group session's own copy (Yjs): a
  // second copy of the whole document after every change, never read again, would only cost.
  if (useGroupStore.getState().invited !== null) return undefined;
  const file = useLiveStore.getState().file;
  return file && useLiveStore.getState().mode === 'file' ? `live:${file.id}` : undefined;
};

/** Before the page has its way in, nothing can be sent. */
const NOT_YET_CONNECTED: LiveConnection = { send: () => false, reconnect: () => undefined, close: () => undefined };

/** Starts working on the file on disk: connects, opens what the server sends, and writes edits back. */
export function startLiveSync(): () => void {
  useLiveStore.setState({ active: true });
  const state: Sync = {
    connection: NOT_YET_CONNECTED,
    base: null,
    pending: null,
    latestDisk: null,
    writtenInSession: new Set(),
    inFlight: null,
    lastSent: null,
    failure: null,
    takenAsItIs: null,
    timer: undefined,
    firstUnwritten: undefined,
    conflictTimer: undefined,
    request: 0,
    snapshotWaiters: new Map(),
    inviteWaiters: new Map(),
    flushWaiters: [],
    session: null,
    diskData: undefined,
    sessionWritten: true,
    sessionCheck: undefined,
    ownSinceWritten: new Set(),
  };
  sync = state;
  let stopped = false;
  // The address's one-time code becomes this page's secret first; then the channel opens with it.
  void obtainAccess().then((access) => {
    if (stopped) return;
    useLiveStore.setState({ access });
    // Came in with an invite: this page edits through the group session, not the live channel.
    const invited = invitedAccess();
    if (invited) {
      useLiveStore.setState({ mode: 'file', file: { id: 'group', name: 'the group session', folder: '' } });
      useGroupStore.subscribe((now) => useLiveStore.setState({ connection: now.status === 'connected' ? 'connected' : now.status === 'connecting' ? 'connecting' : 'disconnected' }));
      // Loaded only here: a person working alone never downloads the group session's engine.
      void import('../group/group-sync').then((group) => group.startGroupSync(invited));
      return;
    }
    state.connection = connectLive(
      {
        state: (connection) => onConnection(connection),
        message: (message) => take(message),
        malformed: (reason) => useDocumentStore.getState().say('refusal', `The server sent ${reason}; it was ignored.`),
      },
      currentSecret,
    );
  });
  // A new address opened here or in another tab (after a restart): back in with its secret.
  const stopAccess = onNewAccess((access) => {
    if (access !== 'ok') return;
    useLiveStore.setState({ access, restarted: false });
    state.connection.reconnect();
  });
  const stopArrangement = startLiveArrangement((message) => state.connection.send(message));
  const presentation = startLivePresentation((message) => state.connection.send(message));
  leadingPresentation = presentation;
  const stopAutosave = startAutosave((message) => useDocumentStore.getState().say('refusal', message), sessionKey);
  const unsubscribe = useDocumentStore.subscribe((now, before) => {
    if (now.document?.data !== before.document?.data || now.document?.savedData !== before.document?.savedData) {
      if (state.session) return sessionDocumentChanged(now.document, before.document);
      if (hasUnwritten()) scheduleWrite(WRITE_DELAY_MS);
      if (state.pending && now.document?.data !== before.document?.data) scheduleConflictRefresh();
      updateSaveState();
    }
  });
  return () => {
    stopped = true;
    leaveGroupSession();
    stopAccess();
    unsubscribe();
    stopAutosave();
    stopArrangement();
    presentation.stop();
    leadingPresentation = undefined;
    state.connection.close();
    clearTimeout(state.timer);
    clearTimeout(state.conflictTimer);
    clearTimeout(state.sessionCheck);
    sync = undefined;
  };
}

/** Edits not yet written (by identity: cheap enough to ask on every change). */
function hasUnwritten(): boolean {
  const document = useDocumentStore.getState().document;
  return document !== null && document.data !== document.savedData;
}

/** The driver's presentation, told to the session (again after the channel is back). */
let leadingPresentation: ReturnType<typeof startLivePresentation> | undefined;

function onConnection(connection: ConnectionState): void {
  useLiveStore.setState({ connection, ...(connection === 'connected' ? { restarted: false } : {}) });
  if (connection === 'connected') leadingPresentation?.reconnected();
  if (connection === 'disconnected' && sync) {
    // A write whose answer is lost may or may not have happened: the next welcome tells.
    sync.inFlight = null;
    for (const [request, waiter] of sync.snapshotWaiters) {
      waiter({ ok: false, message: 'Nothing was recorded: the connection to the server was lost. Record again once it is back.' });
      sync.snapshotWaiters.delete(request);
    }
    void checkRestarted();
  }
  updateSaveState();
}

/**
 * A server that answers but no longer knows this page's secret was started again (or let this
 * page go): a new address is needed, and trying with the old secret is pointless.
 */
async function checkRestarted(): Promise<void> {
  const secret = currentSecret();
  if (secret === null) return;
  const holds = await secretHolds(secret); // undefined: not answering at all, simply stopped; the connection keeps trying
  if (holds !== false || useLiveStore.getState().connection === 'connected') return;
  forgetSecret(secret);
  useLiveStore.setState({ restarted: true });
}

/**
 * The server's messages, taken one after another: reading a changed file takes a moment (off
 * this thread), and what the server said next (our write's answer, a newer change) must not be
 * acted on before what it said first.
 */
let inbox: Promise<void> = Promise.resolve();

function take(message: ServerMessage): void {
  inbox = inbox.then(() => onMessage(message)).catch((error: unknown) => console.error('Causeway: a message from the server could not be handled', error));
}

async function onMessage(message: ServerMessage): Promise<void> {
  if (!sync || onArrangementMessage(message)) return;
  switch (message.type) {
    case 'welcome':
      if (message.mode === 'folder') return showFolder(message.folder, message.files);
      return welcomeFile(message);
    case 'disk':
      return onDisk(message.disk, message.cause);
    case 'turns':
      outsideListener?.turns(message.turns);
      return;
    case 'write-result':
      return onWriteResult(message);
    case 'history': {
      const file = useLiveStore.getState().file;
      if (file) useHistoryStore.getState().adoptDiskHistory(file.name, message.history, message.historyProblem, recordOnDisk);
      return;
    }
    case 'snapshot-result': {
      const waiter = sync.snapshotWaiters.get(message.request);
      sync.snapshotWaiters.delete(message.request);
      waiter?.({ ok: message.ok, message: message.message });
      return;
    }
    case 'refused':
      useDocumentStore.getState().say('refusal', message.message);
      return;
    case 'group':
      hearGroupConflicts(message.conflicts);
      useGroupStore.setState({ invites: message.invites, people: message.people, hubs: message.hubs ?? null });
      // The session runs (an invite was made; on hubs, from the start): this page joins it, as
      // the driver, through this server (on hubs, its mirror of the hubs' document).
      if (message.invites.length > 0 || message.hubs) joinGroupSession();
      return;
    case 'invite-result': {
      const waiter = sync.inviteWaiters.get(message.request);
      sync.inviteWaiters.delete(message.request);
      waiter?.(message.ok && message.link ? { ok: true, link: message.link } : { ok: false, message: message.message ?? 'No invite was made.' });
      return;
    }
  }
}

/**
 * The group's conflicts with the file on disk, as the server tells the driver: the Conflicts part
 * lists them (see SidePanel), and a new one is said once.
 */
function hearGroupConflicts(conflicts: SessionConflict[]): void {
  const before = useGroupStore.getState().sessionConflicts;
  if (deepEqual(before, conflicts)) return;
  useGroupStore.setState({ sessionConflicts: conflicts });
  updateSaveState();
  const known = new Set(before.map((conflict) => conflict.id));
  const fresh = conflicts.filter((conflict) => !known.has(conflict.id));
  if (fresh.length === 0) return;
  const places = fresh.map(conflictPlaceWords).join(', ');
  useDocumentStore
    .getState()
    .say('info', `The file on disk was changed by another program where the group was working (${places}). Nothing the group does is written to the file until you settle this under Conflicts.`);
}

/** Driver: keeps the group's value (`mine`) or the file's (`theirs`) for a conflict with the file on disk. */
export function settleGroupConflict(conflict: string, side: MergeSide): void {
  if (!sync || !sync.connection.send({ type: 'settle-group', conflict, side })) {
    useDocumentStore.getState().say('refusal', 'Not settled: the server cannot be reached. Try again once it is back.');
  }
}

/** The driver's page in the group session (loaded only once a session runs). */
let groupSession: Promise<() => void> | undefined;

function joinGroupSession(): void {
  const file = useLiveStore.getState().file;
  const storage = `causeway-driver:${window.location.host}:${file?.id ?? ''}`;
  groupSession ??= import('../group/driver-session').then((driver) => driver.startDriverSession(currentSecret, storage, { ready: readyToHandOver, done: handedOver }));
  groupSession.catch(() => (groupSession = undefined));
}

/** Nothing of the page's waits to be written to the file: the document can go over to the session. */
function readyToHandOver(): boolean {
  const live = useLiveStore.getState();
  return !!sync && !sync.session && sync.base !== null && !hasUnwritten() && !sync.inFlight && !sync.pending && live.conflicts.length === 0 && !live.diskProblem && live.connection === 'connected';
}

function handedOver(client: CollabClient): void {
  if (!sync) return;
  clearTimeout(sync.timer);
  sync.session = client;
  sync.diskData = useDocumentStore.getState().document?.savedData;
  sync.sessionWritten = true;
  client.on('status', () => updateSaveState());
  checkSessionWritten();
}

/**
 * In the session, the open document changed: by this page (its data changed, not what counts as
 * written: the file does not have it yet) or by someone else (the file may have it already;
 * looked at once the changes pause).
 */
function sessionDocumentChanged(now: OpenDocument | null, before: OpenDocument | null): void {
  if (!sync) return;
  if (now && before && now.savedData === before.savedData && now.data !== before.data) {
    sync.sessionWritten = false;
    for (const id of changedItems(before.data, now.data).changed) sync.ownSinceWritten.add(id);
  }
  clearTimeout(sync.sessionCheck);
  sync.sessionCheck = setTimeout(checkSessionWritten, SESSION_CHECK_MS);
  updateSaveState();
}

function checkSessionWritten(): void {
  if (!sync?.session) return;
  clearTimeout(sync.sessionCheck);
  const document = useDocumentStore.getState().document;
  sync.sessionWritten = document !== null && sync.diskData !== undefined && deepEqual(document.data, sync.diskData);
  if (sync.sessionWritten) sync.ownSinceWritten.clear();
  updateSaveState();
}

/**
 * In the session, a new text of the file, read: the session takes it into the document itself;
 * here it is told (a turn to review, less what this person did; another program's change
 * marked, with its notice) and becomes what "saved" is compared with.
 */
function tellInSession(disk: { version: string; text: string }, opened: OpenedFile, cause: 'outside' | 'write'): void {
  const store = useDocumentStore.getState();
  const document = store.document!;
  const before = sync!.diskData ?? document.savedData;
  const after = opened.data as Json;
  const fingerprint = fingerprintOf(opened, disk.text);
  if (cause === 'outside') {
    const changes = changedItems(before, after);
    const notice = describeDiskChange(changes, document.trees, after);
    // The file's text is the base at once; the change is told once the session has brought it in.
    store.replaceFromDisk({ base: opened.source, data: document.data, savedData: document.savedData, changed: [] });
    whenItemsArrive(changes.changed, after, (arrived) => {
      outsideListener?.change(before, after, fingerprint, cause);
      const now = useDocumentStore.getState().document;
      if (now) useDocumentStore.getState().replaceFromDisk({ data: now.data, savedData: now.savedData, changed: changes.changed, ...(arrived ? { notice } : {}) });
    });
  } else outsideListener?.change(before, after, fingerprint, cause, new Set(sync!.ownSinceWritten));
  sync!.diskData = opened.data as Json;
  sync!.base = disk;
  checkSessionWritten();
}

function leaveGroupSession(): void {
  void groupSession?.then((leave) => leave(), () => undefined);
  groupSession = undefined;
}

/** Driver: a new one-time link into the group session (for a participant of the file, or an observer). */
export async function requestInvite(invite: InviteRequest): Promise<{ ok: true; link: string } | { ok: false; message: string }> {
  if (!sync) return { ok: false, message: 'This page is not connected to causeway open.' };
  // A participant just added must be in the file before their link is checked.
  await Promise.race([flushWrites(), new Promise((resolve) => setTimeout(resolve, 3000))]);
  if (!sync) return { ok: false, message: 'This page is not connected to causeway open.' };
  const request = ++sync.request;
  const answer = new Promise<{ ok: true; link: string } | { ok: false; message: string }>((resolve) => sync!.inviteWaiters.set(request, resolve));
  if (!sync.connection.send({ type: 'invite', request, invite })) {
    sync.inviteWaiters.delete(request);
    return { ok: false, message: 'No invite was made: the server cannot be reached.' };
  }
  return answer;
}

/** Driver: takes an invite back; whoever came in with it is disconnected at once. */
export function revokeInvite(invite: string): boolean {
  return sync?.connection.send({ type: 'revoke-invite', invite }) ?? false;
}

function showFolder(path: string, files: { id: string; name: string; title?: string; problem?: string }[]): void {
  // After a reload or a lost connection, go straight back to the file that was open in this tab
  // (still showing it meanwhile, with its edits not yet written).
  const chosen = sessionStorage.getItem(CHOSEN_FILE_KEY);
  const back = chosen !== null && files.some((f) => f.id === chosen);
  const showingIt = back && useLiveStore.getState().mode === 'file' && useLiveStore.getState().file?.id === chosen;
  useLiveStore.setState({ folder: { path, files }, ...(showingIt ? {} : { mode: 'folder' as const }) });
  if (back) chooseFile(chosen);
}

/** Folder mode: edit the listed file with this id. */
export function chooseFile(id: string): void {
  sessionStorage.setItem(CHOSEN_FILE_KEY, id);
  sync?.connection.send({ type: 'choose', id });
}

/** Folder mode: back to the list of files, once the edits have reached the disk. */
export async function backToFolder(): Promise<boolean> {
  if (!sync) return false;
  if (hasUnwritten() && !(await flushWrites())) return false;
  sessionStorage.removeItem(CHOSEN_FILE_KEY);
  sync.connection.send({ type: 'list' });
  return true;
}

async function welcomeFile(message: Extract<ServerMessage, { type: 'welcome'; mode: 'file' }>): Promise<void> {
  const live = useLiveStore.getState();
  const sameFile = live.file?.id === message.file.id && live.mode === 'file' && useDocumentStore.getState().document !== null && sync?.base !== null;
  useLiveStore.setState({ mode: 'file', file: message.file });
  fileChosenListener?.(message.file.id);
  arrangementWelcome(message.file.name, sameFile);
  useHistoryStore.getState().adoptDiskHistory(message.file.name, message.history, message.historyProblem, recordOnDisk);
  if (sameFile) {
    // Back after a lost connection: the disk may have changed, and edits may be waiting.
    await onDisk(message.disk);
    if (hasUnwritten()) scheduleWrite(0);
    return;
  }
  sync!.base = null;
  sync!.pending = null;
  sync!.latestDisk = message.disk;
  useLiveStore.setState({ conflicts: [], choices: new Map(), diskProblem: null });
  // Read what this browser kept before opening: from then on the open file is what it keeps.
  // Meanwhile the file is read off this thread, as a file chosen from the computer is.
  const [kept, read] = await Promise.all([loadSession(`live:${message.file.id}`), message.disk.text === null ? undefined : readWorkingFile(message.disk.text)]);
  if (useLiveStore.getState().file?.id !== message.file.id) return; // another file chosen meanwhile
  if (!openFromDisk(message.disk, read)) return;
  recoverUnwrittenEdits(message.file.id, kept, message.disk);
}

/** Opens the disk's text (read already, or here) as the document; false (with the problem shown) when it cannot be read. */
function openFromDisk(disk: DiskState, read?: OpenedFile): boolean {
  const name = useLiveStore.getState().file?.name ?? 'working file';
  const store = useDocumentStore.getState();
  if (disk.text === null) {
    setDiskProblem({ message: disk.problem, diagnostics: [], missing: /no such file/i.test(disk.problem) });
    store.reportUnreadable(name, disk.problem);
    return false;
  }
  if (!store.openText(disk.text, name, read)) {
    const problem = useDocumentStore.getState().openProblem;
    setDiskProblem({ message: problem?.summary ?? `${name} cannot be opened.`, diagnostics: problem?.diagnostics ?? [], missing: false });
    return false;
  }
  setDiskProblem(null);
  sync!.base = { version: disk.version, text: disk.text };
  updateSaveState();
  return true;
}

/** Edits kept in this browser that never reached the file (the server or the page stopped first). */
function recoverUnwrittenEdits(fileId: string, session: SavedSession | undefined, disk: DiskState): void {
  if (!session || session.baseText === null || deepEqual(session.data, session.savedData) || disk.text === null) return;
  if (useLiveStore.getState().file?.id !== fileId || !sync) return;
  if (deepEqual(session.data, useDocumentStore.getState().document?.data)) return;
  // The kept edits are "mine", the text they were made on is the base, the disk is "theirs".
  sync.base = { version: 'recovered', text: session.baseText };
  mergeWith({ version: disk.version, text: disk.text }, session.data, 'recovered');
}

/** What the disk holds now, taken in: shown as it is, merged with edits waiting, or its problem said. */
async function onDisk(disk: DiskState, cause: 'outside' | 'write' = 'outside'): Promise<void> {
  if (!sync) return;
  sync.latestDisk = disk;
  if (cause === 'write') noteWrittenInSession(disk.version);
  if (tookWithoutReading(disk) || disk.text === null) return;
  // Read (parsed and validated) off this thread where it can be: the page keeps answering meanwhile.
  const opened = await readWorkingFile(disk.text);
  // Meanwhile a newer state may have come, or this one been taken (the person's say, our write's answer).
  if (!sync || sync.latestDisk !== disk || tookWithoutReading(disk)) return;
  takeRead({ version: disk.version, text: disk.text }, opened, cause);
}

/** A few recent versions are enough: a merge is always with one of the last changes. */
const SESSION_VERSIONS_KEPT = 32;

function noteWrittenInSession(version: string): void {
  const versions = sync!.writtenInSession;
  versions.add(version);
  if (versions.size > SESSION_VERSIONS_KEPT) versions.delete(versions.values().next().value!);
}

/** Takes in what needs no reading of the text (true), or leaves it to be read (false). */
function tookWithoutReading(disk: DiskState): boolean {
  const base = sync!.base;
  if (base && disk.version === base.version) {
    // Back as it was (`git stash pop`): edits that waited for it are written now (setDiskProblem).
    if (useLiveStore.getState().diskProblem) setDiskProblem(null);
    updateSaveState();
    return true;
  }
  if (disk.text === null) {
    setDiskProblem({ message: disk.problem, diagnostics: [], missing: /no such file/i.test(disk.problem) });
    return true;
  }
  if (!useDocumentStore.getState().document || !base) {
    // Nothing good was open yet (the file was broken): open it now that it reads.
    if (openFromDisk(disk)) useDocumentStore.getState().say('info', `${useLiveStore.getState().file?.name ?? 'The file'} reads again and is open.`);
    return true;
  }
  // Our own write, whose answer was lost with the connection.
  if (sync!.lastSent && disk.text === sync!.lastSent.text) {
    written(sync!.lastSent, disk.version);
    return true;
  }
  return false;
}

/** The disk's new text, read, taken in: as it is when nothing waits here, else merged. */
function takeRead(disk: { version: string; text: string }, opened: OpenedFile, cause: 'outside' | 'write'): void {
  if (!sync) return;
  const document = useDocumentStore.getState().document!;
  if (!opened.editable || opened.data === undefined) {
    const first = opened.diagnostics.find((d) => d.severity === 'error');
    const summary = opened.version.kind === 'unsupported' ? `it now says schema_version ${opened.version.found}` : first ? `line ${first.line}:${first.column}: ${first.message}` : 'it cannot be read';
    setDiskProblem({ message: `The file on disk cannot be used (${summary}).`, diagnostics: opened.diagnostics, missing: false });
    return;
  }
  // A program still writing the file leaves a prefix that reads: keep the last complete content
  // until it is finished (or the person opens it as it is).
  const unfinished = sync.takenAsItIs === disk.version ? undefined : unfinishedOnDisk(document.savedData, opened);
  if (unfinished !== undefined) {
    setDiskProblem({ message: `The file on disk looks unfinished: ${unfinished}.`, diagnostics: opened.diagnostics, missing: false, unfinished });
    return;
  }
  setDiskProblem(null);
  if (sync.session) return tellInSession(disk, opened, cause);
  if (!hasUnwritten() && !sync.pending) {
    // What the change did not touch keeps the objects open now: the canvas, the workers' copies
    // and the comparisons below (and the turn's) then work on the change, not on the whole file again.
    const shared = keepUnchanged(document.data, opened.data);
    // The same content read again is taken as read, as ever: the undo list and what this
    // browser keeps of the session follow the text on disk.
    const data = shared === document.data ? opened.data : shared;
    outsideListener?.change(document.savedData, data, fingerprintOf(opened, disk.text), cause);
    // The next text read is rebuilt on these objects: comparing it with the document stops at what did not change.
    heldAs(opened, data);
    const changes = changedItems(document.data, data);
    useDocumentStore.getState().replaceFromDisk({
      base: opened.source,
      data,
      savedData: data,
      changed: changes.changed,
      notice: describeDiskChange(changes, document.trees, data),
      placed: { diagnostics: opened.diagnostics, version: opened.version },
    });
    sync.base = disk;
    updateSaveState();
    return;
  }
  outsideListener?.change(document.savedData, opened.data, fingerprintOf(opened, disk.text), cause);
  mergeWith(disk, document.data, 'disk', opened);
}

/** Why the disk's new content looks like an unfinished write, compared with what this page last took from disk. */
function unfinishedOnDisk(lastFromDisk: Json, opened: OpenedFile): string | undefined {
  // Whether the last content was valid matters only when the new one is not: worked out then.
  const wasValid = opened.valid || !diagnoseData(lastFromDisk).some((d) => d.severity === 'error');
  return unfinishedChange(shapeOfData(lastFromDisk, wasValid), shapeOfData(opened.data, opened.valid));
}

/** The person opens the file on disk as it is, although it looks unfinished (their say). */
export function takeDiskAsItIs(): void {
  const disk = sync?.latestDisk;
  if (!sync || !disk || disk.text === null) return;
  sync.takenAsItIs = disk.version;
  void onDisk(disk);
}

/**
 * Three-way merge of `mine` (edits not yet written) with the disk's new text, on the base this
 * page last read. Clean: the result is shown and written. Conflicts: the result (with my values
 * where the two disagree) is shown, and nothing is written until each conflict is settled.
 */
function mergeWith(disk: { version: string; text: string }, mine: Json, cause: 'disk' | 'recovered' | 'settled', read?: OpenedFile): void {
  if (!sync?.base) return;
  const outcome = mergedWithDisk(sync.base, mine, disk);
  const store = useDocumentStore.getState();
  const document = store.document;
  if (!document) return;
  if (outcome.conflicts.length > 0) {
    sync.pending = disk;
    useLiveStore.setState({ conflicts: outcome.conflicts });
    store.replaceFromDisk({
      data: deepEqual(outcome.data, document.data) ? document.data : outcome.data,
      savedData: document.savedData,
      changed: outcome.changedIds,
      notice: describeMerge(outcome, cause),
    });
    updateSaveState();
    return;
  }
  const theirs = read ?? openWorkingFile(disk.text);
  if (theirs.data === undefined) return;
  const data = deepEqual(outcome.data, theirs.data) ? theirs.data : outcome.data;
  sync.base = disk;
  sync.pending = null;
  useLiveStore.setState({ conflicts: [], choices: new Map() });
  store.replaceFromDisk({ base: theirs.source, data, savedData: theirs.data, changed: outcome.changedIds, notice: describeMerge(outcome, cause) });
  updateSaveState();
  if (hasUnwritten()) scheduleWrite(0);
}

/** `mine` merged with the disk's text on `base`, with the choices made so far; statements by words when the disk's version came from this session. */
function mergedWithDisk(base: { text: string }, mine: Json, disk: { version: string; text: string }) {
  return mergeWorkingTexts(base.text, mine, disk.text, useLiveStore.getState().choices, { together: sync!.writtenInSession.has(disk.version) });
}

/**
 * Conflicts are worked out again as the person keeps typing, so each offers everything typed
 * (the field being typed in is never taken away, see SidePanel).
 */
function scheduleConflictRefresh(): void {
  if (!sync) return;
  clearTimeout(sync.conflictTimer);
  sync.conflictTimer = setTimeout(refreshConflicts, CONFLICT_REFRESH_MS);
}

function refreshConflicts(): void {
  const document = useDocumentStore.getState().document;
  if (!sync?.pending || !sync.base || !document) return;
  const outcome = mergedWithDisk(sync.base, document.data, sync.pending);
  if (outcome.conflicts.length === 0) return mergeWith(sync.pending, document.data, 'disk');
  const ids = new Set(outcome.conflicts.map((c) => c.id));
  const choices = new Map([...useLiveStore.getState().choices].filter(([id]) => ids.has(id)));
  useLiveStore.setState({ conflicts: outcome.conflicts, choices });
  updateSaveState();
}

/** Settles one conflict; once every one is settled, the merge is shown and written. */
export function settleConflict(id: string, side: MergeSide): void {
  const choices = new Map(useLiveStore.getState().choices);
  choices.set(id, side);
  useLiveStore.setState({ choices });
  resettle();
}

export function settleAll(side: MergeSide): void {
  const choices = new Map(useLiveStore.getState().choices);
  for (const conflict of useLiveStore.getState().conflicts) choices.set(conflict.id, side);
  useLiveStore.setState({ choices });
  resettle();
}

function resettle(): void {
  const { conflicts, choices } = useLiveStore.getState();
  const document = useDocumentStore.getState().document;
  if (!sync?.pending || !document || !conflicts.every((c) => choices.has(c.id))) return;
  mergeWith(sync.pending, document.data, 'settled');
}

function setDiskProblem(problem: DiskProblem | null): void {
  const had = useLiveStore.getState().diskProblem !== null;
  useLiveStore.setState({ diskProblem: problem });
  updateSaveState();
  // Edits that waited for the file are written as soon as it can be used again.
  if (had && problem === null && hasUnwritten()) scheduleWrite(0);
}

function scheduleWrite(delay: number): void {
  if (!sync) return;
  clearTimeout(sync.timer);
  const now = Date.now();
  sync.firstUnwritten ??= now;
  const longest = useGroupStore.getState().invites.length > 0 ? MAX_WRITE_DELAY_IN_GROUP_MS : MAX_WRITE_DELAY_MS;
  sync.timer = setTimeout(() => writeNow(), Math.max(0, Math.min(delay, sync.firstUnwritten + longest - now)));
}

/**
 * Writes the edits now, unless something must be settled first. `overwriteProblem`: the user
 * chose to replace a file on disk that cannot be read with what the editor shows.
 */
function writeNow(overwriteProblem = false): void {
  if (!sync) return;
  clearTimeout(sync.timer);
  if (sync.session && !overwriteProblem) {
    // The session writes the file.
    updateSaveState();
    return;
  }
  sync.firstUnwritten = undefined;
  const live = useLiveStore.getState();
  const document = useDocumentStore.getState().document;
  const baseVersion = overwriteProblem ? sync.latestDisk?.version : sync.base?.version;
  if (!document || !baseVersion || sync.inFlight || sync.pending || live.connection !== 'connected' || (live.diskProblem && !overwriteProblem)) {
    updateSaveState();
    return;
  }
  if (!overwriteProblem && (!hasUnwritten() || deepEqual(document.data, document.savedData))) {
    if (hasUnwritten()) useDocumentStore.getState().rebase(document.base!, document.data); // undone back to what is on disk
    updateSaveState();
    return;
  }
  let saved: { text: string; source: SaveBase };
  try {
    saved = saveWithSource(document.base, document.data);
  } catch (error) {
    sync.failure = `the editor could not write this state as YAML: ${error instanceof Error ? error.message : String(error)}`;
    updateSaveState();
    return;
  }
  const sent: SentWrite = { request: ++sync.request, text: saved.text, source: saved.source, data: document.data };
  // Writing over a version the person opened as it is, though it looked unfinished, is their say too.
  const personSaidSo = overwriteProblem || (sync.takenAsItIs !== null && baseVersion === sync.takenAsItIs);
  if (!sync.connection.send({ type: 'write', request: sent.request, baseVersion, text: sent.text, ...(personSaidSo ? { overwriteProblem: true } : {}) })) {
    updateSaveState();
    return;
  }
  sync.inFlight = sent;
  sync.lastSent = sent;
  updateSaveState();
}

/** The user chose to replace a file on disk that cannot be read with what the editor shows. */
export function overwriteDiskProblem(): void {
  if (sync && useLiveStore.getState().diskProblem) writeNow(true);
}

async function onWriteResult(message: Extract<ServerMessage, { type: 'write-result' }>): Promise<void> {
  if (!sync?.inFlight || message.request !== sync.inFlight.request) return;
  const sent = sync.inFlight;
  sync.inFlight = null;
  if (message.outcome === 'written') {
    written(sent, message.version);
    return;
  }
  if (message.outcome === 'stale') {
    // The file changed before this write arrived. Its news may already have been merged (the
    // disk's message came first), so the merged edits may still wait: write them now.
    await onDisk(message.disk);
    if (hasUnwritten()) scheduleWrite(0);
    return;
  }
  if (message.unfinished !== undefined) {
    // The server holds the file as unfinished (it judged it against the last complete state it
    // saw): shown as such, with the person's way to write over it.
    setDiskProblem({ message: `The file on disk looks unfinished: ${message.unfinished}.`, diagnostics: [], missing: false, unfinished: message.unfinished });
  } else sync.failure = message.reason;
  updateSaveState();
  settleFlush(false);
}

function written(sent: SentWrite, version: string): void {
  if (!sync) return;
  sync.base = { version, text: sent.text };
  sync.failure = null;
  sync.lastSent = null;
  if (useLiveStore.getState().diskProblem) setDiskProblem(null);
  useDocumentStore.getState().rebase(sent.source, sent.data);
  if (hasUnwritten()) scheduleWrite(WRITE_DELAY_MS);
  updateSaveState();
}

/** Tries the last failed write again. */
export function retryWrite(): void {
  if (!sync) return;
  sync.failure = null;
  writeNow();
}

function updateSaveState(): void {
  if (!sync) return;
  const live = useLiveStore.getState();
  const unwritten = hasUnwritten();
  let save: typeof live.save;
  if (sync.session) {
    // The group's conflicts with the file are the status pill's to say (they hold back everyone's work).
    if (sync.sessionWritten) save = { kind: 'saved' };
    else if (sync.session.status !== 'connected') save = { kind: 'unsaved', reason: 'disconnected' };
    else if (live.diskProblem) save = { kind: 'unsaved', reason: diskProblemReason(live.diskProblem) };
    else save = { kind: 'saving' };
  } else if (live.conflicts.length > 0 && sync.pending) save = { kind: 'unsaved', reason: `${live.conflicts.length} conflict${live.conflicts.length === 1 ? '' : 's'} to settle` };
  else if (unwritten && live.connection !== 'connected') save = { kind: 'unsaved', reason: 'disconnected' };
  else if (unwritten && live.diskProblem) save = { kind: 'unsaved', reason: diskProblemReason(live.diskProblem) };
  else if (unwritten && sync.failure && !sync.inFlight) save = { kind: 'unsaved', reason: sync.failure };
  else if (unwritten || sync.inFlight) save = { kind: 'saving' };
  else save = { kind: 'saved' };
  if (save.kind !== live.save.kind || (save.kind === 'unsaved' && live.save.kind === 'unsaved' && save.reason !== live.save.reason)) useLiveStore.setState({ save });
  if (save.kind === 'saved') settleFlush(true);
  // Nothing of the page's reaches the file while the group's conflicts with it wait.
  else if (save.kind === 'unsaved' || (sync.session && useGroupStore.getState().sessionConflicts.length > 0)) settleFlush(false);
}

/** Why edits cannot be written while the file on disk has `problem`, in a few words. */
function diskProblemReason(problem: DiskProblem): string {
  return problem.missing ? 'file gone from disk' : problem.unfinished ? 'file on disk unfinished' : 'file on disk unreadable';
}

function settleFlush(written: boolean): void {
  if (!sync || sync.flushWaiters.length === 0) return;
  const waiters = sync.flushWaiters;
  sync.flushWaiters = [];
  for (const waiter of waiters) waiter(written);
}

/** Writes the edits now; resolves true once the file holds them, false if it could not. */
export function flushWrites(): Promise<boolean> {
  if (!sync) return Promise.resolve(false);
  const promise = new Promise<boolean>((resolve) => sync!.flushWaiters.push(resolve));
  writeNow();
  return promise;
}

/** Record snapshot, on disk: the edits are written first, then the server snapshots that version. */
async function recordOnDisk(summary: string): Promise<{ ok: boolean; message: string }> {
  if (!sync) return { ok: false, message: 'Not connected to the server.' };
  if (hasUnwritten() && !(await flushWrites())) {
    const save = useLiveStore.getState().save;
    return { ok: false, message: `Nothing was recorded: your edits could not be written to the file first (${save.kind === 'unsaved' ? save.reason : 'not saved'}).` };
  }
  if (!sync.base || useLiveStore.getState().connection !== 'connected') return { ok: false, message: 'Nothing was recorded: the server is not connected.' };
  const request = ++sync.request;
  const answer = new Promise<{ ok: boolean; message: string }>((resolve) => {
    sync!.snapshotWaiters.set(request, resolve);
    setTimeout(() => {
      if (sync?.snapshotWaiters.delete(request)) resolve({ ok: false, message: 'The server did not answer; look at the History panel before recording again.' });
    }, SNAPSHOT_TIMEOUT_MS);
  });
  sync.connection.send({ type: 'snapshot', request, version: sync.base.version, summary });
  return answer;
}
