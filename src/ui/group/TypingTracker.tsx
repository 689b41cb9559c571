// Says which node or link this person is typing in (an inspector's field, or a card edited in
// place), for the others' presence strips: the item whose field the person's own keystrokes
// change (an input event), never an item someone else changed while this person's field had the
// keyboard. It stays said for a moment after the last keystroke, as "Tom is editing r4" does.
import { useEffect } from 'react';
import { useGroupStore } from '../../store/group/group-store';

/** How long after the last keystroke the others still read "… is editing". */
const EDITING_SHOWN_MS = 3000;

/** The item a field belongs to: an inspector's, or a card's in place. */
function itemOfField(target: EventTarget | null): string | null {
  if (!(target instanceof HTMLElement) || !target.matches('input, textarea, select, [contenteditable="true"]')) return null;
  return target.closest('[data-inspecting]')?.getAttribute('data-inspecting') ?? target.closest('[data-node-id]')?.getAttribute('data-node-id') ?? null;
}

export function TypingTracker() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onInput = (event: Event) => {
      // Said only in a running session (session-presence.ts tells the others).
      if (useGroupStore.getState().me === null) return;
      const id = itemOfField(event.target);
      if (id === null) return;
      if (useGroupStore.getState().typingIn !== id) useGroupStore.setState({ typingIn: id });
      clearTimeout(timer);
      timer = setTimeout(() => useGroupStore.setState({ typingIn: null }), EDITING_SHOWN_MS);
    };
    document.addEventListener('input', onInput, true);
    return () => {
      document.removeEventListener('input', onInput, true);
      clearTimeout(timer);
    };
  }, []);
  return null;
}
