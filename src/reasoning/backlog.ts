// A finding as backlog work: `{ref, work, note}` with the finding's message as the note, and
// whether the tree's backlog already holds that work for that item.
import type { DrawableBacklogEntry, DrawableTree, BacklogInput } from '../format';
import type { ReasoningFinding } from './types';

export function backlogInput(finding: ReasoningFinding): BacklogInput {
  return { ref: finding.ref, work: finding.work, note: finding.message };
}

/** The entry that already records this finding's work on its item, if any (notes may differ). */
export function existingEntry(finding: ReasoningFinding, trees: DrawableTree[]): DrawableBacklogEntry | undefined {
  return trees.find((t) => t.key === finding.tree)?.backlog.find((entry) => entry.ref === finding.ref && entry.work === finding.work);
}
