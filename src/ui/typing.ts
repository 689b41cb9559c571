// The one rule that decides whether a key press belongs to the editor's shortcuts or to where
// the keyboard is: a field (any input, text area, select, or editable text; a combobox, a
// spin button), an open menu (its own keys move in it), or an open modal dialog anywhere on
// the page. Every keyboard handler of the editor asks here.

const FIELD = 'input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role="textbox"], [role="searchbox"], [role="combobox"], [role="spinbutton"], [role="slider"], [role="listbox"]';

/** Whether the keyboard is in a field (or in an open menu), so plain keys are its own. */
export function isTyping(target: EventTarget | null): boolean {
  const element = target instanceof Element ? target : null;
  if (!element) return false;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  return element.closest(FIELD) !== null || element.closest('[role="menu"], [role="menubar"]') !== null;
}

/** Whether a modal dialog is open: its keys are its own, wherever the keyboard is. */
export function dialogIsOpen(): boolean {
  if (document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"]') !== null) return true;
  return [...document.querySelectorAll('dialog[open]')].some((dialog) => {
    try {
      return dialog.matches(':modal');
    } catch {
      return true; // A browser without :modal: an open <dialog> counts.
    }
  });
}

/** Plain keys (letters, Escape, arrows) go to the page's fields and dialogs first. */
export function keyBelongsElsewhere(event: KeyboardEvent): boolean {
  return isTyping(event.target) || dialogIsOpen();
}

/** A pause in typing this long means the person has stopped, for now. */
export const TYPING_PAUSE_MS = 2000;

let lastKeyAt = -Infinity;
if (typeof window !== 'undefined') window.addEventListener('keydown', () => (lastKeyAt = performance.now()), { capture: true });

/**
 * Whether the person is typing in a text field right now: one has the focus, in a window that
 * has it, and a key went to it a moment ago. What would take that field away waits till then.
 */
export function typingNow(): boolean {
  const active = document.activeElement;
  const field = active instanceof HTMLTextAreaElement || (active instanceof HTMLElement && active.isContentEditable) || (active instanceof HTMLInputElement && !NOT_TEXT.has(active.type));
  return field && document.hasFocus() && performance.now() - lastKeyAt < TYPING_PAUSE_MS;
}

const NOT_TEXT = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file']);
