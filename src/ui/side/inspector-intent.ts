// A keyboard command asking the inspector to start an action on the selected item (Accept…,
// Dispute…, Delete…). The inspector's part for that item opens its form and takes the focus.
import { create } from 'zustand';

export type Intent = 'accept' | 'dispute' | 'delete';

interface IntentState {
  request: { intent: Intent; id: string } | null;
  ask(intent: Intent, id: string): void;
  /** Called by the part that acted on the request. */
  done(): void;
}

export const useInspectorIntent = create<IntentState>((set) => ({
  request: null,
  ask: (intent, id) => set({ request: { intent, id } }),
  done: () => set({ request: null }),
}));

/** What a form or picker gives the keyboard to when it opens: its first field, else its first button. */
const FIRST_FIELD = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';

function firstIn(container: HTMLElement): HTMLElement | null {
  return container.querySelector<HTMLElement>('[data-first-field]') ?? container.querySelector<HTMLElement>(FIRST_FIELD) ?? container.querySelector<HTMLElement>('button:not([disabled])');
}

/** Puts the keyboard on the first field (or button) inside `container`, once it is drawn. */
export function focusFirstIn(container: HTMLElement | null): void {
  requestAnimationFrame(() => {
    if (container?.isConnected) firstIn(container)?.focus();
  });
}

/**
 * The same at once, for a form opened by a click and drawn already (from a layout effect): a key
 * typed straight after the click goes into the field, not to the page, even before the next frame.
 */
export function focusFirstNow(container: HTMLElement | null): void {
  const target = container?.isConnected ? firstIn(container) : null;
  if (target) target.focus();
  else focusFirstIn(container);
}
