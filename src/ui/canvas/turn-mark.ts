// Whether an item belongs to a turn not reviewed yet (marked on its card or link until it is).
// Each card asks for its own id only, so a review elsewhere never redraws it.
import { useDocumentStore } from '../../store/document-store';
import { useTurnsStore, type TurnMark } from '../../store/turns/turns-store';

export function useTurnMark(id: string): TurnMark | undefined {
  // A revision of the history shows what was, not what awaits review.
  const working = useDocumentStore((s) => s.view.revision === null);
  const mark = useTurnsStore((s) => s.marks.get(id));
  return working ? mark : undefined;
}

/** "New · Assistant": the word on the mark. */
export function turnMarkWords(mark: TurnMark): string {
  const who = mark.actor === 'assistant' ? 'assistant' : mark.actor === 'window' ? 'other window' : 'file on disk';
  return `${mark.change === 'added' ? 'New' : 'Changed'} · ${who}`;
}
