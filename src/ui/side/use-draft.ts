// A text field bound to the document: every change is sent as it is typed, except a blank value,
// which the format refuses; the field then keeps what the user typed until it is valid again.
// When the document changes from elsewhere (undo, another panel, someone else typing in a group
// session), the field follows at once, its caret staying by the text it was in; a keystroke made
// on the text just before someone else's change came in is carried onto their text, never made
// over it (which would take their typing out again).
// Its keys are every field's (text-entry): Enter (or Ctrl+Enter) commits and leaves the field,
// Shift+Enter adds a line where lines are allowed, Escape puts back what the field held when
// it got the keyboard (undoing the typing itself when nothing else came in between). A
// committed value loses its trailing new lines.
import { useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { applyTextSplice, placeAfterEdit, rebaseTextEdit, spliceBeforeCaret, type Json } from '../../format';
import { useDocumentStore } from '../../store/document-store';
import type { TypingTogether } from '../../store/group/text-edits';
import { committedText, entryKey } from '../entry/text-entry';

export interface Draft {
  value: string;
  blank: boolean;
  change(value: string): void;
  /** Spread on the input or text area. */
  keys: {
    ref: RefObject<(HTMLInputElement & HTMLTextAreaElement) | null>;
    onFocus(event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>): void;
    onBlur(event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>): void;
    onKeyDown(event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>): void;
  };
}

/**
 * `labels`: the names of the edits `send` makes (for Escape to undo exactly those). `latest`: the
 * stored text as the document has it right now, when `stored` may be a frame behind.
 * `together`: for a text others type in too; otherwise texts are compared.
 */
export function useDraft(
  stored: string,
  send: (value: string) => boolean,
  labels: readonly string[] = [],
  latest: () => string = () => stored,
  together?: TypingTogether,
): Draft {
  const [value, setValue] = useState(stored);
  /** The stored text the field last took in or sent. */
  const [seen, setSeen] = useState(stored);
  const atFocus = useRef<{ value: string; data: Json | undefined } | null>(null);
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  /** Where the caret goes once the field shows its new value. */
  const caret = useRef<{ start: number; end: number } | null>(null);
  if (stored !== seen) {
    // Taken in during this render, so that the next keystroke is made on it.
    const element = field.current;
    if (element && element.ownerDocument.activeElement === element && element.value === value) {
      const place = (at: number) => together?.caretThrough(value, stored, at) ?? placeAfterEdit(value, stored, at);
      caret.current = { start: place(element.selectionStart ?? 0), end: place(element.selectionEnd ?? 0) };
    }
    setSeen(stored);
    setValue(stored);
  }
  useLayoutEffect(() => {
    const place = caret.current;
    const element = field.current;
    caret.current = null;
    if (place && element && element.ownerDocument.activeElement === element) element.setSelectionRange(place.start, place.end);
  }, [value]);
  const change = (typed: string) => {
    let next = typed;
    const now = latest();
    // Where the keystroke went: the field's caret stands just after it.
    const mine = spliceBeforeCaret(value, typed, field.current?.selectionEnd);
    if (now !== seen && value === seen) {
      // The document moved on since the field last showed it (someone else's typing): carry this
      // keystroke onto it, by the changes that made it when they are known.
      const at = mine.remove === 0 ? together?.caretThrough(value, now, mine.at) : undefined;
      const edit = at !== undefined ? { ...mine, at } : rebaseTextEdit(value, typed, now);
      next = applyTextSplice(now, edit);
      const after = edit.at + edit.insert.length;
      caret.current = { start: after, end: after };
      setSeen(now);
      together?.typed(now, edit);
    } else together?.typed(value, mine);
    setValue(next);
    if (next.trim() === '') return;
    if (send(next)) setSeen(next);
  };
  const commit = () => {
    const kept = committedText(value);
    if (kept !== value && kept.trim() !== '') change(kept);
  };
  const cancel = () => {
    const start = atFocus.current;
    if (!start || start.value === value) return;
    const store = useDocumentStore.getState();
    const rewound = start.data !== undefined && store.rewindTo(start.data, new Set(labels));
    if (!rewound && start.value.trim() !== '') send(start.value);
    // Rewound, the text is as it was less this person's typing: what others typed meanwhile stays.
    const shown = rewound ? latest() : start.value;
    setSeen(shown);
    setValue(shown);
  };
  return {
    value,
    blank: value.trim() === '',
    change,
    keys: {
      ref: field,
      onFocus: () => {
        atFocus.current = { value: stored, data: useDocumentStore.getState().document?.data };
        // Typing from here on is a step of its own, so Escape can take back exactly that.
        useDocumentStore.getState().sealHistory();
      },
      onBlur: () => {
        // Left by Tab or a click: what was typed stays, tidied. (Enter and Escape tidied already.)
        if (atFocus.current) commit();
        atFocus.current = null;
      },
      onKeyDown: (event) => {
        const meaning = entryKey(event);
        if (meaning === 'commit') {
          event.preventDefault();
          commit();
          atFocus.current = null;
          event.currentTarget.blur();
        } else if (meaning === 'cancel') {
          event.preventDefault();
          event.stopPropagation();
          cancel();
          atFocus.current = null;
          event.currentTarget.blur();
        }
      },
    },
  };
}
