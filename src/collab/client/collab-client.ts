// The page's side of a group session: a copy of the shared document that the page edits with the
// editor's own operations (applied at once, offline too), sent to the server as Yjs updates, kept
// in the browser (IndexedDB) so that nothing typed is lost, and merged when the connection is
// back. Presence (who is here, what they selected, what they are typing in) comes stamped by the
// server. The page applies the credit rules itself before it writes, so an honest page is never
// refused; the server applies them again, whatever a page sends.
//
// Each connection starts from a fresh copy of the server's document. When the server is the
// same session (same epoch) the page's copy joins it as Yjs merges (typing merges character by
// character); when the server started again (another epoch) the page's own edits since it was
// last in step are carried over as data by the format's three-way merge. Either way, an edit of
// one field that someone else changed meanwhile is reported, never dropped in silence.
import { HocuspocusProvider } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { deepEqual, isObject, itemFieldConflictId, sameItems, mergeWorkingFiles, valueAtConflict, withValueAtConflict, type EditResult, type Json, type MergeConflict, type MergeSide, type TextDelta, type WorkingFile } from '../../format';
import {
  encodeCollabMessage,
  parseCollabServerMessage,
  type CollabClientMessage,
  type CollabServerMessage,
  type Identity,
  type Presence,
  type SessionConflict,
  type SharedPresentation,
} from '../../protocol/collab-protocol';
import { writeEdit, type EditOutcome } from '../edit-doc';
import type { TypedText } from '../write-doc';
import { DocReader, readDoc, type DocView } from '../read-doc';
import { concurrentOverwrites, type Overwrite } from '../overwrites';
import { epochOf, fieldKind, presentingOf, rootsOf } from '../shared-doc';
import { openStorage, type ClientStorage } from './storage';

export interface CollabClientOptions {
  /** The session's WebSocket address (ws:// or wss://). */
  url: string;
  documentName: string;
  /** The page's credential (its invite), or a function giving it at each connection. */
  credential: string | (() => string | Promise<string>);
  /** Keeps the page's copy and its offline edits in IndexedDB under this name (the browser); none when left out. */
  storage?: string;
  /** The WebSocket class, where there is no global one (Node). */
  WebSocket?: unknown;
  /** The first pause before connecting again after a lost connection (doubles up to 10 s). */
  reconnectDelayMs?: number;
}

export type ClientStatus = 'connecting' | 'connected' | 'offline' | 'refused' | 'closed';

/** What a write did: refused, or written with the view it wrote (the credit rules' notes with it). */
export type { EditOutcome };

type Events = {
  /** The working file changed (an edit here, or someone else's). */
  change: [];
  status: [ClientStatus];
  presence: [];
  /** A message from the server: refused, corrected, snapshot results, problems with the disk. */
  message: [CollabServerMessage];
  /**
   * Edits made here that could not stand with what others did meanwhile: `offline`, found on
   * coming back; `together`, someone else's change of the same field at the same moment.
   */
  lost: [MergeConflict[], LostWhen];
  /**
   * Statements and notes changed, each as the splices Yjs made (this page's own and others'),
   * told before the `change` they belong to: a field being typed in keeps its caret by them.
   */
  text: [TextEdit[]];
};

/** One Y.Text of an item changed (`id`: the item's id in the file): what Yjs did, and its text after. */
export interface TextEdit {
  id: string;
  field: string;
  delta: TextDelta;
  after: string;
}

export type LostWhen = 'offline' | 'together';

const LOCAL = 'causeway-page';
/** Fields held as Y.Text: two people's edits of them merge, neither is lost. */
const TEXT_FIELDS = new Set(['text', 'note']);
const MAX_RECONNECT_DELAY_MS = 10_000;
/** The pause in changes after which the data in step with the server is kept in the browser again. */
const BASE_KEPT_AFTER_MS = 1000;
/** How long the driver waits for a snapshot to be recorded (history and diagrams of a big file take a while). */
const SNAPSHOT_TIMEOUT_MS = 120_000;

