// Backlog (FORMAT.md section 8): remaining reasoning work, `{ref, work, note?}`, about an item of
// the same tree. Removing an entry is how work is marked done; acceptance is not involved.
import { isObject } from '../model/json';
import type { BacklogEntry, Tree, WorkingFile } from '../model/types';
import { capital } from '../validate/item';
import { runEdit } from './edit';
import { findItem, listOf, treeName, treeOf } from './read';
import { done, refuse, type EditResult } from './result';
import { setList } from './write';

export interface BacklogInput {
  ref: string;
  work: string;
  /** The particular assumption or objection; an empty note is left out. */
  note?: string;
}

export function addBacklogEntry(file: WorkingFile, tree: string, input: BacklogInput): EditResult {
  return runEdit(file, () => {
    const found = readBacklog(file, tree);
    if (typeof found === 'string') return refuse(found);
    const problem = checkRef(file, tree, input.ref) ?? checkWork(input.work) ?? checkNote(input.note);
    if (problem) return refuse(problem);
    const entry: BacklogEntry = { ref: input.ref, work: input.work };
    if (input.note !== undefined && input.note !== '') entry.note = input.note;
    if (found.entries.some((e) => isObject(e) && e.ref === entry.ref && e.work === entry.work && e.note === entry.note)) {
      return refuse(`${capital(treeName(tree))} already has this backlog entry (${entry.ref}: ${entry.work}).`);
    }
    return done(setList(file, tree, 'backlog', [...found.entries, entry], found.tree));
  });
}

/** Changes entry `index` (0-based); `note: null` or `''` removes the note. Unknown keys stay. */
export function updateBacklogEntry(file: WorkingFile, tree: string, index: number, changes: { ref?: string; work?: string; note?: string | null }): EditResult {
  return runEdit(file, () => {
    const found = readBacklog(file, tree);
    if (typeof found === 'string') return refuse(found);
    if (!Number.isInteger(index) || index < 0 || index >= found.entries.length) return refuse(`${capital(treeName(tree))} has no backlog entry ${index + 1}.`);
    const old = found.entries[index];
    const base = (isObject(old) ? old : {}) as Partial<BacklogEntry>;
    const next = { ...base, ref: changes.ref ?? base.ref, work: changes.work ?? base.work } as BacklogEntry;
    if (changes.note === null || changes.note === '') delete next.note;
    else if (changes.note !== undefined) next.note = changes.note;
    // Only what changes is checked: a broken ref does not block correcting the note.
    const problem =
      (changes.ref !== undefined ? checkRef(file, tree, changes.ref) : undefined) ??
      (changes.work !== undefined ? checkWork(changes.work) : undefined) ??
      checkNote(changes.note);
    if (problem) return refuse(problem);
    if (next.ref === base.ref && next.work === base.work && next.note === base.note && ('note' in next) === ('note' in base)) return done(file);
    return done(setList(file, tree, 'backlog', found.entries.map((e, i) => (i === index ? next : e)), found.tree));
  });
}

/** Removes entry `index` (0-based): the work is done. */
export function removeBacklogEntry(file: WorkingFile, tree: string, index: number): EditResult {
  return runEdit(file, () => {
    const found = readBacklog(file, tree);
    if (typeof found === 'string') return refuse(found);
    if (!Number.isInteger(index) || index < 0 || index >= found.entries.length) return refuse(`${capital(treeName(tree))} has no backlog entry ${index + 1}.`);
    return done(setList(file, tree, 'backlog', found.entries.filter((_, i) => i !== index), found.tree));
  });
}

function readBacklog(file: WorkingFile, key: string): { tree: Tree; entries: unknown[] } | string {
  const tree = treeOf(file, key);
  if (!tree) return `The file has no ${key} tree.`;
  if (tree.backlog !== undefined && !Array.isArray(tree.backlog)) return `The backlog of ${treeName(key)} is not a list; repair it in the file first.`;
  return { tree, entries: listOf(tree, 'backlog') };
}

function checkRef(file: WorkingFile, tree: string, ref: unknown): string | undefined {
  if (typeof ref !== 'string' || ref === '') return 'Say which node or link the work is about.';
  const place = findItem(file, ref);
  if (!place) return `There is no node or link ${ref}.`;
  if (place.tree !== tree) return `${ref} is in ${treeName(place.tree)}; a backlog entry refers to an item of its own tree (${treeName(tree)}).`;
  return undefined;
}

function checkWork(work: unknown): string | undefined {
  return typeof work !== 'string' || work.trim() === '' ? 'Name the remaining work, for example test_causality.' : undefined;
}

function checkNote(note: unknown): string | undefined {
  return note !== undefined && note !== null && typeof note !== 'string' ? 'A backlog note is text.' : undefined;
}
