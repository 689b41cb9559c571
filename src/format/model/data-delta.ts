// A file read again after a small change, sent from one thread to another as only what changed:
// every part equal to the data read before is sent as its place in that data, and the receiver,
// which holds data equal to it, takes its own object from there. Copying a big file's whole data
// between threads (and collecting it after) cost the page more than the change itself; the
// result also shares every unchanged part with what the receiver holds, so comparisons that stop
// at `===` do only the change.
import { keepUnchanged } from './keep-unchanged';
import type { Json } from './types';

/** A place in the data: the keys and indices from the top. */
export type DataPath = (string | number)[];

/** A value as sent: a plain value, a part of the earlier data (`r`), or a list (`a`) or mapping (`o`) built of such. */
export type DataDelta = string | number | boolean | null | ['r', DataPath] | ['a', DataDelta[]] | ['o', string[], DataDelta[]];

/** `next` as sent to a receiver that holds data equal to `previous`. */
export function encodeDelta(previous: Json, next: Json): DataDelta {
  const shared = keepUnchanged(previous, next);
  const places = new Map<object, DataPath>();
  placesOf(previous, [], places);
  return encode(shared, places);
}

/**
 * `next` cut into parts sent one by one (each value two levels down that is a list or mapping: on
 * a working file, each tree), and the rest referring to them by number: on the receiving thread
 * each part is copied in a task of its own, so no single task copies a big file's whole data.
 * Decoded with the parts as `previous`.
 */
export function encodeInParts(next: Json): { parts: Json[]; delta: DataDelta } {
  const parts: Json[] = [];
  const places = new Map<object, DataPath>();
  if (typeof next === 'object' && next !== null && !Array.isArray(next)) {
    for (const value of Object.values(next)) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
      for (const part of Object.values(value)) {
        if (typeof part !== 'object' || part === null || places.has(part)) continue;
        places.set(part, [parts.length]);
        parts.push(part);
      }
    }
  }
  return { parts, delta: encode(next, places) };
}

/** The value `delta` stands for, taking every unchanged part from `previous` (equal to the sender's). */
export function decodeDelta(delta: DataDelta, previous: Json): Json {
  if (!Array.isArray(delta)) return delta;
  if (delta[0] === 'r') return at(previous, delta[1]);
  if (delta[0] === 'a') return delta[1].map((item) => decodeDelta(item, previous));
  const [, keys, values] = delta;
  const mapping: { [key: string]: Json } = {};
  for (let i = 0; i < keys.length; i++) {
    const value = decodeDelta(values[i]!, previous);
    // A key named __proto__ is the file's own key, never the object's prototype.
    if (keys[i] === '__proto__') Object.defineProperty(mapping, '__proto__', { value, enumerable: true, writable: true, configurable: true });
    else mapping[keys[i]!] = value;
  }
  return mapping;
}

function placesOf(value: Json, path: DataPath, places: Map<object, DataPath>): void {
  if (typeof value !== 'object' || value === null || places.has(value)) return;
  places.set(value, path);
  if (Array.isArray(value)) value.forEach((item, i) => placesOf(item, [...path, i], places));
  else for (const key of Object.keys(value)) placesOf(value[key]!, [...path, key], places);
}

function encode(value: Json, places: Map<object, DataPath>): DataDelta {
  if (typeof value !== 'object' || value === null) return value;
  const place = places.get(value);
  if (place) return ['r', place];
  if (Array.isArray(value)) return ['a', value.map((item) => encode(item, places))];
  const keys = Object.keys(value);
  return ['o', keys, keys.map((key) => encode(value[key]!, places))];
}

function at(value: Json, path: DataPath): Json {
  let here = value;
  for (const step of path) {
    if (typeof here !== 'object' || here === null) throw new Error(`the earlier data has nothing at ${path.join('.')}`);
    here = Array.isArray(here) ? here[step as number]! : here[step as string]!;
    if (here === undefined) throw new Error(`the earlier data has nothing at ${path.join('.')}`);
  }
  return here;
}