export class CollabClient {
  private docValue: Y.Doc;
  private reader: DocReader;
  private provider: HocuspocusProvider | undefined;
  private storage: ClientStorage | undefined;
  private statusValue: ClientStatus = 'connecting';
  private identityValue: Identity | undefined;
  private nameValue = '';
  /** The data last known to be in step with the server, and its epoch (kept with the page's copy). */
  private base: { epoch: string; data: Json } | undefined;
  /** What this client says of itself in presence; null while it keeps out of the others' presence strips. */
  private claim: { selection: string[]; editing: string | null } | null = { selection: [], editing: null };
  private discardLocal = false;
  private closed = false;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private baseTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Map<keyof Events, Set<(...args: never[]) => void>>();
  private connectedWaiters: (() => void)[] = [];
  private snapshotWaiters = new Map<number, (result: { ok: boolean; message: string; revision?: number }) => void>();
  private lostValue: MergeConflict[] = [];
  private readonly onDocUpdate = () => this.emit('change');
  private readonly onItemsChanged = (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
    if (!this.listeners.get('text')?.size) return;
    const edits: TextEdit[] = [];
    for (const event of events) {
      // A statement or note: items → key → 'fields' → the field's Y.Text, beside the item's id.
      const [, fields, field] = event.path;
      if (!(event.target instanceof Y.Text) || fields !== 'fields' || typeof field !== 'string') continue;
      const id = (event.target.parent as Y.Map<unknown> | null)?.get('id');
      if (typeof id === 'string') edits.push({ id, field, delta: event.delta as TextDelta, after: event.target.toString() });
    }
    if (edits.length > 0) this.emit('text', edits);
  };
  private readonly onTransaction = (transaction: Y.Transaction, doc: Y.Doc) => {
    if (transaction.local || transaction.origin === LOCAL) return;
    const overwrites = concurrentOverwrites(transaction, rootsOf(doc).items);
    if (overwrites.length > 0) this.report(this.lostTogether(overwrites), 'together');
  };

  /** Starts a session client: the page's copy is usable at once, and connects in the background. */
  static async start(options: CollabClientOptions): Promise<CollabClient> {
    const doc = new Y.Doc();
    const storage = options.storage ? await openStorage(options.storage, doc) : undefined;
    const client = new CollabClient(options, doc, storage, storage ? await storage.readBase() : undefined);
    client.connect();
    return client;
  }

  private constructor(
    private readonly options: CollabClientOptions,
    doc: Y.Doc,
    storage: ClientStorage | undefined,
    stored: { epoch: string; data: Json; identity?: Identity } | undefined,
  ) {
    this.docValue = doc;
    this.reader = new DocReader(doc);
    this.storage = storage;
    if (stored) {
      this.base = { epoch: stored.epoch, data: stored.data };
      this.identityValue = stored.identity;
    }
    doc.on('update', this.onDocUpdate);
    doc.on('afterTransaction', this.onTransaction);
    rootsOf(doc).items.observeDeep(this.onItemsChanged);
  }

  get status(): ClientStatus {
    return this.statusValue;
  }

  /** Who the server says this page is (known after the first connection; kept for offline work). */
  get identity(): Identity | undefined {
    return this.identityValue;
  }

  get name(): string {
    return this.nameValue;
  }

  /** The page's copy of the shared document. */
  get doc(): Y.Doc {
    return this.docValue;
  }

  view(): DocView {
    return this.reader.view();
  }

  /**
   * Whether this page holds a copy of the session's document: in step with the server, or kept in
   * the browser from an earlier visit. A page that has never connected holds none yet.
   */
  get holdsDocument(): boolean {
    return epochOf(this.docValue) !== '';
  }

  /** The working file as data, for the editor's store. */
  get data(): Json {
    return this.reader.view().data;
  }

  /** The session's conflicts with the file on disk, waiting for the driver. */
  get conflicts(): SessionConflict[] {
    const conflicts = rootsOf(this.docValue).session.get('conflicts');
    return Array.isArray(conflicts) ? (conflicts as SessionConflict[]) : [];
  }

