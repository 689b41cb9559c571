// A text field bound to the document: every change is sent as it is typed, except a blank value,
// which the format refuses; the field then keeps what the user typed until it is valid again.
// When the document changes from elsewhere (undo, another panel), the field follows.
// Its keys are every field's (text-entry): Enter (or Ctrl+Enter) commits and leaves the field,
// Shift+Enter adds a line where lines are allowed, Escape puts back what the field held when
// it got the keyboard (undoing the typing itself when nothing else came in between). A
// committed value loses its trailing new lines.
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { Json } from '../../format';
import { useDocumentStore } from '../../store/document-store';
import { committedText, entryKey } from '../entry/text-entry';

export interface Draft {
  value: string;
  blank: boolean;
  change(value: string): void;
  /** Spread on the input or text area. */
  keys: {
    onFocus(event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>): void;
    onBlur(event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>): void;
    onKeyDown(event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>): void;
  };
}

/** `labels`: the names of the edits `send` makes (for Escape to undo exactly those). */
export function useDraft(stored: string, send: (value: string) => boolean, labels: readonly string[] = []): Draft {
  const [value, setValue] = useState(stored);
  const lastStored = useRef(stored);
  const atFocus = useRef<{ value: string; data: Json | undefined } | null>(null);
  useEffect(() => {
    if (stored !== lastStored.current) {
      lastStored.current = stored;
      setValue(stored);
    }
  }, [stored]);
  const change = (next: string) => {
    setValue(next);
    if (next.trim() === '') return;
    if (send(next)) lastStored.current = next;
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
    lastStored.current = start.value;
    setValue(start.value);
  };
  return {
    value,
    blank: value.trim() === '',
    change,
    keys: {
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
