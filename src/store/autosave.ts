// Nothing lost: the open document is kept in the browser's IndexedDB at every change, so a
// reload, a closed tab or a crash can offer the work back.
import type { Json } from '../format';
import { itemCount, useDocumentStore, type OpenDocument } from './document-store';
import { createKeeper, loadSession, type KeepExtra, type SavedSession, type SessionKey } from './session-db';
import { mirroredWorker } from './worker-client';
import { afterPicture } from './after-picture';

export { clearSession, loadSession, saveSession, type SavedSession, type SessionKey } from './session-db';

/** A document larger than this is kept after a pause in editing rather than at every change. */
export const LARGE_DOCUMENT_ITEMS = 2000;
export const AUTOSAVE_DELAY_MS = 400;

/** The open document as a session record. */
export function currentSession(): SavedSession | undefined {
  const document = useDocumentStore.getState().document;
  if (!document) return undefined;
  return { fileName: document.fileName, baseText: document.base?.text ?? null, data: document.data, savedData: document.savedData, savedAt: new Date().toISOString() };
}

/** Work kept from an earlier visit that was never exported, if any, newest first. */
export async function findUnsavedWork(isUnsaved: (session: SavedSession) => boolean): Promise<SavedSession | undefined> {
  const current = await loadSession('current');
  if (current && isUnsaved(current)) return current;
  const previous = await loadSession('previous');
  return previous?.awaitingDecision && isUnsaved(previous) ? previous : undefined;
}

// Writing copies the whole document into IndexedDB, so a Web Worker holding a replica does it:
// the page sends only what changed (worker-client.ts).
// A document kept at every change has the worker read it on opening, not on the first keystroke.
const keepInWorker = mirroredWorker<KeepExtra, void>(() => new Worker(new URL('./autosave.worker.ts', import.meta.url), { type: 'module' }), createKeeper(), {
  readAhead: () => itemCount(useDocumentStore.getState().document) <= LARGE_DOCUMENT_ITEMS,
});
let sentBase: string | null | undefined;
let sentSaved: Json | undefined;

/** Keeps the open document under `key`, off the main thread. */
function keepLater(document: OpenDocument, key: SessionKey): Promise<void> {
  const extra: KeepExtra = { key, fileName: document.fileName, savedAt: new Date().toISOString() };
  const baseText = document.base?.text ?? null;
  if (baseText !== sentBase) extra.baseText = sentBase = baseText;
  if (document.savedData === document.data) extra.savedIsData = true;
  else if (document.savedData !== sentSaved) extra.savedData = document.savedData;
  sentSaved = document.savedData;
  return keepInWorker(document.data, extra).catch((error: unknown) => {
    sentBase = sentSaved = undefined; // sent whole next time
    throw error;
  });
}

/**
 * Starts keeping the open document after each change, under the key `keyNow()` gives at that
 * moment (none: not kept); returns a function that stops it. A change is written at once (one
 * write at a time; the newest state follows as soon as the previous write is done), so ending
 * the page abruptly, with no unload handler, loses nothing that was on screen a moment before.
 * A very large document waits for a pause in editing instead, so that typing never pays for
 * copying it.
 */
export function startAutosave(onError: (message: string) => void, keyNow: () => SessionKey | undefined = () => 'current'): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failed = false;
  let writing = false;
  let pending = false;
  const write = () => {
    timer = undefined;
    if (writing) {
      pending = true;
      return;
    }
    const document = useDocumentStore.getState().document;
    const key = keyNow();
    if (!document || !key) return;
    writing = true;
    keepLater(document, key).then(
      () => {
        failed = false;
      },
      (error: unknown) => {
        if (failed) return;
        failed = true;
        onError(`Your work could not be kept in this browser's storage (${error instanceof Error ? error.message : String(error)}); export it to keep it.`);
      },
    ).finally(() => {
      writing = false;
      if (pending) {
        pending = false;
        write();
      }
    });
  };
  const unsubscribe = useDocumentStore.subscribe((state, previous) => {
    const document = state.document;
    if (!document) return;
    const before = previous.document;
    if (before && before.data === document.data && before.savedData === document.savedData && before.fileName === document.fileName) return;
    clearTimeout(timer);
    if (itemCount(document) <= LARGE_DOCUMENT_ITEMS) write();
    else
      afterPicture(() => {
        clearTimeout(timer);
        timer = setTimeout(write, AUTOSAVE_DELAY_MS);
      });
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