  /** Why the file on disk cannot be read or written, or null. */
  get diskProblem(): string | null {
    const problem = rootsOf(this.docValue).session.get('disk');
    return typeof problem === 'string' ? problem : null;
  }

  /** The presentation the driver leads, which this page follows (null: none). */
  get presenting(): SharedPresentation | null {
    return presentingOf(this.docValue);
  }

  /** Edits made here that others' edits overrode while this page was away (latest reconnect). */
  get lost(): MergeConflict[] {
    return this.lostValue;
  }

  /** Everyone else here, as the server stamped them. */
  presence(): Presence[] {
    const awareness = this.provider?.awareness;
    if (!awareness) return [];
    const others: Presence[] = [];
    for (const [client, state] of awareness.getStates()) {
      if (client === this.docValue.clientID || !isPresence(state)) continue;
      others.push(state);
    }
    return others;
  }

  /** Runs one of the editor's operations on the current file and writes what it changed. */
  edit(change: (file: WorkingFile) => EditResult): EditResult {
    const result = change(this.data as unknown as WorkingFile);
    if (!result.ok || (result.file as unknown) === this.data) return result;
    const written = this.write(result.file as unknown as Json);
    if (!written.ok) return { ok: false, reason: written.reason };
    return { ...result, notices: [...result.notices, ...written.notes] };
  }

  /**
   * Writes `after` (the editor's new data, made from the current `data`) as the change it is,
   * credited as the server will credit it; refused edits change nothing.
   */
  write(after: Json, before: DocView = this.reader.view(), typed: readonly TypedText[] = []): EditOutcome {
    return writeEdit(this.docValue, this.identityValue, before, after, LOCAL, typed);
  }

  /** What this person has selected, for the others' canvases. */
  select(ids: readonly string[]): void {
    // Told again only when it differs: each telling is a message to everyone in the session.
    if (this.claim && sameItems(this.claim.selection, ids)) return;
    this.claim = { ...(this.claim ?? { editing: null }), selection: [...ids] };
    this.provider?.awareness?.setLocalState(this.claim);
  }

  /** The node or link this person is typing in, or null. */
  editing(id: string | null): void {
    this.claim = { ...(this.claim ?? { selection: [] }), editing: id };
    this.provider?.awareness?.setLocalState(this.claim);
  }

  /** Leaves the others' presence strips until `select` or `editing` is called again (an assistant between turns). */
  hide(): void {
    this.claim = null;
    this.provider?.awareness?.setLocalState(null);
  }

