// A file read again after a small change (another program wrote it) gives all-new objects; most of
// them equal the ones already open. Handing the old object back wherever nothing changed lets
// everything that keeps its work by identity (drawn cards, the workers' copies of the document,
// comparisons that stop at `===`) do only the change, not the whole file again.
import type { Json } from './types';

const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

/**
 * `next`, with every part equal to the matching part of `previous` (same key in a mapping; in a
 * list, the item with the same `id`, else at the same place) replaced by `previous`'s object.
 * The result equals `next` exactly, key order included; `next` itself is never changed.
 */
export function keepUnchanged<T extends Json>(previous: Json | undefined, next: T): T {
  return share(previous, next) as T;
}

function share(previous: Json | undefined, next: Json): Json {
  if (previous === next || typeof next !== 'object' || next === null || typeof previous !== 'object' || previous === null) return next;
  if (Array.isArray(next)) return Array.isArray(previous) ? shareList(previous, next) : next;
  return Array.isArray(previous) ? next : shareMapping(previous, next);
}

function shareList(previous: Json[], next: Json[]): Json[] {
  const counterpart = counterparts(previous, next);
  let same = previous.length === next.length;
  let result: Json[] | undefined;
  for (let i = 0; i < next.length; i++) {
    const kept = share(counterpart(i), next[i]!);
    if (kept !== previous[i]) same = false;
    if (kept !== next[i]) (result ??= next.slice())[i] = kept;
  }
  return same ? previous : (result ?? next);
}

/** Which earlier item each new one is compared with: at the same place while the ids line up, else by id. */
function counterparts(previous: Json[], next: Json[]): (index: number) => Json | undefined {
  const idOf = (item: Json | undefined) => (typeof item === 'object' && item !== null && !Array.isArray(item) && typeof item.id === 'string' ? item.id : undefined);
  const aligned = previous.length === next.length && next.every((item, i) => idOf(item) === idOf(previous[i]));
  if (aligned) return (i) => previous[i];
  const byId = new Map<string, Json>();
  for (const item of previous) {
    const id = idOf(item);
    if (id !== undefined && !byId.has(id)) byId.set(id, item);
  }
  return (i) => {
    const id = idOf(next[i]);
    return id === undefined ? undefined : byId.get(id);
  };
}

function shareMapping(previous: { [key: string]: Json }, next: { [key: string]: Json }): Json {
  const keys = Object.keys(next);
  const previousKeys = Object.keys(previous);
  let same = keys.length === previousKeys.length;
  let result: { [key: string]: Json } | undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const had = hasOwn(previous, key);
    const kept = share(had ? previous[key] : undefined, next[key]!);
    // Key order counts too: the file is written in the order of its data.
    if (!had || kept !== previous[key] || previousKeys[i] !== key) same = false;
    if (kept !== next[key]) {
      result ??= copyOf(next);
      setOwn(result, key, kept);
    }
  }
  return same ? previous : (result ?? next);
}

/** A key called `__proto__` is data here, never the object's prototype. */
function setOwn(target: { [key: string]: Json }, key: string, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function copyOf(value: { [key: string]: Json }): { [key: string]: Json } {
  const copy: { [key: string]: Json } = {};
  for (const key of Object.keys(value)) setOwn(copy, key, value[key]!);
  return copy;
}
