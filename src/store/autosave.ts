// Nothing lost: the open document is kept in the browser's IndexedDB at every change, so a
// reload, a closed tab or a crash can offer the work back.
import type { Json } from '../format';
import { dbRequest } from './browser-db';
import { useDocumentStore } from './document-store';

const KEY = 'current';
/** The work that was open before another file replaced it, kept until the next replacement. */
const PREVIOUS_KEY = 'previous';
/** A document larger than this is kept after a pause in editing rather than at every change. */
export const LARGE_DOCUMENT_ITEMS = 2000;
export const AUTOSAVE_DELAY_MS = 400;

export interface SavedSession {
  fileName: string;
  /** The text as opened, so saving after a restore still keeps its comments. */
  baseText: string | null;
  data: Json;
  /** The data as last exported or saved: tells whether there is unsaved work. */
  savedData: Json;
  savedAt: string;
  /** Offered back after a reload and not yet restored or discarded. */
  awaitingDecision?: boolean;
}

const run = <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) => dbRequest('work', mode, work);

/**
 * Where work is kept: `current` (the editor on its own), `previous` (work set aside when another
 * file replaced it), or a key of its own for each file on disk edited through `causeway open`.
 */
export type SessionKey = 'current' | 'previous' | `live:${string}`;

export async function loadSession(key: SessionKey = 'current'): Promise<SavedSession | undefined> {
  try {
    const value = await run('readonly', (store) => store.get(key === 'current' ? KEY : key === 'previous' ? PREVIOUS_KEY : key) as IDBRequest<SavedSession | undefined>);
    return value && typeof value.fileName === 'string' ? value : undefined;
  } catch {
    return undefined; // storage blocked (private mode): the editor still works, without recovery
  }
}

export async function saveSession(session: SavedSession, key: SessionKey = 'current'): Promise<void> {
  await run('readwrite', (store) => store.put(session, key === 'current' ? KEY : key === 'previous' ? PREVIOUS_KEY : key));
}

/** The open document as a session record. */
export function currentSession(): SavedSession | undefined {
  const document = useDocumentStore.getState().document;
  if (!document) return undefined;
  return { fileName: document.fileName, baseText: document.base?.text ?? null, data: document.data, savedData: document.savedData, savedAt: new Date().toISOString() };
}

export async function clearSession(key: 'current' | 'previous' = 'current'): Promise<void> {
  await run('readwrite', (store) => store.delete(key === 'current' ? KEY : PREVIOUS_KEY)).catch(() => undefined);
}

/** Work kept from an earlier visit that was never exported, if any, newest first. */
export async function findUnsavedWork(isUnsaved: (session: SavedSession) => boolean): Promise<SavedSession | undefined> {
  const current = await loadSession('current');
  if (current && isUnsaved(current)) return current;
  const previous = await loadSession('previous');
  return previous?.awaitingDecision && isUnsaved(previous) ? previous : undefined;
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
    const session = currentSession();
    const key = keyNow();
    if (!session || !key) return;
    writing = true;
    saveSession(session, key).then(
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
    const size = document.trees.reduce((sum, t) => sum + t.nodes.length + t.links.length, 0);
    if (size <= LARGE_DOCUMENT_ITEMS) write();
    else timer = setTimeout(write, AUTOSAVE_DELAY_MS);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
