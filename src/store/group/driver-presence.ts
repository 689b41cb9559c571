// The driver's page in a group session. Its edits of the document still go through the live
// channel (issue 21: compare-and-swap writes of the file, the settle rule, conflicts), but it
// takes part in the session's presence like everyone else, as a client of the collaboration
// server with its own secret (the server names it the driver): the others see its selection
// outlined in the driver's colour and "Maya is editing r4" while the driver types, and this page
// sees theirs. The client follows the document and never writes to it (`presenceOnly`).
import { CollabClient } from '../../collab/client';
import { COLLAB_PATH } from '../../protocol/workspace-protocol';
import { useDocumentStore } from '../document-store';
import { useGroupStore } from './group-store';

/** The one document `causeway open` shares (see src/server/group-session.ts). */
const GROUP_DOCUMENT = 'file';

/** Joins the session's presence with the driver's secret; returns the function that leaves it. */
export async function startDriverPresence(secret: () => string | null): Promise<() => void> {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const client = await CollabClient.start({
    url: `${scheme}://${window.location.host}${COLLAB_PATH}`,
    documentName: GROUP_DOCUMENT,
    // Asked at each connection: a page that came back in with a new address uses the new secret.
    credential: () => secret() ?? '',
    presenceOnly: true,
  });
  const stops = [
    client.on('status', (status) => {
      if (status === 'connected' && client.identity) useGroupStore.setState({ me: { id: client.identity.id, name: client.name } });
      if (status !== 'connected') useGroupStore.setState({ presence: [] });
    }),
    client.on('presence', () => useGroupStore.setState({ presence: client.presence() })),
    // What the driver selects, for everyone else's canvas.
    useDocumentStore.subscribe((now, before) => {
      if (now.view.selection !== before.view.selection) client.select([...now.view.selection.nodes, ...now.view.selection.links]);
    }),
    // What the driver types in (the editor's fields say), for everyone else's presence strip.
    useGroupStore.subscribe((now, before) => {
      if (now.typingIn !== before.typingIn) client.editing(now.typingIn);
    }),
  ];
  const selection = useDocumentStore.getState().view.selection;
  client.select([...selection.nodes, ...selection.links]);
  return () => {
    for (const stop of stops) stop();
    useGroupStore.setState({ me: null, presence: [] });
    void client.close();
  };
}
