// The smallest change between two versions of a statement, as one splice, and how to carry a
// person's edit onto a version that others changed meanwhile: Yjs merges statements from such
// splices, and a text field keeps its caret and its keystrokes when someone else's typing comes
// in. Code units, as Y.Text and the DOM's selection count them.

export interface TextSplice {
  /** Where the change starts in the old text. */
  at: number;
  /** How many old code units it removes. */
  remove: number;
  /** What it puts in their place. */
  insert: string;
}

/** Characters as code units, so that splices index a string the way Y.Text does. */
export function textSplice(from: string, to: string): TextSplice {
  let start = 0;
  const shortest = Math.min(from.length, to.length);
  while (start < shortest && from.charCodeAt(start) === to.charCodeAt(start)) start++;
  let end = 0;
  while (end < shortest - start && from.charCodeAt(from.length - 1 - end) === to.charCodeAt(to.length - 1 - end)) end++;
  // Never cut a surrogate pair in two.
  if (start > 0 && isHighSurrogate(from.charCodeAt(start - 1))) start--;
  if (end > 0 && isLowSurrogate(from.charCodeAt(from.length - end))) end--;
  return { at: start, remove: from.length - start - end, insert: to.slice(start, to.length - end) };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * The edit `base → mine` carried onto `current` (base plus what others did meanwhile): the
 * place moves by what others inserted or removed before it; text someone else already removed
 * or changed is not removed again.
 */
export function rebaseTextEdit(base: string, mine: string, current: string): TextSplice {
  const edit = textSplice(base, mine);
  if (current === base) return edit;
  const theirs = textSplice(base, current);
  const shift = theirs.insert.length - theirs.remove;
  const editEnd = edit.at + edit.remove;
  const theirsEnd = theirs.at + theirs.remove;
  if (editEnd <= theirs.at && !(edit.remove === 0 && edit.at === theirs.at && theirs.remove > 0)) return edit; // wholly before their change
  if (edit.at >= theirsEnd) return { ...edit, at: edit.at + shift }; // wholly after it
  // Overlapping changes: insert where mine began (mapped), and remove only what is still there.
  const at = Math.min(edit.at <= theirs.at ? edit.at : theirs.at + theirs.insert.length, current.length);
  const removed = base.slice(edit.at, editEnd);
  const remove = current.slice(at, at + removed.length) === removed ? removed.length : 0;
  return { at, remove, insert: edit.insert };
}

/** Where a place in `from` (a caret) is in `to`: moved by what changed before it; inside a changed stretch, after it. */
export function placeAfterEdit(from: string, to: string, place: number): number {
  const edit = textSplice(from, to);
  if (place <= edit.at) return place;
  if (place >= edit.at + edit.remove) return place + edit.insert.length - edit.remove;
  return edit.at + edit.insert.length;
}

/** `text` with `edit` made. */
export function applyTextSplice(text: string, edit: TextSplice): string {
  return text.slice(0, edit.at) + edit.insert + text.slice(edit.at + edit.remove);
}

/** A change of a text as Yjs (and Quill) tell it: keep so many code units, insert, delete so many. */
export type TextDelta = readonly { retain?: number; insert?: unknown; delete?: number }[];

/**
 * Where a place (a caret) is after `delta`, which says exactly where each piece went (where a
 * comparison of the two texts can only guess, when the same letters stand side by side): moved by
 * what was inserted or removed before it; text inserted right at it comes after it, so the person
 * goes on typing after their own letters; inside a removed stretch, where it began.
 */
export function placeThroughDelta(place: number, delta: TextDelta): number {
  let old = 0;
  let now = 0;
  for (const op of delta) {
    if (op.retain !== undefined) {
      if (place < old + op.retain) return now + (place - old);
      old += op.retain;
      now += op.retain;
    } else if (op.insert !== undefined) {
      if (place === old) return now;
      now += typeof op.insert === 'string' ? op.insert.length : 1;
    } else if (op.delete !== undefined) {
      if (place < old + op.delete) return now;
      old += op.delete;
    }
  }
  return now + (place - old);
}

/** `text` with `delta` made; undefined when the delta does not fit the text (it was made on another). */
export function applyTextDelta(text: string, delta: TextDelta): string | undefined {
  let at = 0;
  let out = '';
  for (const op of delta) {
    if (op.retain !== undefined) {
      if (at + op.retain > text.length) return undefined;
      out += text.slice(at, at + op.retain);
      at += op.retain;
    } else if (op.insert !== undefined) {
      if (typeof op.insert !== 'string') return undefined;
      out += op.insert;
    } else if (op.delete !== undefined) {
      if (at + op.delete > text.length) return undefined;
      at += op.delete;
    }
  }
  return out + text.slice(at);
}

/**
 * The splice that made `to` from `from`, given where the caret stood just after it (a text
 * field's selection after a keystroke): exact where comparing the texts can only guess (a space
 * typed after a space). Compares the texts when the caret does not fit.
 */
export function spliceBeforeCaret(from: string, to: string, caretAfter: number | null | undefined): TextSplice {
  if (caretAfter !== null && caretAfter !== undefined) {
    if (to.length >= from.length) {
      const at = caretAfter - (to.length - from.length);
      if (at >= 0 && to.slice(0, at) === from.slice(0, at) && to.slice(caretAfter) === from.slice(at)) return { at, remove: 0, insert: to.slice(at, caretAfter) };
    } else {
      const removed = from.length - to.length;
      if (to.slice(0, caretAfter) === from.slice(0, caretAfter) && to.slice(caretAfter) === from.slice(caretAfter + removed)) return { at: caretAfter, remove: removed, insert: '' };
    }
  }
  return textSplice(from, to);
}
