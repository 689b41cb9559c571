// Shared behaviour of the editor's own dialogs: Escape closes, and the keyboard goes back to
// where it was when the dialog closes.
import { useEffect, useRef } from 'react';

export function useRestoreFocus(): void {
  const before = useRef<Element | null>(typeof document !== 'undefined' ? document.activeElement : null);
  useEffect(
    () => () => {
      const element = before.current as HTMLElement | null;
      if (element && element.isConnected && typeof element.focus === 'function') element.focus({ preventScroll: true });
    },
    [],
  );
}

/** Tab stays inside the dialog while it is open. */
export function trapTab(event: React.KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>('button:not([disabled]), input, select, textarea, a[href], [tabindex="0"]')];
  if (focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
