// A statement's field in a group session, typed in together with others: what Yjs did to each
// statement lately, in order, so that the field keeps its caret by the splices as they were made;
// and where this person typed, as their field saw it, so that their letters go into the shared
// text exactly there. Comparing texts cannot tell whose space is whose when two people each type
// one at the same place, and each person's letters would no longer stay together. Kept apart
// from the session's engine, so that the editor's fields can use it without loading that.
import { applyTextDelta, placeThroughDelta, type TextDelta, type TextSplice } from '../../format';
import type { TypedText } from '../../collab';
import type { TextEdit } from '../../collab/client';

/** Enough for the changes between two drawings of a field, however fast several people type. */
const KEPT = 64;

const recent = new Map<string, { delta: TextDelta; after: string }[]>();
const keyOf = (id: string, field: string) => `${id}\u0000${field}`;

/** Records changes of items' texts as the session's document made them (this page's and others'). */
export function recordTextEdits(edits: readonly TextEdit[]): void {
  for (const { id, field, delta, after } of edits) {
    const key = keyOf(id, field);
    const list = recent.get(key) ?? [];
    list.push({ delta, after });
    if (list.length > KEPT) list.splice(0, list.length - KEPT);
    recent.set(key, list);
  }
}

/**
 * Where a caret at `caret` in the item's text `from` is in its text `to`, by the recorded changes
 * that lead from one to the other; undefined when they are not all known (compare the texts then).
 */
export function caretThroughTextEdits(id: string, field: string, from: string, to: string, caret: number): number | undefined {
  if (from === to) return caret;
  const list = recent.get(keyOf(id, field));
  if (!list) return undefined;
  let end = list.length - 1;
  while (end >= 0 && list[end]!.after !== to) end--;
  // The latest change that begins at `from`: after a recorded text, or (the first change of a
  // text the field showed before any was recorded) one whose changes lead from `from` to `to`.
  for (let start = end; start >= 0; start--) {
    if (start > 0 ? list[start - 1]!.after !== from : !leadsTo(from, list.slice(0, end + 1), to)) continue;
    let place = caret;
    for (let i = start; i <= end; i++) place = placeThroughDelta(place, list[i]!.delta);
    return place;
  }
  return undefined;
}

function leadsTo(from: string, edits: readonly { delta: TextDelta }[], to: string): boolean {
  let text: string | undefined = from;
  for (const { delta } of edits) if (text !== undefined) text = applyTextDelta(text, delta);
  return text === to;
}

/** Where this person just typed, until the edit is written into the session's document. */
let typed: TypedText[] = [];

/** A text field typed in together with others (a group session's statement). */
export interface TypingTogether {
  /** Where a caret goes when the stored text changes, when the changes that made it are known. */
  caretThrough(from: string, to: string, caret: number): number | undefined;
  /** Told where each keystroke went, as the field saw it, before it is sent. */
  typed(from: string, splice: TextSplice): void;
}

/** The field of `id`'s `field`: its caret by the session's changes, and its keystrokes told as typed. */
export function typingTogether(id: string, field: string): TypingTogether {
  return {
    caretThrough: (from, to, caret) => caretThroughTextEdits(id, field, from, to, caret),
    typed: (from, splice) => {
      typed = [...typed.filter((t) => t.id !== id || t.field !== field), { id, field, from, splice }];
    },
  };
}

/** Where this person typed since the last write (then forgotten). */
export function takeTyped(): TypedText[] {
  const taken = typed;
  typed = [];
  return taken;
}

/** Forgets every recorded change (the session ended). */
export function forgetTextEdits(): void {
  recent.clear();
  typed = [];
}
