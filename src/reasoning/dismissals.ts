// "Not a problem": a dismissed finding is kept in the working file under a key the format does
// not define (so other tools keep it and ignore it), as `{check, ref, by}`. The whole group then
// sees the same dismissals, in the editor and in `causeway check`, and an undo brings one back.
import { isObject, runEdit, done, refuse, type EditResult, withList } from '../format';
import type { Json, WorkingFile } from '../format';
import { CHECK_CODES, findingKey, type ReasoningFinding } from './types';

export const DISMISSALS_KEY = 'causeway_dismissed_checks';

export interface Dismissal {
  check: string;
  ref: string;
  /** Who set it aside: the driver at the time. */
  by?: string;
}

/** The dismissals a file records; entries that cannot be read are skipped (and kept on save). */
export function readDismissals(data: Json | undefined): Dismissal[] {
  if (!isObject(data)) return [];
  const list = data[DISMISSALS_KEY];
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) =>
    isObject(entry) && typeof entry.check === 'string' && typeof entry.ref === 'string'
      ? [{ check: entry.check, ref: entry.ref, ...(typeof entry.by === 'string' ? { by: entry.by } : {}) }]
      : [],
  );
}

export function dismissedKeys(data: Json | undefined): Set<string> {
  return new Set(readDismissals(data).map(findingKey));
}

type Subject = Pick<ReasoningFinding, 'check' | 'ref'>;
/** Records that the group judged this finding not a problem; the driver is named as who did. */
export function dismissFinding(file: WorkingFile, subject: Subject): EditResult {
  return runEdit(file, () => {
    if (!(CHECK_CODES as readonly string[]).includes(subject.check)) return refuse(`There is no check named ${subject.check}.`);
    const current: unknown = file[DISMISSALS_KEY];
    if (current !== undefined && !Array.isArray(current)) return refuse(`${DISMISSALS_KEY} in the file is not a list; repair it there first.`);
    const list = (current ?? []) as unknown[];
    if (dismissedKeys(file as unknown as Json).has(findingKey(subject))) return done(file);
    const entry: Dismissal = { check: subject.check, ref: subject.ref };
    if (typeof file.driver === 'string') entry.by = file.driver;
    return done(withList(file, DISMISSALS_KEY, [...list, entry]));
  });
}

/** Brings a dismissed finding back; the key goes when its list empties. */
export function restoreFinding(file: WorkingFile, subject: Subject): EditResult {
  return runEdit(file, () => {
    const current: unknown = file[DISMISSALS_KEY];
    if (!Array.isArray(current)) return done(file);
    const kept = current.filter((entry) => !(isObject(entry) && entry.check === subject.check && entry.ref === subject.ref));
    if (kept.length === current.length) return done(file);
    return done(withList(file, DISMISSALS_KEY, kept));
  });
}
