// The keyboard: every key chord of the editor's action list runs its action. Plain keys are
// left to a text field or an open dialog that has the focus; Ctrl chords (open, save, undo…)
// work everywhere. An action that cannot run now says why instead of doing nothing.
import { useEffect, useRef } from 'react';
import { useDocumentStore } from '../store/document-store';
import type { EditorAction } from './commands/editor-actions';
import { matchesChord } from './commands/keys';
import { keyBelongsElsewhere } from './typing';

/** Actions whose refusal is obvious from the disabled button: no message for those. */
const QUIET = new Set(['undo', 'redo', 'clear-selection']);

export function useShortcuts(actions: () => EditorAction[]): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const busy = keyBelongsElsewhere(event);
      for (const action of latest.current()) {
        if (action.helpOnly || action.keysElsewhere || !action.keys?.some((chord) => matchesChord(chord, event))) continue;
        if (busy && !action.whileTyping) return;
        event.preventDefault();
        if (action.unavailable) {
          if (!QUIET.has(action.id)) useDocumentStore.getState().say('info', action.unavailable);
          return;
        }
        action.run();
        return;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
