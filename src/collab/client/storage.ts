// The page's copy of a session kept in the browser (IndexedDB, through y-indexeddb), with the
// data it was last in step with the server at: after a reload, a crash or a night offline, the
// page's edits are still there to merge.
import type * as Y from 'yjs';
import type { Json } from '../../format';
import type { Identity } from '../../protocol/collab-protocol';

export interface StoredBase {
  epoch: string;
  data: Json;
  identity?: Identity;
}

export interface ClientStorage {
  readBase(): Promise<StoredBase | undefined>;
  writeBase(base: StoredBase): Promise<void>;
  /** Keeps `doc` from now on; `clear` forgets what was kept (it belongs to an earlier session). */
  follow(doc: Y.Doc, clear: boolean): Promise<void>;
  close(): Promise<void>;
}

export async function openStorage(name: string, doc: Y.Doc): Promise<ClientStorage> {
  const { IndexeddbPersistence } = await import('y-indexeddb');
  let persistence = new IndexeddbPersistence(name, doc);
  await persistence.whenSynced;
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T,>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    readBase: () =>
      serially(async () => {
        const text: unknown = await persistence.get('base');
        let base: unknown;
        try {
          base = typeof text === 'string' ? JSON.parse(text) : undefined;
        } catch {
          base = undefined;
        }
        return isStoredBase(base) ? base : undefined;
      }),
    // The custom store keeps strings well in every browser: the base goes as JSON.
    writeBase: (base) => serially(async () => void (await persistence.set('base', JSON.stringify(base)))),
    follow: (next, clear) =>
      serially(async () => {
        if (clear) await persistence.clearData();
        else await persistence.destroy();
        persistence = new IndexeddbPersistence(name, next);
        await persistence.whenSynced;
      }),
    close: () => serially(() => persistence.destroy()),
  };
}

function isStoredBase(value: unknown): value is StoredBase {
  return typeof value === 'object' && value !== null && typeof (value as StoredBase).epoch === 'string' && 'data' in value;
}
