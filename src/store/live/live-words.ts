// What the editor says when the file changed on disk: how many items, and where.
import { TREE_NAMES, type Json, readTrees, type DrawableTree } from '../../format';
import type { ItemChanges, MergeOutcome } from '../../format';

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3 items changed on disk (2 in the Current Reality Tree, 1 in the Goal Tree)". */
export function describeDiskChange(changes: ItemChanges, before: readonly DrawableTree[], after: Json): string {
  const total = changes.changed.length + changes.removed.length;
  if (total === 0) return changes.otherChanged ? 'The file changed on disk (backlog, people, trees or settings).' : 'The file was rewritten on disk; what it says is unchanged.';
  // Where each item that changed is (the new version's tree when it has one), read without listing every item of a big file.
  const wanted = new Set([...changes.changed, ...changes.removed]);
  const treeOf = new Map<string, string>();
  for (const tree of [...before, ...readTrees(after)]) {
    for (const list of [tree.nodes, tree.links]) for (const item of list) if (wanted.has(item.id)) treeOf.set(item.id, TREE_NAMES[tree.key]);
  }
  const perTree = new Map<string, number>();
  for (const id of wanted) {
    const tree = treeOf.get(id);
    if (tree) perTree.set(tree, (perTree.get(tree) ?? 0) + 1);
  }
  const where = [...perTree].map(([tree, n]) => `${n} in the ${tree}`).join(', ');
  const removed = changes.removed.length > 0 ? `; ${changes.removed.length} removed` : '';
  return `${count(total, 'item')} changed on disk${where ? ` (${where}${removed})` : removed ? ` (${removed.slice(2)})` : ''}${changes.otherChanged ? ', with other changes' : ''}.`;
}

export function describeMerge(outcome: MergeOutcome, cause: 'disk' | 'recovered' | 'settled'): string {
  const parts: string[] = [];
  if (cause === 'recovered') parts.push('Edits from your last session had not reached the file; they were merged with it.');
  else if (cause === 'settled') parts.push('Conflicts settled; the merge is being written.');
  else parts.push(`The file changed on disk while your edits were waiting to be written${outcome.changedIds.length ? ` (${count(outcome.changedIds.length, 'item')} changed there)` : ''}; the two were merged.`);
  if (outcome.conflicts.length > 0) {
    parts.push(`${count(outcome.conflicts.length, 'conflict')} to settle in the Conflicts list: the same thing was changed here and on disk. Nothing is written until each is settled.`);
  }
  for (const { from, to } of outcome.renamed) parts.push(`Your new item ${from} is now ${to}, because the file gained another ${from}.`);
  parts.push(...outcome.notes);
  return parts.join(' ');
}
