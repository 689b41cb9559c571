// The undo stack: whole-document states (the data is immutable, so a state costs only what
// changed). Typing into one field within a short pause coalesces into one step. It holds this
// person's own steps only: a change by someone else (another program on disk, another person in
// the group) is not theirs to undo, so Undo takes back this person's last step and keeps what
// others did since, by the format's three-way merge (as in Figma or Google Docs).
import { mergeWorkingFiles, type Json, type MergeSide } from '../format';

export const HISTORY_LIMIT = 500;
export const COALESCE_MS = 1500;

export interface HistoryEntry {
  data: Json;
  /** What the step did, for "Undo Edit text of n3". */
  label: string;
  /** A step that changed how the document is drawn (cards moved, Tidy up), not its data. */
  view?: ViewChange;
  /**
   * Set when someone else changed the document after this entry was made: the document as it was
   * just before (undoing or redoing then takes out or puts back only this step's change).
   */
  othersFrom?: Json;
}

/** Puts a drawing back as it was before the step, or as it was after it. */
export interface ViewChange {
  undo(): void;
  redo(): void;
}

export interface History {
  past: HistoryEntry[];
  future: HistoryEntry[];
  /** The last step, for coalescing the next one into it. */
  last?: { key: string; at: number };
}

export const EMPTY_HISTORY: History = { past: [], future: [] };

/** The history after an edit from `before` labelled `label`. */
export function recordEdit(history: History, before: Json, label: string, coalesceKey: string | undefined, now: number): History {
  const coalesce = coalesceKey !== undefined && history.last?.key === coalesceKey && now - history.last.at < COALESCE_MS && history.past.length > 0;
  const past = coalesce ? history.past : [...history.past, { data: before, label }].slice(-HISTORY_LIMIT);
  return { past, future: [], last: coalesceKey === undefined ? undefined : { key: coalesceKey, at: now } };
}

/** The history after a step that changed the drawing only; `data` is the document as it is. */
export function recordViewChange(history: History, data: Json, label: string, view: ViewChange): History {
  return { past: [...history.past, { data, label, view }].slice(-HISTORY_LIMIT), future: [] };
}

/**
 * The history after someone else's change of the document (`before`: the document just before
 * it): no step of this person's, but the steps next to undo and to redo remember where it began.
 */
export function recordOthersChange(history: History, before: Json): History {
  const last = history.past[history.past.length - 1];
  const next = history.future[0];
  return {
    past: last && last.othersFrom === undefined ? [...history.past.slice(0, -1), { ...last, othersFrom: before }] : history.past,
    future: next && next.othersFrom === undefined ? [{ ...next, othersFrom: before }, ...history.future.slice(1)] : history.future,
  };
}

/** The step back: the data to show, and the drawing change to undo when it was one. */
export function undoStep(history: History, current: Json): { history: History; data: Json; view?: ViewChange } | undefined {
  const entry = history.past[history.past.length - 1];
  if (!entry) return undefined;
  const redo: HistoryEntry = { data: current, label: entry.label, ...(entry.view ? { view: entry.view } : {}) };
  const past = history.past.slice(0, -1);
  return {
    data: entry.view ? current : stepTo(entry, current),
    history: { past: entry.othersFrom === undefined ? past : handOn(past, entry.data), future: [redo, ...history.future] },
    ...(entry.view ? { view: entry.view } : {}),
  };
}

export function redoStep(history: History, current: Json): { history: History; data: Json; view?: ViewChange } | undefined {
  const entry = history.future[0];
  if (!entry) return undefined;
  const undo: HistoryEntry = { data: current, label: entry.label, ...(entry.view ? { view: entry.view } : {}) };
  const future = history.future.slice(1);
  return {
    data: entry.view ? current : stepTo(entry, current),
    history: { past: [...history.past, undo], future: entry.othersFrom === undefined ? future : handOn(future, entry.data, 0) },
    ...(entry.view ? { view: entry.view } : {}),
  };
}

/**
 * Where undoing or redoing `entry` leads: its state, or, when others changed the document since,
 * the current document with only this step's change taken out or put back. Where someone else
 * changed what the step changed, theirs stands.
 */
function stepTo(entry: HistoryEntry, current: Json): Json {
  if (entry.othersFrom === undefined) return entry.data;
  // Statements are merged as each typed them: this step's words go, the others' stay.
  const options = { together: true };
  const first = mergeWorkingFiles(entry.othersFrom, entry.data, current, undefined, options);
  if (first.conflicts.length === 0) return first.data;
  const theirs = new Map<string, MergeSide>(first.conflicts.map((conflict) => [conflict.id, 'theirs']));
  return mergeWorkingFiles(entry.othersFrom, entry.data, current, theirs, options).data;
}

/**
 * The entry now next in `entries` (at `at`, by default the last) left the document as `state`
 * (the state the entry just taken was made from): remembered when others' changes came after.
 */
function handOn(entries: HistoryEntry[], state: Json, at = entries.length - 1): HistoryEntry[] {
  const next = entries[at];
  if (!next || next.othersFrom !== undefined) return entries;
  const copy = [...entries];
  copy[at] = { ...next, othersFrom: state };
  return copy;
}

/**
 * How many undo steps lead back to the state `before`, when every one of them is an edit named
 * in `labels` (the steps one field made); undefined when another edit of this person's came in
 * between. (What others changed meanwhile is no step: undoing keeps it.)
 */
export function stepsBackTo(history: History, before: Json, labels: ReadonlySet<string>): number | undefined {
  for (let at = history.past.length - 1, steps = 1; at >= 0; at--, steps++) {
    const entry = history.past[at]!;
    if (!labels.has(entry.label)) return undefined;
    if (entry.data === before) return steps;
  }
  return undefined;
}