  /** Driver: records a snapshot of the file as the session wrote it. */
  snapshot(summary?: string): Promise<{ ok: boolean; message: string; revision?: number }> {
    const request = Math.floor(Math.random() * 2 ** 31);
    return new Promise((resolve) => {
      if (this.statusValue !== 'connected') {
        resolve({ ok: false, message: 'Nothing was recorded: the session is not connected.' });
        return;
      }
      // A hub with no file's process connected has nobody to answer.
      const timer = setTimeout(() => {
        this.snapshotWaiters.delete(request);
        resolve({ ok: false, message: 'Nothing was recorded: no answer from the process that holds the file.' });
      }, SNAPSHOT_TIMEOUT_MS);
      this.snapshotWaiters.set(request, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      this.send({ type: 'snapshot', request, ...(summary ? { summary } : {}) });
    });
  }

  /** Driver: keeps the session's value (`mine`) or the file's (`theirs`) for a conflict with the disk. */
  settle(conflict: string, side: MergeSide): void {
    this.send({ type: 'settle', conflict, side });
  }

  /** Driver: revokes an invite; whoever came in with it is disconnected at once. */
  revoke(invite: string): void {
    this.send({ type: 'revoke', invite });
  }

  /**
   * Resolves once the server has every edit made here (`sent`), or says why not: it refused one
   * (`refused`, nothing of it kept), or the connection was lost first, or `timeoutMs` passed
   * (`lost`: the server may or may not have it).
   */
  whenSent(timeoutMs: number): Promise<{ ok: true } | { ok: false; refused?: string }> {
    return new Promise((resolve) => {
      const started = Date.now();
      let refused: string | undefined;
      const stop = this.on('message', (message) => {
        if (message.type === 'refused') refused = message.reason;
      });
      const look = () => {
        const provider = this.provider;
        const done = (outcome: { ok: true } | { ok: false; refused?: string }) => {
          stop();
          resolve(outcome);
        };
        if (refused !== undefined) return done({ ok: false, refused });
        if (this.statusValue === 'connected' && provider && !provider.hasUnsyncedChanges) return done({ ok: true });
        if (this.statusValue !== 'connected' || Date.now() - started > timeoutMs) return done({ ok: false });
        setTimeout(look, 5);
      };
      look();
    });
  }

  /** Resolves once connected and in step with the server. */
  whenConnected(): Promise<void> {
    if (this.statusValue === 'connected') return Promise.resolve();
    return new Promise((resolve) => this.connectedWaiters.push(resolve));
  }

  on<E extends keyof Events>(event: E, listener: (...args: Events[E]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as (...args: never[]) => void);
    return () => set!.delete(listener as (...args: never[]) => void);
  }

  /** Goes offline now (a lost network, for tests and for the page's own Disconnect). */
  disconnect(): void {
    this.dropProvider();
    this.setStatus('offline');
  }

  /** Connects again after `disconnect`. */
  reconnect(): void {
    if (this.provider || this.closed) return;
    clearTimeout(this.retry);
    this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    clearTimeout(this.baseTimer);
    this.dropProvider();
    this.docValue.off('update', this.onDocUpdate);
    this.docValue.off('afterTransaction', this.onTransaction);
    rootsOf(this.docValue).items.unobserveDeep(this.onItemsChanged);
    this.reader.dispose();
    await this.storage?.close();
    this.setStatus('closed');
  }

  private emit<E extends keyof Events>(event: E, ...args: Events[E]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: Events[E]) => void)(...args);
  }

  private setStatus(status: ClientStatus): void {
    if (this.statusValue === status) return;
    this.statusValue = status;
    this.emit('status', status);
    if (status === 'connected') {
      for (const resolve of this.connectedWaiters.splice(0)) resolve();
    }
  }

  private send(message: CollabClientMessage): void {
    this.provider?.sendStateless(encodeCollabMessage(message));
  }

  /** A new connection with a fresh copy of the server's document. */
  private connect(): void {
    if (this.closed) return;
    this.setStatus(this.statusValue === 'refused' ? 'refused' : 'connecting');
    const fresh = new Y.Doc();
    let adopted = false;
    const provider = new HocuspocusProvider({
      url: this.options.url,
      name: this.options.documentName,
      document: fresh,
      token: typeof this.options.credential === 'string' ? this.options.credential : async () => (this.options.credential as () => string | Promise<string>)(),
      // A provider retries a connection that does not open; one that opened and was lost is
      // replaced (lostConnection), so that every connection starts from a fresh copy.
      ...({ WebSocketPolyfill: this.options.WebSocket, delay: this.options.reconnectDelayMs ?? 500, minDelay: this.options.reconnectDelayMs ?? 500, maxDelay: MAX_RECONNECT_DELAY_MS } as object),
      onStateless: ({ payload }) => this.onServerMessage(payload),
      onAuthenticationFailed: ({ reason }) => {
        this.emit('message', { type: 'refused', reason });
        this.setStatus('refused');
        this.dropProvider();
      },
      onSynced: ({ state }) => {
        if (!state || adopted) return;
        const adopt = () => {
          if (adopted || this.provider !== provider) return;
          adopted = true;
          this.adopt(fresh);
        };
        if (epochOf(fresh) !== '') adopt();
        else rootsOf(fresh).meta.observe(() => epochOf(fresh) !== '' && adopt()); // a hub waiting for the file's process
      },
      onAwarenessChange: () => this.emit('presence'),
      // In step again: what the server has is the base of a merge after a restart of the server.
      onUnsyncedChanges: ({ number }: { number: number }) => {
        if (number === 0 && this.provider === provider && this.statusValue === 'connected') this.keepBaseSoon();
      },
      onClose: () => this.lostConnection(provider),
      onDisconnect: () => this.lostConnection(provider),
    });
    this.provider = provider;
  }

  private lostConnection(provider: HocuspocusProvider): void {
    if (this.provider !== provider) return;
    // What the server had of this page's copy is the base of the next merge.
    if (this.statusValue === 'connected' && !provider.hasUnsyncedChanges) this.rememberBase();
    this.dropProvider();
    if (this.closed || this.statusValue === 'refused') return;
    this.setStatus('offline');
    const delay = Math.min(MAX_RECONNECT_DELAY_MS, (this.options.reconnectDelayMs ?? 500) * 2 ** Math.min(this.attempt++, 5));
    clearTimeout(this.retry);
    this.retry = setTimeout(() => this.connect(), delay);
  }

  private dropProvider(): void {
    const provider = this.provider;
    this.provider = undefined;
    if (!provider) return;
    // Closing a socket still opening reports an error on it: nothing to report, it is being dropped.
    const socket = provider.configuration.websocketProvider.webSocket as { addEventListener?: (type: string, listener: () => void) => void; on?: (type: string, listener: () => void) => void } | null;
    if (socket?.on) socket.on('error', () => undefined);
    else socket?.addEventListener?.('error', () => undefined);
    provider.destroy();
    provider.configuration.websocketProvider.destroy();
  }

  /** The fresh copy becomes the page's document, with this page's own work carried over. */
  private adopt(fresh: Y.Doc): void {
    const local = this.docValue;
    const mine = this.reader.view().data;
    const localEpoch = epochOf(local);
    const serverEpoch = epochOf(fresh);
    const theirs = readDoc(fresh).data;
    const base = this.base;
    const ownWork = !this.discardLocal && localEpoch !== '' && base !== undefined && !deepEqual(mine, base.data);
    let lost: MergeConflict[] = [];
    if (ownWork && localEpoch === serverEpoch) {
      // The same session: Yjs merges the copies. Where someone else changed a field this page
      // changed too, the value the others already see stands (whichever Yjs would pick) and this
      // page's is reported, to be put back by hand if it should win. Statements merge character
      // by character: both are kept.
      const conflicts = mergeWorkingFiles(base.data, mine, theirs).conflicts.filter((conflict) => !TEXT_FIELDS.has(conflict.field ?? ''));
      fresh.transact(() => {
        Y.applyUpdate(fresh, Y.encodeStateAsUpdate(local), LOCAL);
        const merged = readDoc(fresh);
        let kept = merged.data;
        for (const conflict of conflicts) {
          if (conflict.field === undefined || conflict.theirs === undefined || deepEqual(valueAtConflict(kept, conflict), conflict.theirs)) continue;
          kept = withValueAtConflict(kept, conflict, conflict.theirs);
        }
        if (kept !== merged.data) writeEdit(fresh, this.identityValue, merged, kept, LOCAL);
      }, LOCAL);
      const merged = readDoc(fresh).data;
      lost = conflicts.filter((conflict) => !deepEqual(valueAtConflict(merged, conflict), conflict.mine));
    } else if (ownWork) {
      // Another session (the server started again): this page's edits since it was in step, as data.
      const choices = new Map<string, MergeSide>();
      let outcome = mergeWorkingFiles(base.data, mine, theirs);
      for (const conflict of outcome.conflicts) choices.set(conflict.id, 'theirs');
      lost = outcome.conflicts;
      if (choices.size > 0) outcome = mergeWorkingFiles(base.data, mine, theirs, choices);
      this.swap(fresh);
      const written = this.write(outcome.data);
      if (!written.ok) this.emit('message', { type: 'refused', reason: `Your edits made while away could not be kept: ${written.reason}` });
    }
    if (this.docValue !== fresh) this.swap(fresh);
    this.discardLocal = false;
    this.attempt = 0;
    this.lostValue = [];
    this.report(lost, 'offline');
    this.rememberBase();
    this.provider?.awareness?.setLocalState(this.claim && { selection: this.claim.selection, editing: this.claim.editing });
    this.setStatus('connected');
    this.emit('change');
  }

  /** Adds `lost` to what is listed (a later report of one field replaces the earlier) and says so. */
  private report(lost: MergeConflict[], when: LostWhen): void {
    if (lost.length === 0) return;
    this.lostValue = [...this.lostValue.filter((entry) => !lost.some((now) => now.id === entry.id)), ...lost];
    this.emit('lost', lost, when);
  }

  /** Fields of nodes and links changed here and by someone else at once, as conflicts to offer back. */
  private lostTogether(overwrites: Overwrite[]): MergeConflict[] {
    const view = this.reader.view();
    const lost: MergeConflict[] = [];
    for (const { itemKey, field, mine, theirs } of overwrites) {
      const place = view.places.get(itemKey);
      const item = view.items.get(itemKey);
      if (!place || place.list === 'backlog' || fieldKind(place.list, field) !== 'plain' || !isObject(item) || typeof item.id !== 'string') continue;
      const kind = place.list === 'nodes' ? 'node' : 'link';
      const what = kind === 'node' ? 'Node' : 'Link';
      lost.push({
        id: itemFieldConflictId(kind, item.id, field),
        kind,
        item: item.id,
        tree: place.tree,
        field,
        base: undefined,
        mine: mine as Json,
        theirs: theirs as Json,
        message: `${what} ${item.id}: its ${field} was changed by someone else at the same moment as here, and theirs was kept.`,
      });
    }
    return lost;
  }

  private swap(fresh: Y.Doc): void {
    const old = this.docValue;
    old.off('update', this.onDocUpdate);
    old.off('afterTransaction', this.onTransaction);
    rootsOf(old).items.unobserveDeep(this.onItemsChanged);
    this.reader.dispose();
    this.docValue = fresh;
    this.reader = new DocReader(fresh);
    fresh.on('update', this.onDocUpdate);
    fresh.on('afterTransaction', this.onTransaction);
    rootsOf(fresh).items.observeDeep(this.onItemsChanged);
    void this.storage?.follow(fresh, epochOf(old) !== epochOf(fresh));
    old.destroy();
  }

  /** Kept once the changes pause (not at every keystroke: the base is the whole file). */
  private keepBaseSoon(): void {
    clearTimeout(this.baseTimer);
    this.baseTimer = setTimeout(() => {
      if (this.statusValue === 'connected' && this.provider && !this.provider.hasUnsyncedChanges) this.rememberBase();
    }, BASE_KEPT_AFTER_MS);
  }

  private rememberBase(): void {
    const epoch = epochOf(this.docValue);
    if (epoch === '') return;
    this.base = { epoch, data: this.reader.view().data };
    void this.storage?.writeBase({ ...this.base, ...(this.identityValue ? { identity: this.identityValue } : {}) });
  }

  private onServerMessage(payload: string): void {
    const parsed = parseCollabServerMessage(payload);
    if (!parsed.ok) {
      this.emit('message', { type: 'refused', reason: `The server sent ${parsed.reason}; it was ignored.` });
      return;
    }
    const message = parsed.message;
    if (message.type === 'relay') return; // for the file's process
    if (message.type === 'welcome') {
      this.identityValue = message.identity;
      this.nameValue = message.name;
    } else if (message.type === 'refused') {
      // Nothing of the refused edit was kept: this copy starts again from the server's.
      this.discardLocal = true;
    } else if (message.type === 'snapshot-result') {
      const waiter = this.snapshotWaiters.get(message.request);
      this.snapshotWaiters.delete(message.request);
      waiter?.(message);
    }
    this.emit('message', message);
  }
}

function isPresence(state: unknown): state is Presence {
  if (!isObject(state as Json)) return false;
  const user = (state as { user?: unknown }).user;
  return typeof user === 'object' && user !== null && typeof (user as { id?: unknown }).id === 'string';
}
