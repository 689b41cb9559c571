// What a Web Worker holding a copy of the document is sent after an edit: only the values that
// changed, found by identity (documents are immutable and unchanged parts keep their objects),
// so posting a keystroke's edit costs the edited item, not the whole file.
import type { Json } from '../format';

/** Replace the value at `path` (an empty path replaces the whole document). */
export type DataPatch = [path: (string | number)[], value: Json][];

/** Levels diffed: file → trees → tree → list → item; below that an item is sent whole. */
const DEPTH = 4;

export function diffData(before: Json, after: Json): DataPatch {
  const patch: DataPatch = [];
  diff(before, after, [], patch);
  return patch;
}

function diff(before: Json, after: Json, path: (string | number)[], patch: DataPatch): void {
  if (before === after) return;
  if (path.length < DEPTH && Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    for (let i = 0; i < after.length; i++) if (before[i] !== after[i]) diff(before[i], after[i], [...path, i], patch);
    return;
  }
  if (path.length < DEPTH && isMapping(before) && isMapping(after) && sameKeys(before, after)) {
    for (const key of Object.keys(after)) if (before[key] !== after[key]) diff(before[key], after[key], [...path, key], patch);
    return;
  }
  patch.push([path, after]);
}

/** `data` with the patch applied, copying only the containers along each changed path. */
export function applyPatch(data: Json, patch: DataPatch): Json {
  let result = data;
  for (const [path, value] of patch) result = setAt(result, path, value);
  return result;
}

function setAt(container: Json, path: (string | number)[], value: Json): Json {
  if (path.length === 0) return value;
  const [key, ...rest] = path;
  if (Array.isArray(container) && typeof key === 'number') {
    const copy = container.slice();
    copy[key] = setAt(container[key], rest, value);
    return copy;
  }
  if (!isMapping(container)) throw new Error('the patch does not fit the document');
  return { ...container, [key]: setAt(container[key], rest, value) };
}

type Mapping = { [key: string]: Json };

function isMapping(value: Json): value is Mapping {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameKeys(a: Mapping, b: Mapping): boolean {
  const keys = Object.keys(a);
  const others = Object.keys(b);
  return keys.length === others.length && keys.every((key, i) => others[i] === key);
}
