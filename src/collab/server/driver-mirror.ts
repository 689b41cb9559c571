// The driver's pages in a session on hubs. The driver's page is served by `causeway open`, on this
// machine, and talks to it alone; the hubs are the file's process's business. So the file's process
// runs a small collaboration server of its own for the driver's pages, and the document it serves
// is the very one the process connects to the hubs (one copy, kept by the hubs' sync): the driver
// types into the session like everyone else (two people typing at one place merge character by
// character). Presence crosses too: the driver's pages see everyone on the hubs, and what the
// driver selects and types in reaches the hubs as the file's process's own presence (which the
// hubs show as the driver's).
import type * as Y from 'yjs';
import { applyAwarenessUpdate, encodeAwarenessUpdate, type Awareness } from 'y-protocols/awareness';
import type { Presence } from '../../protocol/collab-protocol';
import { createCollabServer, type CollabServer } from './collab-server';
import type { HubWriter } from './hub-writer';
import type { Authenticate } from './session-extension';

export interface DriverMirrorOptions {
  /** The name the driver's pages ask for. */
  documentName: string;
  /** Lets in the driver's pages only (everyone else goes to the hubs). */
  authenticate: Authenticate;
  /** Connects the file's process to the hubs, keeping the session in `doc`. */
  connect(doc: Y.Doc): Promise<HubWriter>;
  /** What the driver's page says of itself (as this server stamped it), or null once no page says anything. */
  onDriverPresence(presence: Presence | null): void;
}

export interface DriverMirror {
  /** The collaboration server for the driver's pages. */
  server: CollabServer;
  /** The file's process's connection to the hubs. */
  writer: HubWriter;
  /** Disconnects from the hubs (writing what waits), then closes the driver's pages' server. */
  close(): Promise<void>;
}

const FROM_HUBS = Symbol('causeway-from-hubs');

export async function startDriverMirror(options: DriverMirrorOptions): Promise<DriverMirror> {
  let writer: HubWriter | undefined;
  const server = await createCollabServer({ authenticate: options.authenticate, mirror: { documentName: options.documentName, session: () => writer?.session } });
  const document = server.hocuspocus.documents.get(options.documentName);
  try {
    if (!document) throw new Error('The session’s document did not load for the driver’s pages.');
    writer = await options.connect(document);
  } catch (error) {
    await server.close();
    throw error;
  }
  const connected = writer;
  const stop = mirrorPresence(connected.awareness, document.awareness, options.onDriverPresence);
  return {
    server,
    writer: connected,
    close: async () => {
      stop();
      await connected.close();
      await server.close();
    },
  };
}

/**
 * Everyone on the hubs (but the file's process itself, which stands for the driver) appears to the
 * driver's pages; what those pages say of themselves is told to `onDriverPresence`.
 */
function mirrorPresence(hubs: Awareness, pages: Awareness, onDriverPresence: (presence: Presence | null) => void): () => void {
  const fromHubs = new Set<number>();
  const copy = (clients: number[]) => {
    const others = clients.filter((client) => client !== hubs.clientID);
    if (others.length === 0) return;
    for (const client of others) (hubs.getStates().has(client) ? fromHubs.add(client) : fromHubs.delete(client));
    applyAwarenessUpdate(pages, encodeAwarenessUpdate(hubs, others), FROM_HUBS);
  };
  const onHubs = ({ added, updated, removed }: AwarenessChanges) => copy([...added, ...updated, ...removed]);
  // The page that changed last speaks for the driver (a driver with two tabs: the one in use).
  let speaking: number | undefined;
  const onPages = ({ added, updated, removed }: AwarenessChanges, origin: unknown) => {
    if (origin === FROM_HUBS) return;
    const own = (client: number) => client !== pages.clientID && !fromHubs.has(client) && pages.getStates().has(client);
    const latest = [...added, ...updated].filter(own).at(-1);
    if (latest !== undefined) speaking = latest;
    else if (speaking !== undefined && removed.includes(speaking)) speaking = [...pages.getStates().keys()].find(own);
    else return;
    onDriverPresence(speaking === undefined ? null : ((pages.getStates().get(speaking) as Presence | undefined) ?? null));
  };
  hubs.on('update', onHubs);
  pages.on('change', onPages);
  copy([...hubs.getStates().keys()]);
  return () => {
    hubs.off('update', onHubs);
    pages.off('change', onPages);
  };
}

interface AwarenessChanges {
  added: number[];
  updated: number[];
  removed: number[];
}
