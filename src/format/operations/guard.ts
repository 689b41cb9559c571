// The last check on every edit: it may never add a validation error. A file that arrived invalid
// keeps its old errors while the user repairs them one at a time; only new ones are refused.
import { isObject } from '../model/json';
import type { Finding } from '../model/findings';
import type { WorkingFile } from '../model/types';
import { rememberErrorFree, validateData } from '../validate/validate';
import { errorsNearLast, isLastValidated } from '../validate/after-edit';
import type { EditResult } from './result';

// Files are immutable, so the findings of a file object never change: the `after` of one edit
// is the `before` of the next, and validation runs once per edit. An edit of one item of the last
// file validated is checked by that item's rules alone (validate-edit.ts).
const cache = new WeakMap<object, Finding[]>();

/** The errors of `file`, validateData's, in its order. */
export function errorsOf(file: WorkingFile): Finding[] {
  const known = cache.get(file);
  if (known) return known;
  const errors = errorsNearLast(file) ?? validateData(file).findings.filter((finding) => finding.severity === 'error');
  cache.set(file, errors);
  return errors;
}

/**
 * Validates `file` ahead of its first edit (say while the editor is idle), so that edits of it
 * are checked quickly.
 */
export function prepareEdits(file: WorkingFile): void {
  if (!isLastValidated(file) && errorsNearLast(file) === undefined) validateData(file);
}

/**
 * Readies edits of `file` as prepareEdits does, for a file validated elsewhere and found without
 * errors: its ids are indexed (a few milliseconds), not every item checked again.
 */
export function prepareEditsOfErrorFree(file: WorkingFile): void {
  if (!isLastValidated(file)) rememberErrorFree(file);
}

/** The errors `after` has that `before` did not, in `after`'s order. */
export function newErrors(before: WorkingFile, after: WorkingFile): Finding[] {
  if (before === after) return [];
  // Edits usually start from the last file validated (after undo, it is often one item away), so
  // `after`, one edit further, is checked by its items' rules; a full check of `before` is not
  // worth making for that when its errors are known.
  if (!isLastValidated(before)) errorsNearLast(before);
  const old = errorsOf(before);
  return addedErrors(before, old, after, errorsOf(after));
}

/** Of `fresh` (the errors of `after`), those that `old` (the errors of `before`) did not hold. */
export function addedErrors(before: WorkingFile, old: Finding[], after: WorkingFile, fresh: Finding[]): Finding[] {
  // An error is old when `before` had one with the same code and the same message (positions
  // in messages ignored: removing backlog entry 1 renumbers entry 3), or else one with the same
  // code about the same field of the same item (the message of "ends n3, n4 are not accepted"
  // narrows to "end n4" when n3 is accepted).
  const byMessage = new Map<string, number[]>();
  old.forEach((finding, i) => queue(byMessage, messageKey(finding), i));
  const matched = new Set<number>();
  const unmatched = fresh.filter((finding) => {
    const i = byMessage.get(messageKey(finding))?.shift();
    if (i === undefined) return true;
    matched.add(i);
    return false;
  });
  const bySubject = new Map<string, number[]>();
  old.forEach((finding, i) => {
    if (!matched.has(i)) queue(bySubject, subjectKey(before, finding), i);
  });
  return unmatched.filter((finding) => bySubject.get(subjectKey(after, finding))?.shift() === undefined);
}

/** Begins the reason of an edit the guard refused (the operation's own checks let it through). */
export const GUARD_REASON = 'This edit would make the file invalid, so it was not made: ';

/** Refuses an edit that would add a validation error, with that error's message. */
export function guardEdit(before: WorkingFile, result: EditResult): EditResult {
  if (!result.ok || result.file === before) return result;
  const added = newErrors(before, result.file);
  if (added.length === 0) return result;
  return { ok: false, reason: `${GUARD_REASON}${added[0].message}` };
}

function queue(groups: Map<string, number[]>, key: string, value: number): void {
  const group = groups.get(key);
  if (group) group.push(value);
  else groups.set(key, [value]);
}

const POSITION_IN_WORDS = /\b(node|link|entry|contribution|assumption|challenge|source) \d+\b/gi;

function messageKey(finding: Finding): string {
  return `${finding.code}\u0000${finding.message.replace(POSITION_IN_WORDS, '$1 #').replace(/\[\d+\]/g, '[#]')}`;
}

/** `code tree:id field`, with list positions blanked: which field of which item is wrong. */
function subjectKey(data: WorkingFile, finding: Finding): string {
  const path = finding.path;
  const rest = (from: number) => path.slice(from).map((segment) => (typeof segment === 'number' ? '#' : segment)).join('.');
  if (path[0] === 'trees' && typeof path[1] === 'string' && typeof path[2] === 'string' && typeof path[3] === 'number') {
    const trees: unknown = data.trees;
    const tree = isObject(trees) ? trees[path[1]] : undefined;
    const list = isObject(tree) ? tree[path[2]] : undefined;
    const item = Array.isArray(list) ? list[path[3]] : undefined;
    const name = !isObject(item)
      ? '?'
      : path[2] === 'backlog'
        ? `backlog(${typeof item.ref === 'string' ? item.ref : '?'})`
        : typeof item.id === 'string'
          ? item.id
          : '?';
    return `${finding.code}\u0000${path[1]}:${path[2]}:${name}\u0000${rest(4)}`;
  }
  return `${finding.code}\u0000${rest(0)}`;
}
