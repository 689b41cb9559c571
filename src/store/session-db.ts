// The work kept in the browser's IndexedDB (see autosave.ts): reading and writing session
// records. No store here, so the autosave worker can use it.
import type { Json } from '../format';
import { dbRequest } from './browser-db';

const KEY = 'current';
/** The work that was open before another file replaced it, kept until the next replacement. */
const PREVIOUS_KEY = 'previous';

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

export async function clearSession(key: 'current' | 'previous' = 'current'): Promise<void> {
  await run('readwrite', (store) => store.delete(key === 'current' ? KEY : PREVIOUS_KEY)).catch(() => undefined);
}

/** Besides the document, the worker is sent the base text and the saved data only when they change. */
export interface KeepExtra {
  key: SessionKey;
  fileName: string;
  savedAt: string;
  baseText?: string | null;
  /** The saved data is the document itself (just opened, or just saved). */
  savedIsData?: boolean;
  savedData?: Json;
}

/** The worker's side: writes the session, keeping the base text and saved data last sent. */
export function createKeeper(): (data: Json, request: KeepExtra) => Promise<void> {
  let baseText: string | null | undefined;
  let savedData: Json | undefined;
  return async (data, request) => {
    if (request.baseText !== undefined) baseText = request.baseText;
    if (request.savedIsData) savedData = data;
    else if (request.savedData !== undefined) savedData = request.savedData;
    if (baseText === undefined || savedData === undefined) throw new Error('the base text or the saved data was not sent');
    await saveSession({ fileName: request.fileName, baseText, data, savedData, savedAt: request.savedAt }, request.key);
  };
}

