// An invited person's edits that someone else's change of the same field overrode, made while
// offline or at the same moment (group-sync.ts lists them): put back as an edit like any other, or
// let go. Apart from group-sync.ts so that the People panel can offer them without loading the
// session's engine.
import { withValueAtConflict, type Json, type MergeConflict, type WorkingFile } from '../../format';
import { useDocumentStore } from '../document-store';
import { useGroupStore } from './group-store';

/**
 * Puts this person's own value back where, while they were away, someone else's change of the same
 * field was kept: an edit like any other (it reaches everyone, and can be undone).
 */
export function putMineBack(conflict: MergeConflict): void {
  if (conflict.mine === undefined) return;
  const mine = conflict.mine;
  const result = useDocumentStore.getState().edit(`Put back your ${conflict.field ?? 'edit'} of ${conflict.item}`, (file) => {
    const after = withValueAtConflict(file as unknown as Json, conflict, mine);
    return { ok: true, file: after as unknown as WorkingFile, notices: [] };
  });
  if (result.ok) forgetLost(conflict);
}

/** Lets the other person's value stand: the edit leaves the list. */
export function forgetLost(conflict: MergeConflict): void {
  useGroupStore.setState((state) => ({ lost: state.lost.filter((entry) => entry.id !== conflict.id) }));
}
