// Which card's statement is being edited on the canvas itself (double-click, or Enter on the
// selected card). One at a time; the card shows a text field in place of its text meanwhile.
import { create } from 'zustand';

interface InPlaceEdit {
  /** The node whose statement is being edited, or null. */
  editing: string | null;
  start(id: string): void;
  stop(): void;
}

export const useInPlaceEdit = create<InPlaceEdit>((set) => ({
  editing: null,
  start: (id) => set({ editing: id }),
  stop: () => set({ editing: null }),
}));

/** The statement as it is kept: without the empty lines (or spaces) a last Enter or paste left at its end. */
export function committedText(typed: string): string {
  return typed.replace(/\s+$/u, '');
}
