// A finding as backlog work: `{ref, work, note}` with the finding's message as the note, and
// whether the tree's backlog already holds that work for that item. The editor's Checks panel
// ("In backlog") and `causeway check` ("(in backlog)", `--new`) both ask `existingEntry`.
import type { DrawableBacklogEntry, DrawableTree, BacklogInput } from '../format';
import type { ReasoningFinding } from './types';

export function backlogInput(finding: ReasoningFinding): BacklogInput {
  return { ref: finding.ref, work: finding.work, note: finding.message };
}

/**
 * The entry that already records this finding's work on its item, if any: same tree, same ref,
 * same work (notes may differ, and several entries may share a ref).
 */
export function existingEntry(finding: ReasoningFinding, trees: DrawableTree[]): DrawableBacklogEntry | undefined {
  const tree = trees.find((t) => t.key === finding.tree);
  return tree && entriesOf(tree.backlog).get(entryKey(finding.ref, finding.work));
}

/** A backlog by ref and work, first entry first; read once per version of the list. */
const indexed = new WeakMap<readonly DrawableBacklogEntry[], Map<string, DrawableBacklogEntry>>();

function entriesOf(backlog: readonly DrawableBacklogEntry[]): Map<string, DrawableBacklogEntry> {
  let entries = indexed.get(backlog);
  if (!entries) {
    entries = new Map();
    for (const entry of backlog) {
      const key = entryKey(entry.ref, entry.work);
      if (!entries.has(key)) entries.set(key, entry);
    }
    indexed.set(backlog, entries);
  }
  return entries;
}

function entryKey(ref: string, work: string): string {
  return `${ref}\u0000${work}`;
}
