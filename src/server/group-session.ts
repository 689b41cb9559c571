// The group session of one `causeway open`: the collaboration server (Yjs, Hocuspocus) mounted on
// the workspace server, the invites the driver hands out, and who is here. It starts with the first
// invite, so a person working alone runs exactly as before. Everyone comes in through the same
// access table as the driver: an invite is a one-time code in a link's fragment, exchanged for a
// secret of the person's own; the collaboration channel checks that secret (the Hocuspocus token)
// and takes identity and role from the table, never from the page. The shared document is written
// to the file through the workspace server's own file (one writer, one watcher).
//
// With hubs (`causeway open FILE --hub ws://…`), the collaboration server is not here: this
// process connects to the hubs as the session's one writer (connectFileToHub), invites are signed
// with the hubs' shared secret and take people to the hubs' pages, and revoking one is recorded in
// the session, which every hub follows. The driver's own page stays on this server: it joins the
// session through a mirror of this process's copy of the hubs' document (driver-mirror.ts).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { ASSISTANT, addParticipant, deepEqual, isObject, openWorkingFile, saveWorkingFile, type Json, type MergeSide, type WorkingFile } from '../format';
import type { Awareness } from 'y-protocols/awareness';
import { connectFileToHub, createCollabServer, newInviteId, signInvite, startDriverMirror, type CollabServer, type FileSession, type HubAddress } from '../collab/server';
import { colourOf } from '../collab';
import type { Identity, Presence, SharedPresentation } from '../protocol/collab-protocol';
import { GROUP_DOCUMENT, INVITE_FRAGMENT, type GroupInvite, type GroupPerson, type GroupState, type InviteRequest } from '../protocol/workspace-protocol';
import type { AccessTable, Grant } from './access';
import type { WatchedFile } from './watched-file';

/** `added`: the participant was new, and was added to the file's participants first. */
export type InviteAnswer = { ok: true; link: string; invite: GroupInvite; added?: boolean } | { ok: false; message: string };

/** How an assistant's `causeway mcp` on this machine joins: the channel, the document and its own secret. */
export type AssistantSeatAnswer = { ok: true; url: string; documentName: string; credential: string } | { ok: false; message: string };

export interface GroupSessionOptions {
  file: WatchedFile;
  access: AccessTable;
  /** A link that lets one page in, once, as `grant` (the workspace server's address). */
  linkFor(grant: Grant, onUsed: () => void): string;
  /** The collaboration channel's address (ws://HOST:PORT/collab), for the assistant's seat. */
  collabUrl?: string;
  /** The file's write delay, for tests. */
  writeDelayMs?: number;
  /** Hubs host the session: this process is its one writer, and invites take people to the hubs. */
  hub?: GroupHub;
}

export interface GroupHub {
  address: HubAddress;
  /** CAUSEWAY_HUB_SECRET, shared with every hub. */
  secret: string;
  /** The session's name on the hubs. */
  documentName: string;
}

/** How long a link to the hubs lets its person in (the driver revokes it sooner when needed). */
export const HUB_INVITE_MS = 24 * 60 * 60_000;

/** What runs the session's document: the collaboration server here, or the connection to the hubs. */
interface Engine {
  readonly session: FileSession | undefined;
  /** Presence of everyone in the session (the driver's own state set here). */
  awareness(): Awareness | undefined;
  revoke(invite: string): void;
  handleUpgrade?(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** The local collaboration server (not with hubs). */
  server?: CollabServer;
  close(): Promise<void>;
}

export class GroupSession {
  private engine: Promise<Engine> | undefined;
  private running: Engine | undefined;
  private readonly invites = new Map<string, GroupInvite>();
  private readonly listeners = new Set<(state: GroupState) => void>();
  private people: GroupPerson[] = [];
  private driverPages = 0;
  /** On hubs: what the driver's page says of itself (selection, typing), which this process shows there. */
  private driverPageSays: Presence | null = null;
  /** The presentation the driver leads, and the driver's page leading it (its live channel). */
  private presentation: { presenting: SharedPresentation; page: object } | undefined;
  /** The participant being added to the file, if any: the next waits for it. */
  private adding: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: GroupSessionOptions) {
    options.access.onRevoke((_identity, invite) => {
      if (invite === undefined) return;
      void this.engine?.then((engine) => engine.revoke(invite));
    });
  }

