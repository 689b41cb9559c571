// Whether a key press belongs to a text field or an open dialog rather than to the editor.
export function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName));
}

export function dialogIsOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"]') !== null;
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
