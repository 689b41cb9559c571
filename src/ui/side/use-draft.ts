// A text field bound to the document: every change is sent as it is typed, except a blank value,
// which the format refuses; the field then keeps what the user typed until it is valid again.
// When the document changes from elsewhere (undo, another panel), the field follows.
import { useEffect, useRef, useState } from 'react';

export function useDraft(stored: string, send: (value: string) => boolean): { value: string; blank: boolean; change(value: string): void } {
  const [value, setValue] = useState(stored);
  const lastStored = useRef(stored);
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
  return { value, blank: value.trim() === '', change };
}
