// The value a merge conflict is about, read from a file's data or put back into it: a node's or
// link's field, a participant's name, a top-level key. Used where one side of a conflict is kept
// after the merge (a page back from offline keeps the group's value and offers its own again).
import { isObject, type Json } from '../model';
import type { MergeConflict } from './ledger';

type Place = Pick<MergeConflict, 'kind' | 'item' | 'field'>;

/** The value `conflict` concerns in `data` (undefined: not there, or a kind of conflict with no single value). */
export function valueAtConflict(data: Json, conflict: Place): Json | undefined {
  if (!isObject(data)) return undefined;
  if (conflict.kind === 'file') return data[conflict.item];
  if (conflict.kind === 'participant') return isObject(data.participants) ? data.participants[conflict.item] : undefined;
  const found = findItem(data, conflict);
  if (!found) return undefined;
  return conflict.field === undefined ? found.item : found.item[conflict.field];
}

/** `data` with the value `conflict` concerns set to `value`; unchanged objects are kept (an edit of one field). */
export function withValueAtConflict(data: Json, conflict: Place, value: Json): Json {
  if (!isObject(data)) return data;
  if (conflict.kind === 'file') return { ...data, [conflict.item]: value };
  if (conflict.kind === 'participant') return isObject(data.participants) ? { ...data, participants: { ...data.participants, [conflict.item]: value } } : data;
  const found = findItem(data, conflict);
  if (!found || conflict.field === undefined) return data;
  const { treeKey, tree, listName, list, index, item } = found;
  const nextList = list.slice();
  nextList[index] = { ...item, [conflict.field]: value };
  return { ...data, trees: { ...(data.trees as Record<string, Json>), [treeKey]: { ...tree, [listName]: nextList } } };
}

function findItem(data: Record<string, Json>, conflict: Place) {
  if (conflict.kind !== 'node' && conflict.kind !== 'link') return undefined;
  const trees = isObject(data.trees) ? data.trees : {};
  const listName = conflict.kind === 'node' ? 'nodes' : 'links';
  for (const [treeKey, tree] of Object.entries(trees)) {
    if (!isObject(tree)) continue;
    const list = tree[listName];
    if (!Array.isArray(list)) continue;
    const index = list.findIndex((entry) => isObject(entry) && entry.id === conflict.item);
    const item = list[index];
    if (index >= 0 && isObject(item)) return { treeKey, tree, listName, list, index, item };
  }
  return undefined;
}
