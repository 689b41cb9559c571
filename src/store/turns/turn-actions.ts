// What a person does with a turn, each in one step that Undo takes back: endorse its items (as
// themselves and the people they name), dispute them with an objection, undo them, or open one
// to edit. The format's operations make the changes; the review is then noted for this person.
import { accept, changesToUndoWith, dispute, endsNeededToAccept, findItem, revertChanges, type EditResult, type TurnChange, type WorkingFile } from '../../format';
import { useDocumentStore } from '../document-store';
import type { Turn } from './turn-list';
import { recordReview } from './turns-store';

/** Nodes and links of the turn that are still in the file: what can be endorsed or disputed. */
export function reasoningItems(file: WorkingFile | undefined, changes: readonly TurnChange[]): TurnChange[] {
  if (!file) return [];
  return changes.filter((change) => (change.subject === 'node' || change.subject === 'link') && change.change !== 'removed' && findItem(file, change.id) !== undefined);
}

function changesOf(turn: Turn, keys: readonly string[] | undefined): TurnChange[] {
  return keys === undefined ? turn.changes : turn.changes.filter((change) => keys.includes(change.key));
}

const currentFile = () => useDocumentStore.getState().document?.data as WorkingFile | undefined;

/**
 * Accepts the turn's nodes and links (or those of `keys`) endorsed by `endorsers`; the other
 * items (removals, backlog, people) count as seen. Returns the edit's result.
 */
export function endorseTurn(turn: Turn, endorsers: readonly string[], keys?: readonly string[]): EditResult {
  const chosen = changesOf(turn, keys);
  const file = currentFile();
  const items = reasoningItems(file, chosen);
  if (items.length > 0 && file) {
    const { ids, waiting } = acceptable(file, items.map((change) => change.id));
    if (ids.length === 0) return refused(waiting);
    const result = useDocumentStore.getState().edit(
      `Endorse ${ids.join(', ')}`,
      (current) => {
        const accepted = accept(current, ids, endorsers);
        return accepted.ok ? { ...accepted, notices: [...accepted.notices, ...waiting] } : accepted;
      },
      { selectCreated: false },
    );
    if (!result.ok) return result;
    recordReview(turn.id, items.filter((change) => ids.includes(change.id)).map((change) => change.key), 'endorsed');
  }
  const others = chosen.filter((change) => !items.includes(change));
  recordReview(turn.id, others.map((change) => change.key), 'seen');
  return { ok: true, file: currentFile()!, notices: [] };
}

/**
 * Of `ids`, those that can be accepted together: a link whose ends are neither accepted nor
 * among them stays proposed (endorsing a turn never accepts what was not in it), said in `waiting`.
 */
function acceptable(file: WorkingFile, ids: string[]): { ids: string[]; waiting: string[] } {
  const missingOf = (id: string, among: readonly string[]) => endsNeededToAccept(file, [id]).filter((end) => !among.includes(end));
  const blocked = ids.filter((id) => findItem(file, id)?.list === 'links' && missingOf(id, ids).length > 0);
  const waiting = blocked.map((id) => {
    const missing = missingOf(id, ids);
    return `${id} stays proposed: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not accepted (accept ${id} with ${missing.length === 1 ? 'it' : 'them'} from the inspector)`;
  });
  return { ids: ids.filter((id) => !blocked.includes(id)), waiting };
}

function refused(waiting: string[]): EditResult {
  const reason = waiting.length ? `Nothing to endorse yet: ${waiting.join('; ')}.` : 'Nothing to endorse.';
  useDocumentStore.getState().say('refusal', reason);
  return { ok: false, reason };
}

/** Disputes the turn's nodes and links (or those of `keys`) with one objection, in one step. */
export function disputeTurn(turn: Turn, objection: string, by: string, keys?: readonly string[]): EditResult {
  const items = reasoningItems(currentFile(), changesOf(turn, keys));
  if (items.length === 0) return { ok: false, reason: 'Nothing here can be disputed: no node or link of this turn is in the file.' };
  const ids = items.map((change) => change.id);
  const result = useDocumentStore.getState().edit(`Dispute ${ids.join(', ')}`, (file) => {
    let next = file;
    const notices: string[] = [];
    for (const id of ids) {
      const step = dispute(next, id, { text: objection, by });
      if (!step.ok) return step;
      next = step.file;
      notices.push(...step.notices);
    }
    return { ok: true, file: next, notices };
  });
  if (result.ok) recordReview(turn.id, items.map((change) => change.key), 'disputed');
  return result;
}

/**
 * Undoes the whole turn, or one item with what cannot stay without it (an added node's links);
 * refused, changing nothing, when an item changed since.
 */
export function undoTurn(turn: Turn, key?: string): EditResult {
  const changes = key === undefined ? turn.changes : changesToUndoWith(turn.changes, key);
  const label = key === undefined ? `Undo the turn of ${turn.actor.kind === 'assistant' ? 'the assistant' : 'the file on disk'}` : `Undo ${changes.map((c) => c.id).join(', ')}`;
  const result = useDocumentStore.getState().edit(label, (file) => revertChanges(file, changes), { selectCreated: false });
  if (result.ok) recordReview(turn.id, changes.map((change) => change.key), 'undone');
  return result;
}

/** Opens an item of the turn in the inspector, to edit it. */
export function editTurnItem(turn: Turn, change: TurnChange): void {
  useDocumentStore.getState().focusItem(change.id);
  recordReview(turn.id, [change.key], 'edited');
}

/** The person has looked at the turn: nothing to review left in it. */
export function markTurnReviewed(turn: Turn, keys: readonly string[]): void {
  recordReview(turn.id, keys, 'seen');
}
