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

/**
 * The values kept for the containers being compared, one after another: a container copies its
 * own out only when it differs from both sides (on the path to a change), so the many that equal
 * the earlier ones cost no allocation.
 */
const kept: Json[] = [];

function shareList(previous: Json[], next: Json[]): Json[] {
  const base = kept.length;
  const byId = aligned(previous, next) ? undefined : itemsById(previous);
  let same = previous.length === next.length;
  let differs = false;
  for (let i = 0; i < next.length; i++) {
    const item = next[i]!;
    const before = byId ? byId.get(idOf(item) ?? '') : previous[i];
    const value = share(before, item);
    kept.push(value);
    if (value !== previous[i]) same = false;
    if (value !== item) differs = true;
  }
  const result = same ? previous : differs ? kept.slice(base) : next;
  kept.length = base;
  return result;
}

function idOf(item: Json | undefined): string | undefined {
  return typeof item === 'object' && item !== null && !Array.isArray(item) && typeof item.id === 'string' ? item.id : undefined;
}

/** Whether each item is compared with the one at its place: the ids line up (or there are none). */
function aligned(previous: Json[], next: Json[]): boolean {
  if (previous.length !== next.length) return false;
  for (let i = 0; i < next.length; i++) if (idOf(next[i]) !== idOf(previous[i])) return false;
  return true;
}

/** Else items are compared by id (the first with each id); one without an id is taken as new. */
function itemsById(previous: Json[]): Map<string, Json> {
  const byId = new Map<string, Json>();
  for (const item of previous) {
    const id = idOf(item);
    if (id !== undefined && !byId.has(id)) byId.set(id, item);
  }
  return byId;
}

function shareMapping(previous: { [key: string]: Json }, next: { [key: string]: Json }): Json {
  const keys = Object.keys(next);
  const previousKeys = Object.keys(previous);
  const base = kept.length;
  let same = keys.length === previousKeys.length;
  let differs = false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const had = hasOwn(previous, key);
    const value = share(had ? previous[key] : undefined, next[key]!);
    kept.push(value);
    // Key order counts too: the file is written in the order of its data.
    if (!had || value !== previous[key] || previousKeys[i] !== key) same = false;
    if (value !== next[key]) differs = true;
  }
  let result: Json = same ? previous : next;
  if (!same && differs) {
    const copy: { [key: string]: Json } = {};
    for (let i = 0; i < keys.length; i++) setOwn(copy, keys[i]!, kept[base + i]!);
    result = copy;
  }
  kept.length = base;
  return result;
}

/** A key called `__proto__` is data here, never the object's prototype. */
function setOwn(target: { [key: string]: Json }, key: string, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
