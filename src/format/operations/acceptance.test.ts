import { describe, expect, it } from 'vitest';
import { accept, dispute, endsNeededToAccept, returnToProposed } from './acceptance';
import { sample } from '../fixtures/operation-samples';
import { errorCodes, expectOk, expectRefused, link, node, tree } from '../fixtures/operation-helpers';

describe('accept', () => {
  it('accepts a fragment of nodes and links together, recording the endorsers and leaving contributions alone', () => {
    const file = sample('workshop');
    const result = expectOk(accept(file, ['l2', 'n4', 'n5'], ['carol']));
    // n4 was disputed with an old record: acceptance replaces the record with who endorses now.
    expect(node(result.file, 'n4')).toMatchObject({ status: 'accepted', accepted_by: ['carol'], contributions: node(file, 'n4')!.contributions });
    expect(node(result.file, 'n5')).toMatchObject({ status: 'accepted', accepted_by: ['carol'] });
    expect(link(result.file, 'l2')).toMatchObject({ status: 'accepted', accepted_by: ['carol'] });
    expect(Object.keys(node(result.file, 'n5')!)).toEqual(['id', 'kind', 'text', 'status', 'accepted_by', 'contributions']);
    expect(errorCodes(result.file)).toEqual([]);
    expect(file).toEqual(sample('workshop'));
  });

  it('adds endorsers to an item already accepted', () => {
    const result = expectOk(accept(sample('workshop'), ['n2', 'n2'], ['bob', 'alice', 'bob']));
    expect(node(result.file, 'n2')!.accepted_by).toEqual(['alice', 'bob']);
  });

  it('returns the same file when the endorsers already endorsed', () => {
    const file = sample('workshop');
    expect(expectOk(accept(file, ['n1'], ['bob'])).file).toBe(file);
  });

  it('refuses a link whose ends would stay unaccepted, naming them', () => {
    const file = sample('workshop');
    expectRefused(accept(file, ['l2'], ['alice']), /^Link l2 cannot be accepted while n4 is not \(accept it together with l2\)\. An accepted link needs every end accepted\.$/);
    expectRefused(accept(file, ['l30'], ['alice']), /n30 and n31 are not/);
    expect(endsNeededToAccept(file, 'l30')).toEqual(['n30', 'n31']);
    expect(endsNeededToAccept(file, ['l30', 'n30'])).toEqual(['n31']);
    expect(endsNeededToAccept(file, 'l1')).toEqual([]);
  });

  it('refuses without endorsers, with the assistant or a stranger as endorser, and for unknown ids', () => {
    const file = sample('workshop');
    expectRefused(accept(file, ['n5'], []), /Say who endorses/);
    expectRefused(accept(file, ['n5'], ['assistant']), /assistant never endorses/);
    expectRefused(accept(file, ['n5'], ['zed']), /zed is not a participant/);
    expectRefused(accept(file, ['n99'], ['alice']), /no node or link n99/);
    expectRefused(accept(file, [], ['alice']), /Choose the nodes and links/);
  });
});

describe('dispute', () => {
  it('adds the objection, keeps the old endorsement as a record, adds backlog work, and returns touching links', () => {
    const file = sample('workshop');
    const result = expectOk(dispute(file, 'n3', { text: 'Mornings are free now.', by: 'carol' }));
    expect(node(result.file, 'n3')).toMatchObject({
      status: 'disputed',
      accepted_by: ['bob'],
      challenges: [{ text: 'Mornings are free now.', by: 'carol' }],
      contributions: node(file, 'n3')!.contributions,
    });
    expect(tree(result.file, 'current_reality').backlog.at(-1)).toEqual({ ref: 'n3', work: 'resolve_challenge', note: 'Mornings are free now.' });
    expect(link(result.file, 'l1')!.status).toBe('proposed');
    expect(result.notices).toEqual(['1 link returned to proposed (l1)']);
    expect(errorCodes(result.file)).toEqual([]);
    expect(file).toEqual(sample('workshop'));
  });

  it('says how many links returned to proposed', () => {
    const both = expectOk(accept(sample('workshop'), ['n4', 'l2'], ['alice'])).file; // l2: n4 → n2
    const result = expectOk(dispute(both, 'n2', { text: 'No.', by: 'bob' }));
    expect(result.notices).toEqual(['2 links returned to proposed (l1, l2)']);
  });

  it('adds no backlog entry when declined, and appends to existing challenges', () => {
    const file = sample('workshop');
    const result = expectOk(dispute(file, 'n4', { text: 'Still stale.', by: 'assistant' }, { addBacklog: false }));
    expect(node(result.file, 'n4')!.challenges).toHaveLength(2);
    expect(tree(result.file, 'current_reality').backlog).toEqual(tree(file, 'current_reality').backlog);
  });

  it('disputes a link without touching its ends', () => {
    const result = expectOk(dispute(sample('workshop'), 'l1', { text: 'Correlation only.', by: 'bob' }));
    expect(link(result.file, 'l1')!.status).toBe('disputed');
    expect(node(result.file, 'n2')!.status).toBe('accepted');
    expect(result.notices).toEqual([]);
  });

  it('refuses without an objection or with an unknown author', () => {
    const file = sample('workshop');
    expectRefused(dispute(file, 'n3', { text: ' ', by: 'bob' }), /needs the objection/);
    expectRefused(dispute(file, 'n3', { text: 'x', by: 'zed' }), /zed is not a participant/);
    expectRefused(dispute(file, 'n99', { text: 'x', by: 'bob' }), /no node or link n99/);
  });
});

describe('returnToProposed', () => {
  it('returns a node and its accepted links to proposed, keeping accepted_by', () => {
    const result = expectOk(returnToProposed(sample('workshop'), 'n1'));
    expect(node(result.file, 'n1')).toMatchObject({ status: 'proposed', accepted_by: ['alice', 'bob'] });
    expect(link(result.file, 'l1')!.status).toBe('proposed');
    expect(result.notices).toEqual(['1 link returned to proposed (l1)']);
    expect(errorCodes(result.file)).toEqual([]);
  });

  it('changes nothing for a proposed item and refuses an unknown one', () => {
    const file = sample('workshop');
    expect(expectOk(returnToProposed(file, 'n5')).file).toBe(file);
    expectRefused(returnToProposed(file, 'zz'), /no node or link zz/);
  });
});

