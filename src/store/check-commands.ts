// What the Checks panel does with a finding, each one named edit (one undo step): add it to its
// tree's backlog, set it aside as not a problem, or bring a set-aside finding back.
import { TREE_NAMES, addBacklogEntry } from '../format';
import { backlogInput, dismissFinding, restoreFinding, type ReasoningFinding } from '../reasoning';
import { useDocumentStore } from './document-store';

const store = () => useDocumentStore.getState();

export const checkCommands = {
  addToBacklog(finding: ReasoningFinding) {
    const result = store().edit(`Add ${finding.work} for ${finding.ref} to the backlog`, (f) => addBacklogEntry(f, finding.tree, backlogInput(finding)));
    if (result.ok) store().say('info', `Added to the backlog of the ${TREE_NAMES[finding.tree]}: ${finding.work} for ${finding.ref}.`);
    return result;
  },
  dismiss: (finding: ReasoningFinding) => store().edit(`Not a problem: ${finding.check} for ${finding.ref}`, (f) => dismissFinding(f, finding)),
  restore: (finding: ReasoningFinding) => store().edit(`Bring back ${finding.check} for ${finding.ref}`, (f) => restoreFinding(f, finding)),
};
