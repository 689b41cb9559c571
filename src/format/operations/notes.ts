// Assumptions and challenges (FORMAT.md section 6): `{text, by}` notes on the node or link they
// qualify. Adding a challenge here does not dispute the item; `dispute` does that.
import type { Link, Node, Note, WorkingFile } from '../model/types';
import type { NoteList } from '../model/vocabulary';
import { capital } from '../validate/item';
import { runEdit } from './edit';
import { checkAuthor } from './people';
import { findItem, label, type Place } from './read';
import { done, refuse, type EditResult } from './result';
import { replaceItem, touched, withList } from './write';

const NOTE_AFTER: Record<NoteList, string[]> = {
  assumptions: ['contributions', 'accepted_by'],
  challenges: ['contributions', 'accepted_by', 'assumptions'],
};

export function addNote(file: WorkingFile, itemId: string, list: NoteList, note: Note): EditResult {
  return runEdit(file, () => {
    const found = readNotes(file, itemId, list);
    if (typeof found === 'string') return refuse(found);
    const problem = checkNote(file, note, list);
    if (problem) return refuse(problem);
    return done(write(file, found.place, list, [...found.notes, { text: note.text, by: note.by }]));
  });
}

/** Changes the text or the author of note `index` (0-based); unknown keys on it are kept. */
export function updateNote(file: WorkingFile, itemId: string, list: NoteList, index: number, changes: Partial<Note>): EditResult {
  return runEdit(file, () => {
    const found = readNotes(file, itemId, list);
    if (typeof found === 'string') return refuse(found);
    if (!Number.isInteger(index) || index < 0 || index >= found.notes.length) return refuse(`${capital(label(found.place))} has no ${singular(list)} ${index + 1}.`);
    const old = found.notes[index];
    const base = typeof old === 'object' && old !== null ? old : ({} as Note);
    const next: Note = { ...base, text: changes.text ?? base.text, by: changes.by ?? base.by };
    const problem = checkNote(file, next, list);
    if (problem) return refuse(problem);
    if (next.text === base.text && next.by === base.by) return done(file);
    return done(write(file, found.place, list, found.notes.map((n, i) => (i === index ? next : n))));
  });
}

export function removeNote(file: WorkingFile, itemId: string, list: NoteList, index: number): EditResult {
  return runEdit(file, () => {
    const found = readNotes(file, itemId, list);
    if (typeof found === 'string') return refuse(found);
    if (!Number.isInteger(index) || index < 0 || index >= found.notes.length) return refuse(`${capital(label(found.place))} has no ${singular(list)} ${index + 1}.`);
    return done(write(file, found.place, list, found.notes.filter((_, i) => i !== index)));
  });
}

function singular(list: NoteList): string {
  return list === 'assumptions' ? 'assumption' : 'challenge';
}

function readNotes(file: WorkingFile, itemId: string, list: NoteList): { place: Place<Node | Link>; notes: Note[] } | string {
  const place = findItem(file, itemId);
  if (!place) return `There is no node or link ${itemId}.`;
  const notes: unknown = place.item[list];
  if (notes === undefined) return { place, notes: [] };
  if (!Array.isArray(notes)) return `The ${list} of ${label(place)} are not a list; repair them in the file first.`;
  return { place, notes: notes as Note[] };
}

function checkNote(file: WorkingFile, note: Partial<Note> | undefined, list: NoteList): string | undefined {
  if (!note || typeof note.text !== 'string' || note.text.trim() === '') {
    return list === 'assumptions' ? 'Write the assumption: what is taken for granted.' : 'Write the challenge: what is objected.';
  }
  return checkAuthor(file, note.by, singular(list))?.reason;
}

function write(file: WorkingFile, place: Place<Node | Link>, list: NoteList, notes: Note[]): WorkingFile {
  return replaceItem(file, place, touched(withList(place.item, list, notes, NOTE_AFTER[list])));
}
