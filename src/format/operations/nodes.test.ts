import { describe, expect, it } from 'vitest';
import { addNode, describeNodeRemoval, removeNode, updateNode } from './nodes';
import { sample } from '../fixtures/operation-samples';
import { errorCodes, expectOk, expectRefused, link, node, tree } from '../fixtures/operation-helpers';

describe('addNode', () => {
  it('adds a proposed node credited to the driver by default, with a new id', () => {
    const file = sample('seed');
    const result = expectOk(addNode(file, 'current_reality', { kind: 'cause', text: 'Approvers travel.' }));
    expect(result.created).toEqual(['n3']);
    expect(tree(result.file, 'current_reality').nodes.at(-1)).toEqual({
      id: 'n3',
      kind: 'cause',
      text: 'Approvers travel.',
      status: 'proposed',
      contributions: [{ by: 'alice', attribution: 'driver_default', mode: 'text' }],
    });
    expect(errorCodes(result.file)).toEqual([]);
    expect(file).toEqual(sample('seed'));
  });

  it('credits a named contributor explicitly and the assistant as the assistant', () => {
    const named = expectOk(addNode(sample('seed'), 'current_reality', { kind: 'cause', text: 'A', contributor: 'bob', mode: 'voice' }));
    expect(node(named.file, 'n3')!.contributions).toEqual([{ by: 'bob', attribution: 'explicit', mode: 'voice' }]);
    const assistant = expectOk(addNode(sample('seed'), 'current_reality', { kind: 'observation', text: 'B', contributor: 'assistant' }));
    expect(node(assistant.file, 'n3')!.contributions).toEqual([{ by: 'assistant', attribution: 'assistant', mode: 'text' }]);
  });

  it('credits a person named as the speaker (speaker_label) and an unnamed person to the driver (driver_default)', () => {
    const file = sample('seed');
    const named = expectOk(addNode(file, 'current_reality', { kind: 'cause', text: 'Approvers travel.', contributor: 'bob', attribution: 'speaker_label', mode: 'voice' }));
    expect(node(named.file, 'n3')!.contributions).toEqual([{ by: 'bob', attribution: 'speaker_label', mode: 'voice' }]);
    const unnamed = expectOk(addNode(file, 'current_reality', { kind: 'cause', text: 'Approvers travel.', attribution: 'driver_default' }));
    expect(node(unnamed.file, 'n3')!.contributions).toEqual([{ by: 'alice', attribution: 'driver_default', mode: 'text' }]);
    expectRefused(addNode(file, 'current_reality', { kind: 'cause', text: 'x', attribution: 'speaker_label' }), /names the person who said it/);
    expectRefused(addNode(file, 'current_reality', { kind: 'cause', text: 'x', contributor: 'bob', attribution: 'driver_default' }), /driver_default credits the driver \(alice\)/);
    expectRefused(addNode(file, 'current_reality', { kind: 'cause', text: 'x', contributor: 'assistant', attribution: 'speaker_label' }), /by the assistant has attribution assistant/);
    expectRefused(addNode(file, 'current_reality', { kind: 'cause', text: 'x', contributor: 'bob', attribution: 'assistant' }), /goes only with the assistant/);
  });

  it('never reuses an id the caller has seen', () => {
    const result = expectOk(addNode(sample('seed'), 'current_reality', { kind: 'cause', text: 'A', avoid: new Set(['n3', 'n4']) }));
    expect(result.created).toEqual(['n5']);
  });

  it('refuses blank text, a kind the tree does not allow, a missing tree, a used id, an unknown contributor', () => {
    const file = sample('seed');
    expectRefused(addNode(file, 'current_reality', { kind: 'cause', text: '   ' }), /write its text/);
    expectRefused(addNode(file, 'current_reality', { kind: 'goal', text: 'A' }), /does not allow the kind goal; choose one of undesirable_effect, cause, observation/);
    expectRefused(addNode(file, 'goal', { kind: 'goal', text: 'A' }), /no goal tree/);
    expectRefused(addNode(file, 'current_reality', { kind: 'cause', text: 'A', id: 'l1' }), /l1 is already used/);
    expectRefused(addNode(file, 'current_reality', { kind: 'cause', text: 'A', id: 'n7', avoid: new Set(['n7']) }), /n7 was used before/);
    expectRefused(addNode(file, 'current_reality', { kind: 'cause', text: 'A', contributor: 'zed' }), /zed is not a participant/);
  });
});