  /** Whether the session's engine runs (an invite was made; with hubs, from the start). */
  get started(): boolean {
    return this.engine !== undefined;
  }

  /** Whether invites take people to hubs. */
  get onHubs(): boolean {
    return this.options.hub !== undefined;
  }

  /** Connects to the hubs at once (with hubs only), so that a hub that cannot be reached is said at the start. */
  async connect(): Promise<void> {
    await this.ensure();
  }

  get state(): GroupState {
    return {
      invites: [...this.invites.values()],
      people: this.people,
      ...(this.options.hub ? { hubs: this.options.hub.address.pages } : {}),
      conflicts: this.running?.session?.state.conflicts ?? [],
    };
  }

  /** Tells `listener` of every change of invites and people; returns a function that stops it. */
  listen(listener: (state: GroupState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A new link for a participant of the file, or for an observer. */
  async invite(request: InviteRequest): Promise<InviteAnswer> {
    if (this.closed) return { ok: false, message: 'The session is closing.' };
    const disk = await this.options.file.fresh();
    if (disk.text === null) return { ok: false, message: `No invite was made: the file cannot be read (${disk.problem}).` };
    const opened = openWorkingFile(disk.text);
    if (!opened.editable || !isObject(opened.data)) return { ok: false, message: 'No invite was made: the file on disk is not a working file Causeway can edit; fix it first.' };
    let identity: string;
    let name: string;
    let added = false;
    if (request.role === 'participant') {
      const participants = isObject(opened.data.participants) ? opened.data.participants : {};
      const id = request.participant;
      if (!Object.hasOwn(participants, id)) {
        if (request.name === undefined) return { ok: false, message: `No invite was made: "${id}" is not among the file's participants. Add them in the People panel first, or give their name to add them: causeway invite FILE ${id} --name "Their Name".` };
        const problem = await this.addParticipant(id, request.name);
        if (problem) return { ok: false, message: `No invite was made: ${problem}` };
        added = true;
      }
      identity = id;
      name = typeof participants[id] === 'string' ? (participants[id] as string) : (request.name?.trim() ?? id);
    } else {
      identity = `observer:${newInviteId()}`;
      name = 'Observer';
    }
    try {
      await this.ensure();
    } catch (error) {
      return { ok: false, message: `No invite was made: the group session could not start (${error instanceof Error ? error.message : String(error)}).` };
    }
    const id = newInviteId();
    const invite: GroupInvite = { id, identity, name, role: request.role, used: false };
    const hub = this.options.hub;
    const link = hub
      ? `${hub.address.pages}/#${INVITE_FRAGMENT}=${signInvite({ doc: hub.documentName, id: identity, role: request.role, invite: id, exp: Date.now() + HUB_INVITE_MS }, hub.secret)}`
      : this.options.linkFor({ identity, role: request.role, invite: id }, () => this.markUsed(id));
    this.invites.set(id, invite);
    this.publish();
    return { ok: true, link, invite, ...(added ? { added } : {}) };
  }

  /**
   * Adds `id`, named `name`, to the file's participants: written to the file like any other
   * window's edit (after the settled writes before it), and taken into the session from there,
   * merged with what the group is doing. Undefined when done; else why not.
   */
  private addParticipant(id: string, name: string): Promise<string | undefined> {
    // One at a time: several people added at once would each find the file changed by the others.
    const added = this.adding.then(() => this.writeParticipant(id, name));
    this.adding = added.catch(() => undefined);
    return added;
  }

  private async writeParticipant(id: string, name: string): Promise<string | undefined> {
    if (id.trim() !== id) return 'a participant id cannot begin or end with a space.';
    for (let attempt = 0; attempt < 3; attempt++) {
      const disk = await this.options.file.fresh();
      if (disk.text === null) return `the file cannot be read (${disk.problem}).`;
      const opened = openWorkingFile(disk.text);
      if (!opened.editable || !isObject(opened.data)) return 'the file on disk is not a working file Causeway can edit; fix it first.';
      if (isObject(opened.data.participants) && Object.hasOwn(opened.data.participants, id)) return undefined; // added meanwhile
      const added = addParticipant(opened.data as WorkingFile, id, name);
      if (!added.ok) return added.reason;
      const written = await this.options.file.write(disk.version, saveWorkingFile(opened.source, added.file as Json));
      if (written.outcome === 'written') return undefined;
      if (written.outcome === 'failed') return `the file could not be written (${written.reason}).`;
      // Changed on disk meanwhile: read it again.
    }
    return 'the file kept changing while the participant was added; try again.';
  }

  /**
   * A seat for an AI assistant's `causeway mcp` (asked over this user's private socket): a secret
   * of its own whose identity is `assistant`, decided here, so the session credits and checks its
   * edits as the assistant's. Starts the session if it did not run yet.
   */
  async assistantSeat(client: string | undefined): Promise<AssistantSeatAnswer> {
    if (this.closed) return { ok: false, message: 'The session is closing.' };
    if (!this.options.collabUrl) return { ok: false, message: 'This session has no channel an assistant can join.' };
    try {
      await this.ensure();
    } catch (error) {
      return { ok: false, message: `The group session could not start (${error instanceof Error ? error.message : String(error)}).` };
    }
    const hub = this.options.hub;
    if (hub) {
      // On hubs the channel is theirs: the assistant gets an invite signed as any other, for its seat only.
      const credential = signInvite({ doc: hub.documentName, id: ASSISTANT, role: 'assistant', invite: newInviteId(), exp: Date.now() + HUB_INVITE_MS, ...(client ? { client } : {}) }, hub.secret);
      return { ok: true, url: hub.address.socket, documentName: hub.documentName, credential };
    }
    const credential = this.options.access.issueSecret({ identity: ASSISTANT, role: 'assistant', ...(client ? { client } : {}) });
    return { ok: true, url: this.options.collabUrl, documentName: GROUP_DOCUMENT, credential };
  }

  /** Takes an invite back: its link stops working and whoever came in with it is disconnected at once. */
  revoke(inviteId: string): boolean {
    if (!this.invites.delete(inviteId)) return false;
    // Here: the access table takes its secrets back and the engine closes its connections. With
    // hubs the link is signed, so the session records it revoked and every hub refuses it.
    this.options.access.revokeInvite(inviteId);
    if (this.options.hub) void this.engine?.then((engine) => engine.revoke(inviteId));
    this.publish();
    return true;
  }

  /**
   * The driver's page is here (its live channel opened): the others see the driver in their
   * presence strip while at least one such page is open. Returns the function to call when it goes.
   */
  driverArrived(): () => void {
    this.driverPages++;
    this.showDriver();
    let gone = false;
    return () => {
      if (gone) return;
      gone = true;
      this.driverPages--;
      this.showDriver();
    };
  }

  /**
   * The driver's page `page` leads the presentation everyone follows (null: it ends). The caller
   * has checked that the page is the driver's. Another of the driver's pages may take over; the
   * presentation ends with the page leading it (`pageGone`).
   */
  present(presenting: SharedPresentation | null, page: object): void {
    if (presenting) this.presentation = { presenting, page };
    else if (this.presentation?.page === page || this.presentation === undefined) this.presentation = undefined;
    else return; // another page of the driver's leads it now
    this.running?.session?.present(this.presentation?.presenting ?? null);
  }

  /** The presentation now (null: none). */
  get presenting(): SharedPresentation | null {
    return this.presentation?.presenting ?? null;
  }

  /**
   * The driver's choice for a conflict between the group's work and the file on disk (the caller
   * has checked that the page is the driver's); once every one is chosen, the session writes.
   */
  async settle(conflict: string, side: MergeSide): Promise<void> {
    await this.running?.session?.settle(conflict, side);
  }

  /** A driver's page went (closed, reloaded, lost): a presentation it led ends for everyone. */
  pageGone(page: object): void {
    if (this.presentation?.page === page) this.present(null, page);
  }

  /**
   * The driver's presence, set by the server itself while a driver's page is open but not (yet) in
   * the session's presence with its own connection (which then says what the driver selects and
   * types in). On hubs the driver's page speaks through this process: what it says is shown here.
   */
  private showDriver(): void {
    const awareness = this.running?.awareness();
    if (!awareness) return;
    const id = this.driverId();
    const ownPage = [...awareness.getStates()].some(([client, state]) => client !== awareness.clientID && isDriverPresence(state, id));
    let wanted: Presence | null = this.driverPageSays;
    if (!wanted && this.driverPages > 0 && !ownPage) {
      const data = this.collabData();
      const participants = isObject(data) && isObject(data.participants) ? data.participants : {};
      const name = typeof participants[id] === 'string' ? (participants[id] as string) : id;
      wanted = { user: { id, name, colour: colourOf(id, Object.keys(participants)), role: 'driver' }, selection: [], editing: null };
    }
    // Set only when it changes: this runs on every change of presence, its own included.
    if (JSON.stringify(awareness.getLocalState() ?? null) !== JSON.stringify(wanted)) awareness.setLocalState(wanted);
  }

  /** Takes a WebSocket upgrade already checked for Host and Origin. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    if (!this.engine) return false;
    void this.engine.then(
      (engine) => engine.handleUpgrade!(request, socket, head),
      () => socket.destroy(),
    );
    return true;
  }

  /** Writes what waits and stops. */
  async close(): Promise<void> {
    this.closed = true;
    const engine = await this.engine?.catch(() => undefined);
    await engine?.close();
  }

  /** The running collaboration server (for tests and for the next steps: the assistant's seat); none with hubs. */
  async server(): Promise<CollabServer> {
    const engine = await this.ensure();
    if (!engine.server) throw new Error('This session runs on hubs: its collaboration server is theirs.');
    return engine.server;
  }

  private ensure(): Promise<Engine> {
    this.engine ??= (this.options.hub ? this.startOnHubs(this.options.hub) : this.start()).catch((error: unknown) => {
      this.engine = undefined;
      throw error;
    });
    return this.engine;
  }

  private async startOnHubs(hub: GroupHub): Promise<Engine> {
    const { file } = this.options;
    // Until the session's document is here, the driver is the one the file on disk names.
    const disk = await file.fresh();
    const opened = disk.text === null ? undefined : openWorkingFile(disk.text);
    const named = opened && isObject(opened.data) ? opened.data.driver : undefined;
    const driverOnDisk = typeof named === 'string' && named.length > 0 ? named : 'driver';
    // The driver's pages join through a mirror here, whose document is the one connected to the
    // hubs; everyone else is on the hubs.
    const { server: mirror, writer, close } = await startDriverMirror({
      // The page asks for the session by the name it has on this server, whatever the hubs call it.
      documentName: GROUP_DOCUMENT,
      authenticate: (credential) => (this.options.access.grantOf(credential)?.role === 'driver' ? this.driverIdentity() : undefined),
      onDriverPresence: (presence) => {
        this.driverPageSays = presence;
        this.showDriver();
      },
      connect: (doc) =>
        connectFileToHub({
          hub: hub.address.socket,
          secret: hub.secret,
          path: file.path,
          documentName: hub.documentName,
          disk: file.forBridge(),
          writeDelayMs: this.options.writeDelayMs,
          name: () => (this.running ? this.driverId() : driverOnDisk),
          doc,
        }),
    });
    const engine: Engine = {
      session: writer.session,
      awareness: () => writer.awareness,
      revoke: (invite) => writer.session.revoke(invite),
      handleUpgrade: (request, socket, head) => mirror.handleUpgrade(request, socket, head),
      close,
    };
    this.running = engine;
    if (this.presentation) writer.session.present(this.presentation.presenting);
    this.followPresence(writer.awareness);
    this.followConflicts(writer.session);
    this.showDriver();
    return engine;
  }

  private async start(): Promise<Engine> {
    const { file, access } = this.options;
    const collab = await createCollabServer({
      file: { path: file.path, documentName: GROUP_DOCUMENT, disk: file.forBridge(), writeDelayMs: this.options.writeDelayMs },
      // The page's secret, from the same table as the live channel's: identity and role are the table's.
      authenticate: (credential) => {
        const grant = access.grantOf(credential);
        if (!grant) return undefined;
        if (grant.role === 'driver') return this.driverIdentity();
        if (grant.role === 'assistant') return { id: ASSISTANT, role: 'assistant', ...(grant.client ? { client: grant.client } : {}) } satisfies Identity;
        return { id: grant.identity, role: grant.role, ...(grant.invite ? { invite: grant.invite } : {}) } satisfies Identity;
      },
    });
    const document = collab.hocuspocus.documents.get(GROUP_DOCUMENT);
    const engine: Engine = {
      get session() {
        return collab.session;
      },
      awareness: () => document?.awareness,
      revoke: (invite) => collab.revoke(invite),
      handleUpgrade: (request, socket, head) => collab.handleUpgrade(request, socket, head),
      server: collab,
      close: () => collab.close(),
    };
    this.running = engine;
    // A presentation begun before the first invite is followed from the start.
    if (this.presentation) collab.session?.present(this.presentation.presenting);
    if (document) this.followPresence(document.awareness);
    if (collab.session) this.followConflicts(collab.session);
    this.showDriver();
    return engine;
  }

  /** The driver's page hears of conflicts with the file on disk as they come and go. */
  private followConflicts(session: FileSession): void {
    let told = session.state.conflicts;
    session.listen(({ conflicts }) => {
      if (deepEqual(conflicts, told)) return;
      told = conflicts;
      this.publish();
    });
  }

  /** Who is here, from the session's presence; an invite counts as used once its person is here. */
  private followPresence(awareness: Awareness): void {
    awareness.on('change', () => {
      const states = [...awareness.getStates().values()] as Partial<Presence>[];
      const people = states.filter((state): state is Presence => isObject(state?.user)).map(({ user }) => ({ id: user.id, name: user.name, colour: user.colour ?? colourOf(user.id), role: user.role }));
      // Presence changes with every selection and keystroke of everyone: the driver's page hears only of who is here.
      if (!deepEqual(people, this.people)) {
        this.people = people;
        // With hubs no code is spent here: a link counts as used once its person is in the session.
        if (this.options.hub) for (const invite of this.invites.values()) if (!invite.used && this.people.some((person) => person.id === invite.identity && person.role === invite.role)) this.markUsed(invite.id, false);
        this.publish();
      }
      this.showDriver();
    });
  }

  private markUsed(inviteId: string, publish = true): void {
    const kept = this.invites.get(inviteId);
    if (kept) this.invites.set(inviteId, { ...kept, used: true });
    if (publish) this.publish();
  }

  /** Who a driver's page is in the session: the driver the file names, whatever the page says. */
  private driverIdentity(): Identity {
    return { id: this.driverId(), role: 'driver' };
  }

  /** The driver as the file names them; `driver` when it names nobody. */
  private driverId(): string {
    const data = this.collabData();
    const driver = isObject(data) ? data.driver : undefined;
    return typeof driver === 'string' && driver.length > 0 ? driver : 'driver';
  }

  private collabData(): unknown {
    return this.running?.session?.reader.view().data;
  }

  private publish(): void {
    const state = this.state;
    for (const listener of this.listeners) listener(state);
  }
}

function isDriverPresence(state: unknown, driver: string): boolean {
  const user = isObject(state as never) ? (state as { user?: unknown }).user : undefined;
  return typeof user === 'object' && user !== null && (user as { id?: unknown }).id === driver && (user as { role?: unknown }).role === 'driver';
}
