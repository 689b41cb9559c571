// Someone else's change of a field that this page changed at the same moment: Yjs keeps one of
// the two values (the same on every page), and the page whose value went is told, so that
// nothing typed is dropped in silence. A change made after seeing this page's value (someone
// correcting it, the server's repairs) is an ordinary edit and is not reported.
import * as Y from 'yjs';

/** A field of an item whose value set on this page was replaced by a value set without seeing it. */
export interface Overwrite {
  /** The item's internal key (shared-doc.ts). */
  itemKey: string;
  field: string;
  mine: unknown;
  theirs: unknown;
}

/** The last value a map entry holds, as written (plain values: a nested type is not a field value). */
function valueOf(item: Y.Item): unknown {
  const content = item.content.getContent();
  return content[content.length - 1];
}

/** Whether `item` was set after its writer had seen `ours`: `ours` is among the entries it was set over. */
function setAfter(store: Y.Doc['store'], item: Y.Item, ours: Y.Item): boolean {
  for (let origin = item.origin; origin !== null; ) {
    if (origin.client === ours.id.client && origin.clock >= ours.id.clock && origin.clock < ours.id.clock + ours.length) return true;
    const before = Y.getItem(store, origin);
    if (!(before instanceof Y.Item)) return false;
    origin = before.origin;
  }
  return false;
}

/**
 * The fields of items (`items → KEY → fields`) whose value this copy had set and that
 * `transaction` (someone else's update) replaced with a value set concurrently: its writer had
 * not seen ours.
 */
export function concurrentOverwrites(transaction: Y.Transaction, items: object): Overwrite[] {
  const { clientID, store } = transaction.doc;
  const found: Overwrite[] = [];
  for (const [type, keys] of transaction.changed) {
    if (!(type instanceof Y.Map) || type._item?.parentSub !== 'fields') continue;
    const record = type.parent;
    if (!(record instanceof Y.Map) || (record.parent as object | null) !== items || typeof record._item?.parentSub !== 'string') continue;
    for (const field of keys) {
      if (field === null) continue;
      // Yjs keeps a map's entries for one key as a chain, the current one last.
      const current = (type as unknown as { _map: Map<string, Y.Item> })._map.get(field);
      if (!current || current.deleted || current.id.client === clientID) continue;
      // This copy's value until now: the entry of ours that this update removed.
      let ours = current.left;
      while (ours !== null && !(ours.id.client === clientID && Y.isDeleted(transaction.deleteSet, ours.id))) ours = ours.left;
      if (ours === null || setAfter(store, current, ours)) continue;
      found.push({ itemKey: record._item.parentSub, field, mine: valueOf(ours), theirs: valueOf(current) });
    }
  }
  return found;
}
