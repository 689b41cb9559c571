// Text entry behaves the same in every single-purpose field: Enter commits, Shift+Enter adds a
// line (in a field that holds several), Ctrl+Enter (⌘+Enter) commits too, Escape cancels. And the
// one rule for what a committed value is: trailing new lines are not part of it.
import type { KeyboardEvent } from 'react';

/** What is kept when a typed value is committed: the text without its trailing new lines. */
export function committedText(value: string): string {
  return value.replace(/[\r\n\u2028\u2029]+$/u, '');
}

/** The hint a field that holds several lines shows, so nobody has to guess. */
export const MULTILINE_HINT = 'Enter to finish, Shift+Enter for a new line, Escape to cancel';

export type EntryKey = 'commit' | 'cancel' | 'newline' | null;

/** What a key press means to a text field. */
export function entryKey(event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'> & { nativeEvent?: { isComposing?: boolean } }): EntryKey {
  if (event.nativeEvent?.isComposing) return null; // an input method is still composing a word
  if (event.key === 'Escape') return 'cancel';
  if (event.key !== 'Enter' || event.altKey) return null;
  if (event.ctrlKey || event.metaKey) return 'commit';
  return event.shiftKey ? 'newline' : 'commit';
}

/**
 * Keys of a form (Add an assumption, Dispute…, Add backlog work…): Enter or Ctrl+Enter in any of
 * its text fields submits it, Shift+Enter adds a line in a text area, Escape cancels the form.
 */
export function formEntryKeys(onCancel?: () => void) {
  return (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    const textual = target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type));
    const meaning = entryKey(event);
    if (meaning === 'cancel' && onCancel) {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (meaning === 'commit' && (textual || event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.requestSubmit();
    }
  };
}
