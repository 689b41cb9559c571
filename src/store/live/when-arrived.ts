// In a group session another program's change of the file is read here at once, while the
// session brings its words into the document a moment later. What is told about it (the items
// marked as changed, the turn to review, the notice) waits for those words, so no card is marked
// as changed while it still shows what it said before. A change the session holds back is told
// without its notice: the session's own notice of the conflict stays.
import { changedItems, type Json } from '../../format';
import { useDocumentStore } from '../document-store';

/** Longest wait for the session: past it, the change is told all the same. */
export const ARRIVAL_WAIT_MS = 3000;

/**
 * Runs `tell(true)` once the open document holds each of `ids` as `disk` has it (at once, if it
 * does), or `tell(false)` after `waitMs` if it never comes: the session held the change back (a
 * conflict for the driver to settle, which it tells of itself).
 */
export function whenItemsArrive(ids: readonly string[], disk: Json, tell: (arrived: boolean) => void, waitMs = ARRIVAL_WAIT_MS): void {
  const wanted = new Set(ids);
  const arrived = () => {
    const data = useDocumentStore.getState().document?.data;
    return data === undefined || !changedItems(data, disk).changed.some((id) => wanted.has(id));
  };
  if (wanted.size === 0 || arrived()) {
    tell(true);
    return;
  }
  let done = false;
  const finish = (came: boolean) => {
    if (done) return;
    done = true;
    stop();
    clearTimeout(timer);
    tell(came);
  };
  const stop = useDocumentStore.subscribe((now, before) => {
    if (now.document?.data !== before.document?.data && arrived()) finish(true);
  });
  const timer = setTimeout(() => finish(false), waitMs);
}
