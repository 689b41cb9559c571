// Every page in a group session, the driver's included, in the session's presence: the others as
// the server stamped them (for the presence strip and the canvas's outlines), and what this person
// selects and types in (the editor says which item: TypingTracker), for everyone else's page.
import type { CollabClient } from '../../collab/client';
import { COLLAB_PATH } from '../../protocol/workspace-protocol';
import { useDocumentStore, type Selection } from '../document-store';
import { useGroupStore } from './group-store';

/** The collaboration channel of the server that served this page. */
export function collabAddress(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${COLLAB_PATH}`;
}

/** Follows the others and tells this person's selection and typing; returns the function that stops. */
export function joinPresence(client: CollabClient): () => void {
  const tell = (selection: Selection) => client.select([...selection.nodes, ...selection.links]);
  const stops = [
    client.on('presence', () => useGroupStore.setState({ presence: client.presence() })),
    useDocumentStore.subscribe((now, before) => {
      if (now.view.selection !== before.view.selection) tell(now.view.selection);
    }),
    useGroupStore.subscribe((now, before) => {
      if (now.typingIn !== before.typingIn) client.editing(now.typingIn);
    }),
  ];
  tell(useDocumentStore.getState().view.selection);
  client.editing(useGroupStore.getState().typingIn);
  return () => {
    for (const stop of stops) stop();
  };
}
