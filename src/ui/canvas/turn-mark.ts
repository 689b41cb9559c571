// Whether an item belongs to a turn not reviewed yet (marked on its card or link until it is).
// Each card asks for its own id only, so a review elsewhere never redraws it.
import { useDocumentStore } from '../../store/document-store';
import { useGroupStore, type GroupStoreState } from '../../store/group/group-store';
import { useTurnsStore, type TurnMark } from '../../store/turns/turns-store';

/** Whether this page is in a group session (invited to one, or the driver of one). */
export const inGroupSession = (group: GroupStoreState = useGroupStore.getState()): boolean => group.invited !== null || group.invites.length > 0;

export function useTurnMark(id: string): TurnMark | undefined {
  // A revision of the history shows what was, not what awaits review.
  const working = useDocumentStore((s) => s.view.revision === null);
  const mark = useTurnsStore((s) => s.marks.get(id));
  return working ? mark : undefined;
}

/**
 * "New · assistant", "New · Tom": the words on the mark. An item added through the editor's other
 * pages (in a group session: a participant's card, written to the file by the session) is named
 * after the person the file credits with it, `addedBy` (the first contributor's name), as every
 * participant's page names them. A change's author is not in the file: in a group session it is
 * "the group"'s, otherwise another window's.
 */
export function turnMarkWords(mark: TurnMark, addedBy?: string, inGroup = false): string {
  const person = mark.change === 'added' && addedBy ? addedBy : undefined;
  const who = mark.actor === 'assistant' ? 'assistant' : mark.actor === 'window' ? (person ?? (inGroup ? 'the group' : 'other window')) : 'file on disk';
  return `${mark.change === 'added' ? 'New' : 'Changed'} · ${who}`;
}
