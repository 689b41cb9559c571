// The assistant's place in a running group session: a client of the session's shared document
// (the same CollabClient invited pages use), connected with the seat the session gave it over this
// user's private socket. Its identity, `assistant`, is the session's; the session checks every
// change it sends against the format's credit rules for the assistant and shows it in the presence
// strip. The seat (file-seat.ts) decides when to use it and falls back to the file when it ends.
import WebSocket from 'ws';
import { CollabClient } from '../collab/client';
import type { DocView } from '../collab';
import type { Json, WorkingFile } from '../format';

/** What the session answers when asked for the assistant's seat. */
export interface SessionSeatGrant {
  url: string;
  documentName: string;
  credential: string;
  /** For messages: which run holds the session ("causeway open, process 1234"). */
  label: string;
}

/** Finds the group session running on `path` on this machine and asks it for a seat; undefined when none runs or it says no. */
export type SessionFinder = (path: string, client: string | undefined) => Promise<SessionSeatGrant | undefined>;

/** How long joining may take before the assistant writes the file instead. */
const JOIN_TIMEOUT_MS = 5000;
/** How long the session has to take a change before the connection counts as lost. */
const SEND_TIMEOUT_MS = 5000;

export type SendOutcome = { ok: true } | { ok: false; refused: string } | { ok: false; lost: true };

export class SessionLink {
  private constructor(
    private readonly client: CollabClient,
    readonly label: string,
  ) {}

  /** Connects with `grant`; undefined when the session cannot be reached in time. */
  static async join(grant: SessionSeatGrant): Promise<SessionLink | undefined> {
    // One connection only: a seat that drops is replaced by a new one (or the file), never retried with an old secret.
    const client = await CollabClient.start({ url: grant.url, documentName: grant.documentName, credential: grant.credential, WebSocket, reconnectDelayMs: 60_000 });
    const connected = await Promise.race([
      client.whenConnected().then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), JOIN_TIMEOUT_MS).unref()),
      new Promise<false>((resolve) => client.on('status', (status) => status === 'refused' && resolve(false))),
    ]);
    if (!connected) {
      await client.close();
      return undefined;
    }
    return new SessionLink(client, grant.label);
  }

  /** Whether the session is still there to take changes. */
  get live(): boolean {
    return this.client.status === 'connected';
  }

  view(): DocView {
    return this.client.view();
  }

  get data(): WorkingFile {
    return this.client.data as unknown as WorkingFile;
  }

  /** Writes `after` (made from `before`) into the shared document and waits until the session has it. */
  async send(before: DocView, after: WorkingFile): Promise<SendOutcome> {
    const written = this.client.write(after as unknown as Json, before);
    if (!written.ok) return { ok: false, refused: written.reason };
    const sent = await this.client.whenSent(SEND_TIMEOUT_MS);
    if (sent.ok) return sent;
    return sent.refused !== undefined ? { ok: false, refused: sent.refused } : { ok: false, lost: true };
  }

  /** What the assistant is working on, for everyone's presence strip (ids of nodes and links). */
  at(selection: readonly string[], editing: string | null): void {
    this.client.select(selection);
    this.client.editing(editing);
  }

  /** Out of the presence strips: the assistant is not at work (its turn ended, or it went quiet). */
  away(): void {
    this.client.hide();
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
