// What a Web Worker holding a copy of the document is sent after an edit: only the values that
// changed, found by identity (documents are immutable and unchanged parts keep their objects),
// so posting a keystroke's edit costs the edited item, not the whole file.
import type { Json } from '../format';

type PatchPath = (string | number)[];

/**
 * One step: replace the value at `path` (an empty path replaces the whole document), or, for a
 * list that gained or lost items (a node added to a tree of a thousand), splice it there.
 */
export type PatchStep = [path: PatchPath, value: Json] | [path: PatchPath, inserted: Json[], splice: { at: number; remove: number }];
export type DataPatch = PatchStep[];

/** Levels diffed: file → trees → tree → list → item; below that an item is sent whole. */
const DEPTH = 4;

export function diffData(before: Json, after: Json): DataPatch {
  const patch: DataPatch = [];
  diff(before, after, [], patch);
  return patch;
}

function diff(before: Json, after: Json, path: PatchPath, patch: DataPatch): void {
  if (before === after) return;
  if (path.length < DEPTH && Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    for (let i = 0; i < after.length; i++) if (before[i] !== after[i]) diff(before[i], after[i], [...path, i], patch);
    return;
  }
  if (path.length < DEPTH && Array.isArray(before) && Array.isArray(after)) {
    const splice = changedRun(before, after);
    if (splice) {
      patch.push([path, after.slice(splice.at, after.length - splice.keptAtEnd), { at: splice.at, remove: before.length - splice.at - splice.keptAtEnd }]);
      return;
    }
  }
  if (path.length < DEPTH && isMapping(before) && isMapping(after) && sameKeys(before, after)) {
    for (const key of Object.keys(after)) if (before[key] !== after[key]) diff(before[key], after[key], [...path, key], patch);
    return;
  }
  patch.push([path, after]);
}

/**
 * Where two lists of different lengths differ, when they differ in one run of items only (those
 * around it are the same objects) and that run is short: worth sending as a splice.
 */
function changedRun(before: Json[], after: Json[]): { at: number; keptAtEnd: number } | undefined {
  const shorter = Math.min(before.length, after.length);
  let at = 0;
  while (at < shorter && before[at] === after[at]) at++;
  let keptAtEnd = 0;
  while (keptAtEnd < shorter - at && before[before.length - 1 - keptAtEnd] === after[after.length - 1 - keptAtEnd]) keptAtEnd++;
  const changed = before.length - at - keptAtEnd + (after.length - at - keptAtEnd);
  return changed * 4 <= after.length ? { at, keptAtEnd } : undefined;
}

/** `data` with the patch applied, copying only the containers along each changed path. */
export function applyPatch(data: Json, patch: DataPatch): Json {
  let result = data;
  for (const step of patch) {
    if (step.length === 2) result = updateAt(result, step[0], () => step[1]);
    else {
      const [path, inserted, { at, remove }] = step;
      result = updateAt(result, path, (list) => {
        if (!Array.isArray(list)) throw new Error('the patch does not fit the document');
        return list.slice(0, at).concat(inserted, list.slice(at + remove));
      });
    }
  }
  return result;
}

function updateAt(container: Json, path: PatchPath, update: (value: Json) => Json): Json {
  if (path.length === 0) return update(container);
  const [key, ...rest] = path;
  if (Array.isArray(container) && typeof key === 'number') {
    const copy = container.slice();
    copy[key] = updateAt(container[key], rest, update);
    return copy;
  }
  if (!isMapping(container)) throw new Error('the patch does not fit the document');
  return { ...container, [key]: updateAt(container[key], rest, update) };
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
