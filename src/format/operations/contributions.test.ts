import { describe, expect, it } from 'vitest';
import { addContribution, removeContribution, updateContribution } from './contributions';
import { sample } from '../fixtures/operation-samples';
import { errorCodes, expectOk, expectRefused, link, node } from '../fixtures/operation-helpers';

describe('contributions', () => {
  it('adds a contributor (explicit by default) without touching status or endorsement', () => {
    const file = sample('workshop');
    const result = expectOk(addContribution(file, 'l1', { by: 'carol', mode: 'voice' }));
    expect(link(result.file, 'l1')).toMatchObject({
      status: 'accepted',
      accepted_by: ['alice', 'bob'],
      contributions: [{ by: 'bob', attribution: 'explicit', mode: 'text' }, { by: 'carol', attribution: 'explicit', mode: 'voice' }],
    });
    expect(errorCodes(result.file)).toEqual([]);
    expect(file).toEqual(sample('workshop'));
  });

  it('credits the assistant with attribution assistant', () => {
    const result = expectOk(addContribution(sample('workshop'), 'n1', { by: 'assistant' }));
    expect(node(result.file, 'n1')!.contributions.at(-1)).toEqual({ by: 'assistant', attribution: 'assistant', mode: 'text' });
  });

  it('corrects a contribution, keeping the assistant pairing and unknown keys', () => {
    const file = sample('workshop');
    const toBob = expectOk(updateContribution(file, 'n3', 0, { by: 'bob' }));
    expect(node(toBob.file, 'n3')!.contributions).toEqual([{ by: 'bob', attribution: 'explicit', mode: 'text' }]);
    const toAssistant = expectOk(updateContribution(file, 'n1', 0, { by: 'assistant' }));
    expect(node(toAssistant.file, 'n1')!.contributions).toEqual([{ by: 'assistant', attribution: 'assistant', mode: 'text', x_minute: 12 }]);
    const mode = expectOk(updateContribution(file, 'n1', 0, { mode: 'unknown', attribution: 'speaker_label' }));
    expect(node(mode.file, 'n1')!.contributions).toEqual([{ by: 'bob', attribution: 'speaker_label', mode: 'unknown', x_minute: 12 }]);
  });

  it('refuses a mismatched assistant attribution, unknown values and people', () => {
    const file = sample('workshop');
    expectRefused(addContribution(file, 'n1', { by: 'bob', attribution: 'assistant' }), /Attribution assistant goes only with the assistant/);
    expectRefused(addContribution(file, 'n1', { by: 'assistant', attribution: 'explicit' }), /by the assistant has attribution assistant/);
    expectRefused(addContribution(file, 'n1', { by: 'zed' }), /zed is not a participant/);
    expectRefused(addContribution(file, 'n1', { by: 'bob', mode: 'telepathy' as never }), /mode telepathy is not one of text, voice, unknown/);
    expectRefused(addContribution(file, 'n1', { by: 'bob', mode: 'text', attribution: 'explicit' }), /already has this contribution by bob/);
    expectRefused(updateContribution(file, 'n3', 0, { attribution: 'explicit' }), /by the assistant has attribution assistant/);
    expectRefused(updateContribution(file, 'n3', 1, { by: 'bob' }), /Node n3 has no contribution 2/);
  });

  it('removes a contribution but never the last one', () => {
    const two = expectOk(addContribution(sample('workshop'), 'n1', { by: 'carol' })).file;
    const result = expectOk(removeContribution(two, 'n1', 0));
    expect(node(result.file, 'n1')!.contributions).toEqual([{ by: 'carol', attribution: 'explicit', mode: 'text' }]);
    expectRefused(removeContribution(result.file, 'n1', 0), /only contribution of node n1/);
    expectRefused(removeContribution(result.file, 'n1', 4), /Node n1 has no contribution 5/);
  });
});
