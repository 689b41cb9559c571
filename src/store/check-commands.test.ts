import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runChecks } from '../reasoning';
import { checkCommands } from './check-commands';
import { useDocumentStore } from './document-store';

const EXAMPLE = readFileSync(new URL('../../examples/repair-cafe.yaml', import.meta.url), 'utf8');

function open() {
  expect(useDocumentStore.getState().openText(EXAMPLE, 'repair-cafe.yaml')).toBe(true);
  return runChecks(useDocumentStore.getState().document!.data).findings;
}

const backlogOf = (tree: string) => useDocumentStore.getState().document!.trees.find((t) => t.key === tree)!.backlog;

describe('what the Checks panel does with a finding', () => {
  it('adds it to the backlog as {ref, work, note} in one undo step, and says so', () => {
    const finding = open().find((f) => f.check === 'effect-meets-no-need')!;
    expect(checkCommands.addToBacklog(finding).ok).toBe(true);
    expect(backlogOf('transition').at(-1)).toEqual({ ref: 't6', work: 'connect_or_explain', note: finding.message, index: 1 });
    expect(useDocumentStore.getState().history.past.map((step) => step.label)).toEqual(['Add connect_or_explain for t6 to the backlog']);
    expect(useDocumentStore.getState().notice?.text).toBe('Added to the backlog of the Transition Tree: connect_or_explain for t6.');
    useDocumentStore.getState().undo();
    expect(backlogOf('transition')).toHaveLength(1);
  });

  it('refuses to add the same entry twice, and leaves the file as it was', () => {
    const finding = open().find((f) => f.ref === 'rl4')!;
    checkCommands.addToBacklog(finding);
    const data = useDocumentStore.getState().document!.data;
    expect(checkCommands.addToBacklog(finding).ok).toBe(false);
    expect(useDocumentStore.getState().document!.data).toBe(data);
  });

  it('dismisses and brings back, each one undo step', () => {
    const finding = open().find((f) => f.ref === 'rl4')!;
    checkCommands.dismiss(finding);
    expect(runChecks(useDocumentStore.getState().document!.data).dismissed.map((f) => f.ref)).toEqual(['rl4']);
    checkCommands.restore(finding);
    expect(runChecks(useDocumentStore.getState().document!.data).dismissed).toEqual([]);
    expect(useDocumentStore.getState().history.past.map((step) => step.label)).toEqual(['Not a problem: sole-cause for rl4', 'Bring back sole-cause for rl4']);
    useDocumentStore.getState().undo();
    expect(runChecks(useDocumentStore.getState().document!.data).dismissed.map((f) => f.ref)).toEqual(['rl4']);
  });
});