describe('updateNode', () => {
  it('changes a proposed node in place, keeping its unknown keys and key order', () => {
    const file = sample('workshop');
    const result = expectOk(updateNode(file, 'n4', { text: 'The price list is stale.' }));
    const n4 = node(result.file, 'n4')!;
    expect(n4.text).toBe('The price list is stale.');
    expect(n4.status).toBe('disputed');
    expect(n4.x_colour).toBe('red');
    expect(Object.keys(n4)).toEqual(Object.keys(node(file, 'n4')!));
    expect(file).toEqual(sample('workshop'));
  });

  it('returns an accepted node and its accepted links to proposed when its meaning changes', () => {
    const result = expectOk(updateNode(sample('workshop'), 'n2', { text: 'Sales waits for finance.' }));
    expect(node(result.file, 'n2')!.status).toBe('proposed');
    expect(node(result.file, 'n2')!.accepted_by).toEqual(['alice']); // kept as a record
    expect(link(result.file, 'l1')!.status).toBe('proposed');
    expect(result.notices).toEqual(['n2 returned to proposed (its text changed)', '1 link returned to proposed (l1)']);
    expect(errorCodes(result.file)).toEqual([]);
  });

  it('keeps an accepted node accepted when the new version is endorsed in the same action', () => {
    const result = expectOk(updateNode(sample('workshop'), 'n2', { kind: 'observation' }, { endorsedBy: ['bob', 'carol'] }));
    const n2 = node(result.file, 'n2')!;
    expect([n2.kind, n2.status, n2.accepted_by]).toEqual(['observation', 'accepted', ['bob', 'carol']]);
    expect(link(result.file, 'l1')!.status).toBe('accepted');
    expect(result.notices).toEqual([]);
  });

  it('refuses blank text, a disallowed kind, an unknown node and the assistant as endorser', () => {
    const file = sample('workshop');
    expectRefused(updateNode(file, 'n2', { text: '' }), /cannot be blank/);
    expectRefused(updateNode(file, 'n2', { kind: 'injection' }), /does not allow the kind injection/);
    expectRefused(updateNode(file, 'n99', { text: 'x' }), /There is no node n99/);
    expectRefused(updateNode(file, 'l1', { text: 'x' }), /There is no node l1/);
    expectRefused(updateNode(file, 'n2', { text: 'x' }, { endorsedBy: ['assistant'] }), /assistant never endorses/);
  });

  it('returns the very same file when nothing changes', () => {
    const file = sample('workshop');
    expect(expectOk(updateNode(file, 'n2', { text: 'Sales often waits for pricing approval.' })).file).toBe(file);
  });
});

describe('removeNode', () => {
  it('describes and makes every dependent change in one step', () => {
    const file = sample('workshop');
    const removal = describeNodeRemoval(file, 'n2')!;
    expect(removal.removedLinks).toEqual(['l2']); // l2 targets n2
    expect(removal.changedLinks).toEqual([{ id: 'l1', returnsToProposed: true }]); // the AND link loses n2
    expect(removal.removedBacklog).toEqual([]);
    expect(removal.removedTraces).toEqual([{ node: 'n30', tree: 'future_reality', field: 'derived_from' }]);

    const result = expectOk(removeNode(file, 'n2'));
    expect(node(result.file, 'n2')).toBeUndefined();
    expect(link(result.file, 'l2')).toBeUndefined();
    expect(link(result.file, 'l1')).toMatchObject({ from: ['n3'], status: 'proposed', x_weight: 2 });
    expect(node(result.file, 'n30')!.derived_from).toBeUndefined(); // emptied list dropped
    expect(node(result.file, 'n30')!.addresses).toEqual(['n1']);
    expect(result.notices).toEqual(removal.summary);
    expect(result.notices).toContain('1 link returned to proposed (l1)');
    expect(errorCodes(result.file)).toEqual([]);
    expect(file).toEqual(sample('workshop'));
  });

  it('removes backlog entries about the node and about its removed links', () => {
    const result = expectOk(removeNode(sample('workshop'), 'n1'));
    const refs = tree(result.file, 'current_reality').backlog.map((b) => b.ref);
    expect(refs).toEqual(['n4', 'n5']); // the l1 entry went with l1
    expect(node(result.file, 'n30')!.addresses).toBeUndefined();
    expect(errorCodes(result.file)).toEqual([]);
  });

  it('refuses an unknown node', () => {
    expectRefused(removeNode(sample('workshop'), 'l1'), /There is no node l1/);
    expect(describeNodeRemoval(sample('workshop'), 'nope')).toBeUndefined();
  });
});
