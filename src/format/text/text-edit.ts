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
