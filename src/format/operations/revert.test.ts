import { describe, expect, it } from 'vitest';
import { revertChanges } from './revert';
import { accept, addBacklogEntry, addLink, addNode, addParticipant, dispute, removeNode, setDriver, updateNode } from './index';
import { sample } from '../fixtures/operation-samples';
import { errorCodes, expectOk, expectRefused, node } from '../fixtures/operation-helpers';
import { changesToUndoWith, turnChanges } from '../history/turn-changes';
import type { Json, WorkingFile } from '../model/types';

const changesBetween = (before: WorkingFile, after: WorkingFile) => turnChanges(before as Json, after as Json);

describe('revertChanges', () => {
  it('undoes a whole turn of added nodes, links and backlog in one step', () => {
    const before = sample('seed');
    let file = expectOk(addNode(before, 'current_reality', { kind: 'cause', text: 'Approvers travel.', contributor: 'assistant' })).file;
    file = expectOk(addLink(file, 'current_reality', ['n3'], 'n1', 'causes', { contributor: 'assistant' })).file;
    file = expectOk(addBacklogEntry(file, 'current_reality', { ref: 'l2', work: 'test_causality' })).file;
    const undone = expectOk(revertChanges(file, changesBetween(before, file)));
    expect(undone.file).toEqual(before);
  });

  it('puts back changed and removed items where they were, with their status', () => {
    const before = sample('workshop');
    let file = expectOk(updateNode(before, 'n2', { text: 'Sales waits.' })).file; // n2 and l1 return to proposed
    file = expectOk(removeNode(file, 'n5')).file;
    file = expectOk(dispute(file, 'n1', { text: 'Not three days.', by: 'assistant' })).file;
    const undone = expectOk(revertChanges(file, changesBetween(before, file)));
    expect(undone.file).toEqual(before);
    expect(errorCodes(undone.file)).toEqual([]);
  });

  it('undoes one item with what depends on it, and leaves the rest of the turn', () => {
    const before = sample('seed');
    let file = expectOk(addNode(before, 'current_reality', { kind: 'cause', text: 'A' })).file;
    file = expectOk(addLink(file, 'current_reality', ['n3'], 'n1')).file;
    file = expectOk(addNode(file, 'current_reality', { kind: 'cause', text: 'B' })).file;
    const changes = changesBetween(before, file);
    const undone = expectOk(revertChanges(file, changesToUndoWith(changes, 'n3')));
    expect(node(undone.file, 'n3')).toBeUndefined();
    expect(node(undone.file, 'n4')?.text).toBe('B');
    expect(undone.file.trees.current_reality!.links.map((l) => l.id)).toEqual(['l1']);
  });

  it('refuses, changing nothing, when an item changed after the turn', () => {
    const before = sample('seed');
    const turn = expectOk(addNode(before, 'current_reality', { kind: 'cause', text: 'A' })).file;
    const changes = changesBetween(before, turn);
    const later = expectOk(updateNode(turn, 'n3', { text: 'A, as Bob put it' })).file;
    expectRefused(revertChanges(later, changes), /Not undone: n3 changed after this turn \(its text\)/);
    const linked = expectOk(addLink(turn, 'current_reality', ['n3'], 'n1')).file;
    expectRefused(revertChanges(linked, changes), /n3 is joined by l2, made later/);
  });

  it('returns accepted links to proposed when a node goes back to not accepted', () => {
    const before = sample('seed');
    const turn = expectOk(accept(before, ['n1', 'n2'], ['alice'])).file;
    const later = expectOk(accept(turn, ['l1'], ['bob'])).file;
    const undone = expectOk(revertChanges(later, changesBetween(before, turn)));
    expect(undone.file.trees.current_reality!.links[0].status).toBe('proposed');
    expect(undone.notices.join(' ')).toMatch(/l1 returned to proposed/);
    expect(errorCodes(undone.file)).toEqual([]);
  });

  it('undoes people and the driver', () => {
    const before = sample('seed');
    const person = expectOk(addParticipant(before, 'dana', 'Dana')).file;
    const driver = expectOk(setDriver(person, 'dana')).file;
    expect(expectOk(revertChanges(driver, changesBetween(before, driver))).file).toEqual(before);
  });
});
