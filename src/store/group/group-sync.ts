// An invited person's page: the open document is the group session's shared document (Yjs, through
// the collaboration channel of `causeway open`). Each edit made here is written into the shared
// document at once, as the change it is (typing as a splice of the statement, so two people typing
// in one statement merge character by character), credited as the server will credit it; each
// change by someone else comes in as a change from outside. The page's copy is kept in the
// browser (IndexedDB): offline, the person keeps working, and the edits merge when the connection
// is back; an edit that someone else's change of the same field overrode is said, never dropped
// in silence.
import { changedItems, conflictPlaceWords, deepEqual, displayName, isObject, saveWorkingFile, type Json } from '../../format';
import type { DocView } from '../../collab';
import { CollabClient } from '../../collab/client';
import { COLLAB_PATH } from '../../protocol/workspace-protocol';
import { useDocumentStore } from '../document-store';
import { usePresentation } from '../presentation-store';
import { forgetInvited, sessionOfInvite, type InvitedRole } from '../live/live-access';
import { useGroupStore } from './group-store';

/** How long after the last keystroke the others still read "… is editing". */
const EDITING_SHOWN_MS = 3000;

/** The one document `causeway open` shares (see src/server/group-session.ts). */
const GROUP_DOCUMENT = 'file';

let client: CollabClient | undefined;

/** The running session's client (for the canvas's presence and the inspector's "editing"). */
export function groupClient(): CollabClient | undefined {
  return client;
}

export async function startGroupSync(access: { secret: string; role: InvitedRole }): Promise<() => void> {
  useGroupStore.setState({ invited: access.role, status: 'connecting' });
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  // On hubs the invite names its session (hubs carry many); `causeway open` shares one file.
  const session = sessionOfInvite(access.secret);
  const started = await CollabClient.start({
    url: `${scheme}://${window.location.host}${COLLAB_PATH}`,
    documentName: session ?? GROUP_DOCUMENT,
    credential: access.secret,
    storage: `causeway-group:${window.location.host}${session ? `:${session}` : ''}`,
  });
  client = started;
  /** The view the store's document was made from: every local edit is written against it. */
  let shown: DocView | undefined;
  let applying = false;
  /** This page's own write is going into the document: its change event is not someone else's. */
  let writing = false;
  let inStep = false;
  let editingTimer: ReturnType<typeof setTimeout> | undefined;

  const show = (view: DocView) => {
    const store = useDocumentStore.getState();
    applying = true;
    try {
      if (!store.document) {
        // The store parses its own copy (equal data): edits are written against this view, matched by id.
        store.openText(saveWorkingFile(null, view.data), 'Group session');
      } else {
        const before = store.document.data;
        // Marked only once the page is in step: the first sync is not "someone's change".
        const changed = inStep ? changedItems(before, view.data).changed : [];
        store.replaceFromDisk({ data: view.data, savedData: view.data, label: 'Changes by others', changed });
      }
    } finally {
      applying = false;
    }
    shown = view;
    if (started.status === 'connected') inStep = true;
  };

  // The presentation the driver leads, followed here; only once in step with the session (the
  // copy kept in the browser may hold one that ended while this page was closed).
  let connectedOnce = false;
  let heard = 'null';
  const hearPresentation = () => {
    const presenting = connectedOnce ? started.presenting : null;
    const data = started.data;
    const driver = isObject(data) && typeof data.driver === 'string' ? data.driver : '';
    const led = presenting ? { ...presenting, by: driver ? displayName(data, driver) : '' } : null;
    const said = JSON.stringify(led);
    if (said === heard) return;
    heard = said;
    usePresentation.getState().hear(led);
  };

  const onChange = () => {
    hearPresentation();
    // The session's conflicts and problems with the file on disk: this page says the file waits.
    const conflicts = started.conflicts;
    if (!deepEqual(conflicts, useGroupStore.getState().sessionConflicts)) useGroupStore.setState({ sessionConflicts: conflicts });
    if (started.diskProblem !== useGroupStore.getState().sessionDiskProblem) useGroupStore.setState({ sessionDiskProblem: started.diskProblem });
    if (writing) return;
    const view = started.view();
    if (shown && view.data === shown.data) return;
    show(view);
  };
  started.on('change', onChange);
  started.on('status', (status) => {
    if (status === 'connected' && !connectedOnce) {
      connectedOnce = true;
      hearPresentation();
    }
  });
  started.on('status', (status) => useGroupStore.setState({ status, ...(status === 'connected' ? { me: started.identity ? { id: started.identity.id, name: started.name } : null, refusal: null } : {}) }));
  started.on('presence', () => useGroupStore.setState({ presence: started.presence() }));
  started.on('lost', (lost, when) => {
    // Added to what is still listed (a later report of one field replaces the earlier).
    useGroupStore.setState((state) => ({ lost: [...state.lost.filter((entry) => !lost.some((now) => now.id === entry.id)), ...lost] }));
    const places = lost.map(conflictPlaceWords).join(', ');
    const yours = lost.length === 1 ? 'one of your edits' : `${lost.length} of your edits`;
    const what =
      when === 'offline'
        ? `${yours} made while offline (${places}): someone else changed the same field meanwhile, and theirs was kept.`
        : `${yours} (${places}): someone else changed the same field at the same moment, and theirs was kept.`;
    useDocumentStore.getState().say('refusal', `${what} The People panel lists yours, to put back if it should win.`);
  });
  started.on('message', (message) => {
    if (message.type === 'refused') {
      useGroupStore.setState({ refusal: message.reason });
      useDocumentStore.getState().say('refusal', message.reason);
      if (started.status === 'refused') forgetInvited();
    } else if (message.type === 'corrected') {
      useDocumentStore.getState().say('info', message.notes.join(' '));
    }
  });

  // Edits made here go into the shared document at once, against the view they were made on.
  const unsubscribe = useDocumentStore.subscribe((now, before) => {
    if (applying || !shown || !now.document || now.document.data === before.document?.data || now.document.data === shown.data) return;
    writing = true;
    let written;
    try {
      written = started.write(now.document.data as Json, shown);
    } finally {
      writing = false;
    }
    if (!written.ok) {
      useDocumentStore.getState().say('refusal', written.reason);
      show(started.view());
      return;
    }
    if (written.notes.length > 0) useDocumentStore.getState().say('info', written.notes.join(' '));
    // "Tom is editing r4" on the others' pages while this person types in one item.
    const touched = changedItems(shown.data, now.document.data).changed;
    if (touched.length === 1) {
      started.editing(touched[0]!);
      clearTimeout(editingTimer);
      editingTimer = setTimeout(() => started.editing(null), EDITING_SHOWN_MS);
    }
    // In the session's document now: that is this page's "saved" (the server writes the file).
    useDocumentStore.getState().markSaved();
    const view = started.view();
    shown = view;
    // The store keeps its own objects for what it just made, unless the credit rules changed it.
    if (!deepEqual(view.data, now.document.data)) {
      applying = true;
      try {
        useDocumentStore.getState().replaceFromDisk({ data: view.data, savedData: view.data, label: 'Session', changed: [] });
      } finally {
        applying = false;
      }
    }
  });
  // What this person selects, for everyone else's canvas.
  const unselect = useDocumentStore.subscribe((now, before) => {
    if (now.view.selection !== before.view.selection) started.select([...now.view.selection.nodes, ...now.view.selection.links]);
  });
  onChange();

  return () => {
    unsubscribe();
    unselect();
    usePresentation.getState().hear(null);
    client = undefined;
    void started.close();
  };
}
