// When a change on disk may be written over: the rule that keeps a program's half-written file
// from being taken as its final word. A program writing a file in pieces (a shell redirect, a
// streaming generator) leaves a prefix on disk for a moment, and almost every prefix cut at a
// line end still reads as YAML. So a change made by someone else is written over only once it
// has been still for a short while, and never, without the person's say, when it made a valid
// file invalid or unreadable or took whole trees away: that is what an unfinished write looks
// like, and writing over it would lose the rest of it.
import { isObject } from '../model/json';
import type { Json } from '../model/types';
import { TREE_NAMES, type TreeKey } from '../model/vocabulary';
import { openWorkingFile } from '../text/open';

/** How long a change made by someone else must stay as it is before it is written over. */
export const SETTLE_MS = 1500;

/** What the rule needs to know of one state of the file. */
export interface FileShape {
  /** The bytes could be read as text at all (not missing, not unreadable). */
  readable: boolean;
  /** It opens as a working file without errors. */
  valid: boolean;
  /** The keys under `trees`. */
  trees: readonly string[];
}

export function shapeOfData(data: Json | undefined, valid: boolean): FileShape {
  const trees = isObject(data) && isObject(data.trees) ? Object.keys(data.trees) : [];
  return { readable: true, valid, trees };
}

/** The shape of a text on disk; `null` for a file that could not be read. */
export function shapeOfText(text: string | null): FileShape {
  if (text === null) return { readable: false, valid: false, trees: [] };
  const opened = openWorkingFile(text);
  return shapeOfData(opened.data, opened.valid);
}

/**
 * Why the change from `before` (the state last known to be complete) to `after` looks like a
 * write that has not finished, or undefined when it does not.
 */
export function unfinishedChange(before: FileShape, after: FileShape): string | undefined {
  if (before.readable && !after.readable) return 'it can no longer be read';
  const lost = before.trees.filter((key) => !after.trees.includes(key));
  if (lost.length > 0) return `it lost the ${listed(lost.map((key) => TREE_NAMES[key as TreeKey] ?? key))}`;
  if (before.valid && !after.valid) return 'it is no longer a valid working file';
  return undefined;
}

export type SettleVerdict =
  /** It may be written over now. */
  | { kind: 'settled' }
  /** It changed a moment ago: look again in `ms`. */
  | { kind: 'wait'; ms: number }
  /** It looks unfinished: written over only when the person says so. */
  | { kind: 'held'; reason: string };

/**
 * May the file, now in state `current` (unchanged for `stillForMs`), be written over? `trusted`
 * is the state last known to be complete (what the editor wrote, or a change that settled);
 * `personSaidSo`: the person chose to write over it although it looks unfinished.
 */
export function settleVerdict(trusted: FileShape, current: FileShape, stillForMs: number, options: { personSaidSo?: boolean; settleMs?: number } = {}): SettleVerdict {
  const reason = unfinishedChange(trusted, current);
  if (reason !== undefined && !options.personSaidSo) return { kind: 'held', reason };
  const settleMs = options.settleMs ?? SETTLE_MS;
  if (stillForMs < settleMs) return { kind: 'wait', ms: Math.ceil(settleMs - Math.max(0, stillForMs)) };
  return { kind: 'settled' };
}

function listed(names: string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
