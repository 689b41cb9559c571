// The undo stack: whole-document states (the data is immutable, so a state costs only what
// changed). Typing into one field within a short pause coalesces into one step.
import type { Json } from '../format';

export const HISTORY_LIMIT = 500;
export const COALESCE_MS = 1500;

export interface HistoryEntry {
  data: Json;
  /** What the step did, for "Undo Edit text of n3". */
  label: string;
  /** A step that changed how the document is drawn (cards moved, Tidy up), not its data. */
  view?: ViewChange;
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

/** The step back: the data to show, and the drawing change to undo when it was one. */
export function undoStep(history: History, current: Json): { history: History; data: Json; view?: ViewChange } | undefined {
  const entry = history.past[history.past.length - 1];
  if (!entry) return undefined;
  const redo: HistoryEntry = { data: current, label: entry.label, ...(entry.view ? { view: entry.view } : {}) };
  return {
    data: entry.data,
    history: { past: history.past.slice(0, -1), future: [redo, ...history.future] },
    ...(entry.view ? { view: entry.view } : {}),
  };
}

export function redoStep(history: History, current: Json): { history: History; data: Json; view?: ViewChange } | undefined {
  const entry = history.future[0];
  if (!entry) return undefined;
  const undo: HistoryEntry = { data: current, label: entry.label, ...(entry.view ? { view: entry.view } : {}) };
  return {
    data: entry.data,
    history: { past: [...history.past, undo], future: history.future.slice(1) },
    ...(entry.view ? { view: entry.view } : {}),
  };
}

/**
 * How many undo steps lead back to the state `before`, when every one of them is an edit named
 * in `labels` (the steps one field made); undefined when another edit came in between, so going
 * back would undo someone else's work too.
 */
export function stepsBackTo(history: History, before: Json, labels: ReadonlySet<string>): number | undefined {
  for (let at = history.past.length - 1, steps = 1; at >= 0; at--, steps++) {
    const entry = history.past[at]!;
    if (!labels.has(entry.label)) return undefined;
    if (entry.data === before) return steps;
  }
  return undefined;
}
