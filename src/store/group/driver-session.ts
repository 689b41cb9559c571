// The driver's page in a group session. Once the session runs, the driver edits its shared
// document like everyone else (session-document.ts): two people typing in one statement merge
// character by character, whoever they are, and the session writes the file. The live channel
// keeps everything about the file itself (history, snapshots, invites, the group's conflicts with
// the file, what another program wrote); it hands the document over once nothing of the page's
// waits to be written, so that no edit is ever sent both ways.
// The client takes part in presence at once: the others see the driver's selection outlined in
// the driver's colour and "Maya is editing r4" while the driver types, and this page sees theirs.
import { deepEqual } from '../../format';
import { CollabClient } from '../../collab/client';
import { GROUP_DOCUMENT } from '../../protocol/workspace-protocol';
import { useDocumentStore } from '../document-store';
import { useGroupStore } from './group-store';
import { bindSessionDocument } from './session-document';
import { collabAddress, joinPresence } from './session-presence';
/**
 * Ready to hand over, but the session's document still differs from the page's: the session is
 * taking in the page's last write. After this long the page takes the session's document as it is
 * (every edit of the page's is in the file by then, so the session will have it too).
 */
const CATCH_UP_MS = 2000;

/** The live channel's side of the hand-over. */
export interface HandOver {
  /** True while nothing of the page's waits to be written to the file (unwritten, in flight, in conflict). */
  ready(): boolean;
  /** The page edits through the session from now on: the live channel stops writing the document. */
  done(client: CollabClient): void;
}

/** Joins the session with the driver's secret; returns the function that leaves it. */
export async function startDriverSession(secret: () => string | null, storage: string, handOver: HandOver): Promise<() => void> {
  const client = await CollabClient.start({
    url: collabAddress(),
    documentName: GROUP_DOCUMENT,
    // Asked at each connection: a page that came back in with a new address uses the new secret.
    credential: () => secret() ?? '',
    // Edits made while the session's connection is lost are kept in the browser until it is back.
    storage,
  });
  let unbind: (() => void) | undefined;
  let readySince: number | undefined;
  let wait: ReturnType<typeof setTimeout> | undefined;
  const tryHandOver = () => {
    if (unbind || client.status !== 'connected' || !handOver.ready()) {
      readySince = undefined;
      return;
    }
    const document = useDocumentStore.getState().document;
    if (!document) return;
    const now = Date.now();
    readySince ??= now;
    if (!deepEqual(client.data, document.data) && now - readySince < CATCH_UP_MS) {
      clearTimeout(wait);
      wait = setTimeout(tryHandOver, CATCH_UP_MS - (now - readySince));
      return;
    }
    clearTimeout(wait);
    handOver.done(client);
    unbind = bindSessionDocument(client);
  };
  const stops = [
    client.on('status', (status) => {
      if (status === 'connected' && client.identity) useGroupStore.setState({ me: { id: client.identity.id, name: client.name } });
      if (status !== 'connected') useGroupStore.setState({ presence: [] });
      tryHandOver();
    }),
    client.on('change', () => !unbind && tryHandOver()),
    useDocumentStore.subscribe(() => !unbind && tryHandOver()),
    joinPresence(client),
  ];
  tryHandOver();
  return () => {
    for (const stop of stops) stop();
    clearTimeout(wait);
    unbind?.();
    useGroupStore.setState({ me: null, presence: [] });
    void client.close();
  };
}
