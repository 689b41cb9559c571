// Says which node or link this person is typing in (an inspector's field, or a card edited in
// place), for the others' presence strips: an edit of the item whose field has the keyboard.
// It stays said for a moment after the last keystroke, as "Tom is editing r4" does.
import { useEffect } from 'react';
import { changedItems } from '../../format';
import { useDocumentStore } from '../../store/document-store';
import { useGroupStore } from '../../store/group/group-store';

/** How long after the last keystroke the others still read "… is editing". */
const EDITING_SHOWN_MS = 3000;

/** The item whose field has the keyboard: an inspector's, or a card's in place. */
function itemWithKeyboard(): string | null {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || !focused.matches('input, textarea, select, [contenteditable="true"]')) return null;
  return focused.closest('[data-inspecting]')?.getAttribute('data-inspecting') ?? focused.closest('[data-node-id]')?.getAttribute('data-node-id') ?? null;
}

export function TypingTracker() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = useDocumentStore.subscribe((now, before) => {
      const after = now.document?.data;
      const earlier = before.document?.data;
      if (after === undefined || earlier === undefined || after === earlier) return;
      // Said only in a running session (session-presence.ts tells the others).
      if (useGroupStore.getState().me === null) return;
      const id = itemWithKeyboard();
      if (id === null || !changedItems(earlier, after).changed.includes(id)) return;
      useGroupStore.setState({ typingIn: id });
      clearTimeout(timer);
      timer = setTimeout(() => useGroupStore.setState({ typingIn: null }), EDITING_SHOWN_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, []);
  return null;
}
