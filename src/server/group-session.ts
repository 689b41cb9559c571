// The group session of one `causeway open`: the collaboration server (Yjs, Hocuspocus) mounted on
// the workspace server, the invites the driver hands out, and who is here. It starts with the first
// invite, so a person working alone runs exactly as before. Everyone comes in through the same
// access table as the driver: an invite is a one-time code in a link's fragment, exchanged for a
// secret of the person's own; the collaboration channel checks that secret (the Hocuspocus token)
// and takes identity and role from the table, never from the page. The shared document is written
// to the file through the workspace server's own file (one writer, one watcher).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { isObject, openWorkingFile } from '../format';
import { createCollabServer, newInviteId, type CollabServer } from '../collab/server';
import { colourOf } from '../collab';
import type { Identity, Presence } from '../protocol/collab-protocol';
import type { GroupInvite, GroupPerson, GroupState, InviteRequest } from '../protocol/workspace-protocol';
import type { AccessTable, Grant } from './access';
import type { WatchedFile } from './watched-file';

/** The one document a `causeway open` session shares: the file it was started on. */
export const GROUP_DOCUMENT = 'file';

export type InviteAnswer = { ok: true; link: string; invite: GroupInvite } | { ok: false; message: string };

export interface GroupSessionOptions {
  file: WatchedFile;
  access: AccessTable;
  /** A link that lets one page in, once, as `grant` (the workspace server's address). */
  linkFor(grant: Grant, onUsed: () => void): string;
  /** The file's write delay, for tests. */
  writeDelayMs?: number;
}

export class GroupSession {
  private collab: Promise<CollabServer> | undefined;
  private running: CollabServer | undefined;
  private readonly invites = new Map<string, GroupInvite>();
  private readonly listeners = new Set<(state: GroupState) => void>();
  private people: GroupPerson[] = [];
  private driverPages = 0;
  private closed = false;

  constructor(private readonly options: GroupSessionOptions) {
    options.access.onRevoke((_identity, invite) => {
      if (invite === undefined) return;
      void this.collab?.then((collab) => collab.revoke(invite));
    });
  }

  /** Whether the collaboration server runs (an invite was made). */
  get started(): boolean {
    return this.collab !== undefined;
  }

  get state(): GroupState {
    return { invites: [...this.invites.values()], people: this.people };
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
    if (request.role === 'participant') {
      const participants = isObject(opened.data.participants) ? opened.data.participants : {};
      const id = request.participant;
      if (!Object.hasOwn(participants, id)) return { ok: false, message: `No invite was made: "${id}" is not among the file's participants. Add them in the People panel first.` };
      identity = id;
      name = typeof participants[id] === 'string' ? (participants[id] as string) : id;
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
    const link = this.options.linkFor({ identity, role: request.role, invite: id }, () => {
      const kept = this.invites.get(id);
      if (kept) this.invites.set(id, { ...kept, used: true });
      this.publish();
    });
    this.invites.set(id, invite);
    this.publish();
    return { ok: true, link, invite };
  }

  /** Takes an invite back: its link stops working and whoever came in with it is disconnected at once. */
  revoke(inviteId: string): boolean {
    if (!this.invites.delete(inviteId)) return false;
    this.options.access.revokeInvite(inviteId);
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
   * The driver's presence, set by the server itself while a driver's page is open but not (yet) in
   * the session's presence with its own connection (which then says what the driver selects and
   * types in).
   */
  private showDriver(): void {
    const awareness = this.running?.hocuspocus.documents.get(GROUP_DOCUMENT)?.awareness;
    if (!awareness) return;
    const id = this.driverId();
    const ownPage = [...awareness.getStates()].some(([client, state]) => client !== awareness.clientID && isDriverPresence(state, id));
    let wanted: Presence | null = null;
    if (this.driverPages > 0 && !ownPage) {
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
    if (!this.collab) return false;
    void this.collab.then(
      (collab) => collab.handleUpgrade(request, socket, head),
      () => socket.destroy(),
    );
    return true;
  }

  /** Writes what waits and stops. */
  async close(): Promise<void> {
    this.closed = true;
    const collab = await this.collab?.catch(() => undefined);
    await collab?.close();
  }

  /** The running collaboration server (for tests and for the next steps: the assistant's seat). */
  server(): Promise<CollabServer> {
    return this.ensure();
  }

  private ensure(): Promise<CollabServer> {
    this.collab ??= this.start().catch((error: unknown) => {
      this.collab = undefined;
      throw error;
    });
    return this.collab;
  }

  private async start(): Promise<CollabServer> {
    const { file, access } = this.options;
    const collab = await createCollabServer({
      file: { path: file.path, documentName: GROUP_DOCUMENT, disk: file.forBridge(), writeDelayMs: this.options.writeDelayMs },
      // The page's secret, from the same table as the live channel's: identity and role are the table's.
      authenticate: (credential) => {
        const grant = access.grantOf(credential);
        if (!grant) return undefined;
        if (grant.role === 'driver') return { id: this.driverId(), role: 'driver' } satisfies Identity;
        return { id: grant.identity, role: grant.role, ...(grant.invite ? { invite: grant.invite } : {}) } satisfies Identity;
      },
    });
    this.running = collab;
    const document = collab.hocuspocus.documents.get(GROUP_DOCUMENT);
    document?.awareness.on('change', () => {
      const states = [...document.awareness.getStates().values()] as Partial<Presence>[];
      this.people = states.filter((state): state is Presence => isObject(state?.user)).map(({ user }) => ({ id: user.id, name: user.name, colour: user.colour ?? colourOf(user.id), role: user.role }));
      this.publish();
      this.showDriver();
    });
    this.showDriver();
    return collab;
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
