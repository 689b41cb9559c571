// The Hocuspocus extension that makes a document a group session: who a connection is (from its
// credential, checked when it connects), what its updates may do (the credit gate, before
// anything reaches the document), what its presence says (stamped by the server), and the
// driver's requests (snapshot, settling conflicts with the file).
import type { IncomingHttpHeaders } from 'node:http';
import type {
  Connection,
  Document,
  Extension,
  afterLoadDocumentPayload,
  afterUnloadDocumentPayload,
  beforeHandleMessagePayload,
  connectedPayload,
  onAuthenticatePayload,
  onDisconnectPayload,
  onLoadDocumentPayload,
  onStatelessPayload,
} from '@hocuspocus/server';
import * as Y from 'yjs';
import {
  CLOSE_FORBIDDEN,
  CLOSE_REVOKED,
  COLLAB_PROTOCOL_VERSION,
  encodeCollabMessage,
  parseCollabClientMessage,
  type CollabClientMessage,
  type CollabServerMessage,
  type Identity,
} from '../../protocol/collab-protocol';
import { epochOf, revokedInvites, rootsOf } from '../shared-doc';
import { assistantName, stampPresence } from '../presence';
import { readIncoming, writeAwarenessUpdate, type AwarenessEntry } from './messages';
import { UpdateGate } from './update-gate';
import type { WriterLeases } from './writer-lock';

/** Decides who a credential belongs to; undefined (or a thrown error) refuses the connection. */
export type Authenticate = (credential: string, request: { documentName: string; headers: IncomingHttpHeaders }) => Identity | undefined | Promise<Identity | undefined>;

/** What a loaded session document can do for its driver (the file's process has the file). */
export interface SessionHandle {
  request(message: CollabClientMessage, from: Identity): Promise<CollabServerMessage | undefined>;
  close(): Promise<void>;
}

export interface SessionExtensionOptions {
  authenticate: Authenticate;
  /** Fills a document being loaded (from the file) and answers its driver; hubs load nothing. */
  load?(documentName: string, document: Y.Doc): Promise<SessionHandle | undefined>;
  /** Told of every update refused, with its reason (for logs and tests). */
  onRefused?(identity: Identity, reason: string): void;
  /** Hubs: one file's process writes each session; a second one is refused. */
  leases?: WriterLeases;
}

interface Session {
  gate?: UpdateGate;
  handle?: SessionHandle;
  /** Each presence client id and the socket that first claimed it. */
  owners: Map<number, string>;
  stop?: () => void;
}

class Refusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export class SessionExtension implements Extension {
  extensionName = 'causeway-session';
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly options: SessionExtensionOptions) {}

  async onAuthenticate(data: onAuthenticatePayload): Promise<{ identity: Identity }> {
    let identity: Identity | undefined;
    try {
      identity = await this.options.authenticate(data.token, { documentName: data.documentName, headers: data.requestHeaders });
    } catch (error) {
      throw new Refusal(error instanceof Error ? error.message : 'The invite was refused.');
    }
    if (!identity) throw new Refusal('The invite was refused: it is not valid for this session (forged, expired, revoked, or for another file).');
    if (identity.role === 'observer') data.connectionConfig.readOnly = true;
    if (identity.role === 'writer' && this.options.leases && !(await this.options.leases.claim(data.documentName, writerKey(identity)))) {
      throw new Refusal(`another causeway open is already the writer of the session "${data.documentName}" on these hubs; one file's process writes each session. Stop the other one (Ctrl+C), or give this file another session with --session NAME`);
    }
    return { identity };
  }

  async onLoadDocument({ documentName, document }: onLoadDocumentPayload): Promise<void> {
    const session: Session = { owners: new Map() };
    this.sessions.set(documentName, session);
    session.handle = await this.options.load?.(documentName, document);
  }

  async afterLoadDocument({ documentName, document }: afterLoadDocumentPayload): Promise<void> {
    const session = this.sessions.get(documentName);
    if (!session) return;
    session.gate = new UpdateGate(document);
    // A revoked invite disconnects its connections at once, on every hub (the record is shared).
    const records = rootsOf(document).session;
    const onRecords = () => {
      const revoked = revokedInvites(document);
      if (revoked.size > 0) disconnectWhere(document, (identity) => identity.invite !== undefined && revoked.has(identity.invite));
    };
    records.observe(onRecords);
    session.stop = () => records.unobserve(onRecords);
  }

  async afterUnloadDocument({ documentName }: afterUnloadDocumentPayload): Promise<void> {
    const session = this.sessions.get(documentName);
    this.sessions.delete(documentName);
    session?.stop?.();
    session?.gate?.dispose();
    await session?.handle?.close();
  }

  async connected({ connection, context }: connectedPayload): Promise<void> {
    const identity = (context as { identity: Identity }).identity;
    const document = connection.document;
    send(connection, { type: 'welcome', protocol: COLLAB_PROTOCOL_VERSION, identity, name: nameOf(document, identity), epoch: epochOf(document) });
  }

  async beforeHandleMessage({ connection, update, document, context, documentName }: beforeHandleMessagePayload): Promise<void> {
    const identity = (context as { identity?: Identity }).identity;
    const session = this.sessions.get(documentName);
    if (!identity || !session?.gate) throw closing(connection, 'This connection has no identity in the session.');
    let message;
    try {
      message = readIncoming(update);
    } catch {
      throw closing(connection, 'The server could not read a message from this page.');
    }
    if (message.kind === 'update') {
      if (connection.readOnly) return; // Hocuspocus drops it and tells the page
      const verdict = session.gate.check(message.update, identity);
      if (!verdict.ok) {
        this.options.onRefused?.(identity, verdict.reason);
        send(connection, { type: 'refused', reason: verdict.reason });
        throw closing(connection, verdict.reason);
      }
      // Judged and applied at once, so the next update is judged against a document that has it.
      Y.applyUpdate(document, verdict.update, connection);
      if (verdict.notes.length > 0) send(connection, { type: 'corrected', notes: verdict.notes });
    } else if (message.kind === 'awareness') {
      const stamped = this.stamp(message.entries, identity, connection, session, document);
      // Applied here with the page's clock, so the page's own version (same clock) is ignored after;
      // what it passes on of others' presence is already here, with its own clocks.
      if (stamped.length > 0) document.applyAwarenessUpdate(connection, writeAwarenessUpdate(stamped));
    }
  }

  async onStateless({ connection, payload, documentName, document }: onStatelessPayload): Promise<void> {
    const identity = (connection.context as { identity?: Identity }).identity;
    const parsed = parseCollabClientMessage(payload);
    if (!identity || !parsed.ok) return;
    const message = parsed.message;
    const session = this.sessions.get(documentName);
    if (message.type === 'answer') {
      // The file's process answering a request a hub passed on: for the pages.
      if (identity.role === 'writer') document.broadcastStateless(encodeCollabMessage(message.message));
      return;
    }
    if (identity.role !== 'driver') {
      send(connection, message.type === 'snapshot' ? { type: 'snapshot-result', request: message.request, ok: false, message: 'Only the driver records snapshots.' } : { type: 'refused', reason: message.type === 'revoke' ? 'Only the driver revokes invites.' : 'Only the driver settles conflicts with the file.' });
      return;
    }
    if (!session?.handle) {
      // A hub: the file's process, connected as the writer, does it.
      document.broadcastStateless(encodeCollabMessage({ type: 'relay', from: identity, message }));
      return;
    }
    const answer = await session.handle.request(message, identity);
    if (answer) send(connection, answer);
  }

  async onDisconnect({ socketId, documentName, context }: onDisconnectPayload): Promise<void> {
    const identity = (context as { identity?: Identity } | undefined)?.identity;
    if (identity?.role === 'writer') await this.options.leases?.release(documentName, writerKey(identity));
    const owners = this.sessions.get(documentName)?.owners;
    if (owners) for (const [client, owner] of owners) if (owner === socketId) owners.delete(client);
  }

  /** Closes every connection of the identities `which` picks (a revoked invite), at once. */
  disconnect(documents: Map<string, Document>, which: (identity: Identity) => boolean): number {
    let closed = 0;
    for (const document of documents.values()) closed += disconnectWhere(document, which);
    return closed;
  }

  /**
   * The presence entries as the server sends them. A page passes on the others' presence too
   * (Yjs awareness does): only the entry of its own client is kept, stamped; the first client it
   * speaks for that nobody else holds is its own, and it never gets a second one.
   */
  private stamp(entries: AwarenessEntry[], identity: Identity, connection: Connection, session: Session, document: Document): AwarenessEntry[] {
    const socket = connection.socketId;
    const stamped: AwarenessEntry[] = [];
    for (const entry of entries) {
      const owner = session.owners.get(entry.clientID);
      if (owner === undefined) {
        const hasOne = [...session.owners.values()].includes(socket);
        if (hasOne || entry.state === null) continue;
        session.owners.set(entry.clientID, socket);
      } else if (owner !== socket) {
        continue;
      }
      stamped.push({ ...entry, state: entry.state === null ? null : stampPresence(identity, entry.state, (id) => participantName(document, id), rootsOf(document).participants.keys()) });
    }
    return stamped;
  }
}

/** The file's process signs every connection with one invite id of its own: its lease's name. */
function writerKey(identity: Identity): string {
  return identity.invite ?? identity.id;
}

function disconnectWhere(document: Document, which: (identity: Identity) => boolean): number {
  let closed = 0;
  for (const connection of document.getConnections()) {
    const identity = (connection.context as { identity?: Identity }).identity;
    if (identity && which(identity)) {
      connection.webSocket.close(CLOSE_REVOKED, 'revoked');
      closed++;
    }
  }
  return closed;
}

function send(connection: Connection, message: CollabServerMessage): void {
  connection.sendStateless(encodeCollabMessage(message));
}

/** Closes the page's socket (a refused update, a false claim) and gives Hocuspocus the error that stops the message. */
function closing(connection: Connection, reason: string): Refusal {
  connection.webSocket.close(CLOSE_FORBIDDEN, 'refused'); // the reason went ahead in a message
  return new Refusal(reason);
}

function participantName(document: Y.Doc, id: string): string | undefined {
  const name = rootsOf(document).participants.get(id);
  return typeof name === 'string' && name.trim() !== '' ? name : undefined;
}

function nameOf(document: Y.Doc, identity: Identity): string {
  if (identity.role === 'assistant') return assistantName(identity.client);
  return identity.role === 'observer' ? 'Observer' : (participantName(document, identity.id) ?? identity.id);
}
