import { describe, expect, it } from 'vitest';
import { changesToUndoWith, combineTurnChanges, turnChanges } from './turn-changes';
import { sample } from '../fixtures/operation-samples';
import { expectOk } from '../fixtures/operation-helpers';
import { accept, addBacklogEntry, addLink, addNode, addParticipant, removeNode, setDriver, updateNode } from '../operations';
import type { Json } from '../model/types';

const summary = (changes: ReturnType<typeof turnChanges>) => changes.map((c) => `${c.change} ${c.subject} ${c.id}`);

describe('turnChanges', () => {
  it('lists the nodes, links and backlog entries a turn added, with their place and content', () => {
    const before = sample('seed');
    const node = expectOk(addNode(before, 'current_reality', { kind: 'cause', text: 'Approvers travel.', contributor: 'assistant' }));
    const link = expectOk(addLink(node.file, 'current_reality', ['n3'], 'n1', 'causes', { contributor: 'assistant' }));
    const backlog = expectOk(addBacklogEntry(link.file, 'current_reality', { ref: 'l2', work: 'test_causality' }));
    const changes = turnChanges(before as Json, backlog.file as Json);
    expect(summary(changes)).toEqual(['added node n3', 'added link l2', 'added backlog l2']);
    expect(changes[0]).toMatchObject({ tree: 'current_reality', index: 2, after: { id: 'n3', text: 'Approvers travel.' } });
    expect(changes[0].before).toBeUndefined();
  });

  it('looks only at the trees whose objects changed, with the same answer as comparing every tree', () => {
    const before = sample('workshop');
    const steps = [
      expectOk(addNode(before, 'current_reality', { kind: 'cause', text: 'Approvers travel.' })),
      expectOk(updateNode(before, 'n2', { text: 'Sales waits for approval.' })),
      expectOk(removeNode(before, 'n5')),
      expectOk(addBacklogEntry(before, 'current_reality', { ref: 'n1', work: 'test_causality' })),
    ];
    for (const step of steps) {
      // A copy has no object in common with `before`: every tree is compared, item by item.
      const copy = structuredClone(step.file) as Json;
      expect(turnChanges(before as Json, step.file as Json)).toEqual(turnChanges(before as Json, copy));
      expect(turnChanges(before as Json, step.file as Json).length).toBeGreaterThan(0);
    }
    // Nothing compared at all when no tree changed: a copy of the same content has no changes either.
    expect(turnChanges(before as Json, structuredClone(before) as Json)).toEqual([]);
  });

  it('reports a change with both versions, and a removal with its cascade', () => {
    const before = sample('workshop');
    const reworded = expectOk(updateNode(before, 'n2', { text: 'Sales waits for approval.' }));
    const changes = turnChanges(before as Json, reworded.file as Json);
    expect(summary(changes)).toEqual(['changed node n2', 'changed link l1']); // l1 returned to proposed
    expect(changes[0]).toMatchObject({ before: { text: 'Sales often waits for pricing approval.', status: 'accepted' }, after: { text: 'Sales waits for approval.', status: 'proposed' } });
    const removed = expectOk(removeNode(before, 'n5'));
    expect(summary(turnChanges(before as Json, removed.file as Json))).toEqual(['removed node n5', 'removed backlog n5']);
  });

  it('reports people, the driver and trees', () => {
    const before = sample('seed');
    const person = expectOk(addParticipant(before, 'dana', 'Dana'));
    const driver = expectOk(setDriver(person.file, 'dana'));
    expect(summary(turnChanges(before as Json, driver.file as Json))).toEqual(['changed field driver', 'added participant dana']);
  });

  it('counts equal backlog entries, so a second copy is a change of its own', () => {
    const before = sample('seed');
    const twice = structuredClone(before);
    twice.trees.current_reality!.backlog.push({ ref: 'n1', work: 'connect_or_explain' });
    const changes = turnChanges(before as Json, twice as Json);
    expect(summary(changes)).toEqual(['added backlog n1']);
    expect(changes[0]).toMatchObject({ index: 2, after: { ref: 'n1', work: 'connect_or_explain' } });
  });

  it('is empty for the same file', () => {
    const file = sample('workshop') as Json;
    expect(turnChanges(file, file)).toEqual([]);
    expect(turnChanges(file, structuredClone(file))).toEqual([]);
  });
});

describe('combineTurnChanges', () => {
  it('keeps one entry per item across the writes of one turn', () => {
    const first = sample('seed');
    const added = expectOk(addNode(first, 'current_reality', { kind: 'cause', text: 'Approvers travel.' }));
    const reworded = expectOk(updateNode(added.file, 'n3', { text: 'Approvers travel a lot.' }));
    const accepted = expectOk(accept(reworded.file, ['n1'], ['bob']));
    const one = turnChanges(first as Json, added.file as Json);
    const two = turnChanges(added.file as Json, reworded.file as Json);
    const three = turnChanges(reworded.file as Json, accepted.file as Json);
    const combined = combineTurnChanges(combineTurnChanges(one, two), three);
    expect(summary(combined)).toEqual(['added node n3', 'changed node n1']);
    expect(combined[0].after).toMatchObject({ text: 'Approvers travel a lot.' });
    expect(combined[0]).not.toHaveProperty('before');
  });

  it('drops an item added then removed, and one changed back', () => {
    const first = sample('seed');
    const added = expectOk(addNode(first, 'current_reality', { kind: 'cause', text: 'x' }));
    const gone = expectOk(removeNode(added.file, 'n3'));
    expect(combineTurnChanges(turnChanges(first as Json, added.file as Json), turnChanges(added.file as Json, gone.file as Json))).toEqual([]);
    const there = expectOk(updateNode(first, 'n1', { text: 'y' }));
    const back = expectOk(updateNode(there.file, 'n1', { text: (first.trees.current_reality!.nodes[0]).text }));
    expect(combineTurnChanges(turnChanges(first as Json, there.file as Json), turnChanges(there.file as Json, back.file as Json))).toEqual([]);
  });
});

describe('changesToUndoWith', () => {
  it('takes the links added with a node, and the nodes a removed link needs', () => {
    const first = sample('seed');
    const node = expectOk(addNode(first, 'current_reality', { kind: 'cause', text: 'x' }));
    const link = expectOk(addLink(node.file, 'current_reality', ['n3'], 'n1'));
    const changes = turnChanges(first as Json, link.file as Json);
    expect(changesToUndoWith(changes, 'n3').map((c) => c.key)).toEqual(['n3', 'l2']);
    expect(changesToUndoWith(changes, 'l2').map((c) => c.key)).toEqual(['l2']);
    const removed = turnChanges(first as Json, expectOk(removeNode(first, 'n2')).file as Json);
    expect(changesToUndoWith(removed, 'n2').map((c) => c.key)).toEqual(['n2', 'l1']);
    expect(changesToUndoWith(removed, 'l1').map((c) => c.key)).toEqual(['l1', 'n2']);
  });
});
