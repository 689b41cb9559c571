// The editor's open document bound to a group session's shared document (Yjs), for every page in
// the session, the driver's included. Each edit made on the page is written into the shared
// document at once, as the change it is (typing as a splice of the statement, so two people
// typing in one statement merge character by character), credited as the server will credit it;
// each change by someone else comes in as a change from outside. An edit that someone else's
// change of the same field overrode is said, never dropped in silence.
import { changedItems, conflictPlaceWords, deepEqual, openWorkingFile, saveWorkingFile, type Json } from '../../format';
import { viewWithObjects, type DocView } from '../../collab';
import type { CollabClient } from '../../collab/client';
import { useDocumentStore } from '../document-store';
import { useGroupStore } from './group-store';
import { forgetTextEdits, recordTextEdits, takeTyped } from './text-edits';

export interface SessionDocumentHooks {
  /** Run at every change of the shared document (someone's edit, the session's records). */
  onChange?(): void;
  /** The server refused this page for good (a revoked link). */
  onRefused?(): void;
}

/** Binds the open document to `client`'s shared document; returns the function that lets go. */
export function bindSessionDocument(client: CollabClient, hooks: SessionDocumentHooks = {}): () => void {
  /** The view the store's document was made from: every local edit is written against it. */
  let shown: DocView | undefined;
  /** The shared document's own view that `shown` stands for (the same data, perhaps in the store's objects). */
  let read: DocView | undefined;
  let applying = false;
  /** This page's own write is going into the document: its change event is not someone else's. */
  let writing = false;
  let inStep = false;

  const show = (view: DocView) => {
    const store = useDocumentStore.getState();
    /** The store's own objects for this same data, where it keeps them (the driver's page read the file, or it made them in an edit). */
    let held: Json | undefined;
    applying = true;
    try {
      if (!store.document) {
        // Nothing of the session yet (a page connecting for the first time): the document opens
        // with the first copy the server sends, never as an empty file full of problems.
        if (!client.holdsDocument) return;
        // The store reads its copy as text (for the file's shape and problems) but holds the
        // shared document's own objects where they read the same: a change someone makes later
        // then rebuilds only the cards it touched, not every card at the first one.
        const text = saveWorkingFile(null, view.data);
        const opened = openWorkingFile(text);
        const same = opened.data !== undefined && deepEqual(opened.data, view.data);
        store.openText(text, 'Group session', same ? { ...opened, data: view.data } : opened);
      } else if (!deepEqual(store.document.data, view.data)) {
        const before = store.document.data;
        // Marked only once the page is in step: the first sync is not "someone's change".
        const changed = inStep ? changedItems(before, view.data).changed : [];
        store.replaceFromDisk({ data: view.data, savedData: view.data, changed });
      } else {
        held = store.document.data;
        if (store.document.savedData !== store.document.data) store.markSaved();
      }
    } finally {
      applying = false;
    }
    // Each next edit is then compared with the view item by item by identity, not field by field.
    shown = held !== undefined ? viewWithObjects(view, held) : view;
    read = view;
    if (client.status === 'connected') inStep = true;
  };

  const stops = [
    // Told before the change that carries them: a field being typed in keeps its caret by them.
    client.on('text', recordTextEdits),
    client.on('change', () => {
      hooks.onChange?.();
      if (writing) return;
      const view = client.view();
      if (read && view.data === read.data) return;
      show(view);
    }),
    client.on('lost', (lost, when) => {
      // Added to what is still listed (a later report of one field replaces the earlier).
      useGroupStore.setState((state) => ({ lost: [...state.lost.filter((entry) => !lost.some((now) => now.id === entry.id)), ...lost] }));
      const places = lost.map(conflictPlaceWords).join(', ');
      const yours = lost.length === 1 ? 'one of your edits' : `${lost.length} of your edits`;
      const what =
        when === 'offline'
          ? `${yours} made while offline (${places}): someone else changed the same field meanwhile, and theirs was kept.`
          : `${yours} (${places}): someone else changed the same field at the same moment, and theirs was kept.`;
      useDocumentStore.getState().say('refusal', `${what} The People panel lists yours, to put back if it should win.`);
    }),
    client.on('message', (message) => {
      if (message.type === 'refused') {
        useGroupStore.setState({ refusal: message.reason });
        useDocumentStore.getState().say('refusal', message.reason);
        if (client.status === 'refused') hooks.onRefused?.();
      } else if (message.type === 'corrected') {
        useDocumentStore.getState().say('info', message.notes.join(' '));
      }
    }),
    // Edits made here go into the shared document at once, against the view they were made on.
    useDocumentStore.subscribe((now, before) => {
      if (applying || !shown || !now.document || now.document.data === before.document?.data || now.document.data === shown.data) return;
      writing = true;
      let written;
      try {
        written = client.write(now.document.data as Json, shown, takeTyped());
      } finally {
        writing = false;
      }
      if (!written.ok) {
        useDocumentStore.getState().say('refusal', written.reason);
        show(client.view());
        return;
      }
      if (written.notes.length > 0) useDocumentStore.getState().say('info', written.notes.join(' '));
      // In the session's document now: that is this page's "saved" (the server writes the file).
      useDocumentStore.getState().markSaved();
      const view = client.view();
      // The store keeps its own objects for what it just made (the view written holds them, so
      // the next edit is compared by identity), unless the credit rules changed it.
      read = view;
      const kept = deepEqual(view.data, now.document.data);
      shown = kept ? written.view : view;
      if (!kept) {
        applying = true;
        try {
          useDocumentStore.getState().replaceFromDisk({ data: view.data, savedData: view.data, changed: [], own: true });
        } finally {
          applying = false;
        }
      }
    }),
  ];
  hooks.onChange?.();
  show(client.view());

  return () => {
    for (const stop of stops) stop();
    forgetTextEdits();
  };
}
