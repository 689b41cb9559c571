// One writer per session across every hub: the file's process that connects first holds a lease
// in Redis (the hubs' shared store), renewed while its connection lives, given back when it goes.
// A second `causeway open --hub` for the same session is refused with a message; the same process
// coming back (its hub restarted, it reconnected through another) keeps its lease. A lease whose
// hub died with it runs out on its own after LEASE_MS.

/** The part of an ioredis client the lease needs. */
export interface LeaseStore {
  set(key: string, value: string, px: 'PX', ms: number, nx: 'NX'): Promise<string | null>;
  get(key: string): Promise<string | null>;
  eval(script: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
}

export const LEASE_MS = 15_000;
const RENEW_MS = 5_000;

/** Renews the lease when it is this writer's, or takes it again when it lapsed (a hub that died gave it back late). */
const RENEW = "local held = redis.call('get', KEYS[1]) if held == ARGV[1] or not held then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 else return 0 end";
/** Gives the lease back only when it is still this writer's. */
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

export interface WriterLeases {
  /** Takes (or keeps) the session's lease for `writer`; false when another writer holds it. */
  claim(documentName: string, writer: string): Promise<boolean>;
  /** Gives it back (the writer's connection closed). */
  release(documentName: string, writer: string): Promise<void>;
  close(): void;
}

export function writerLeases(store: LeaseStore, prefix: string): WriterLeases {
  const held = new Map<string, { writer: string; connections: number; timer: ReturnType<typeof setInterval> }>();
  const keyOf = (documentName: string) => `${prefix}:writer:${documentName}`;
  return {
    async claim(documentName, writer) {
      const key = keyOf(documentName);
      const taken = (await store.set(key, writer, 'PX', LEASE_MS, 'NX')) === 'OK';
      if (!taken) {
        if ((await store.get(key)) !== writer) return false;
        await store.eval(RENEW, 1, key, writer, LEASE_MS);
      }
      const here = held.get(documentName);
      if (here && here.writer === writer) {
        here.connections++;
        return true;
      }
      if (here) clearInterval(here.timer);
      const timer = setInterval(() => void store.eval(RENEW, 1, key, writer, LEASE_MS).catch(() => undefined), RENEW_MS);
      timer.unref?.();
      held.set(documentName, { writer, connections: 1, timer });
      return true;
    },
    async release(documentName, writer) {
      const here = held.get(documentName);
      if (!here || here.writer !== writer || --here.connections > 0) return;
      clearInterval(here.timer);
      held.delete(documentName);
      await store.eval(RELEASE, 1, keyOf(documentName), writer).catch(() => undefined);
    },
    close() {
      for (const here of held.values()) clearInterval(here.timer);
      held.clear();
    },
  };
}
