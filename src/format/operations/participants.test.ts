import { describe, expect, it } from 'vitest';
import { addParticipant, participantReferences, removeParticipant, renameParticipant, setDriver } from './participants';
import { sample } from '../fixtures/operation-samples';
import { errorCodes, expectOk, expectRefused } from '../fixtures/operation-helpers';

describe('participants', () => {
  it('adds a participant after the others', () => {
    const file = sample('workshop');
    const result = expectOk(addParticipant(file, ' dana ', 'Dana'));
    expect(result.file.participants).toEqual({ alice: 'Alice', bob: 'Bob', carol: 'Carol', erin: 'Erin', dana: 'Dana' });
    expect(errorCodes(result.file)).toEqual([]);
    expect(file).toEqual(sample('workshop'));
  });

  it('refuses the assistant, a duplicate, a blank id or name', () => {
    const file = sample('workshop');
    expectRefused(addParticipant(file, 'assistant', 'AI'), /"assistant" is reserved/);
    expectRefused(addParticipant(file, 'Assistant', 'AI'), /reserved/);
    expectRefused(addParticipant(file, 'bob', 'Robert'), /bob is already a participant \(Bob\)/);
    expectRefused(addParticipant(file, ' ', 'X'), /needs an id/);
    expectRefused(addParticipant(file, 'dana', ''), /display name/);
  });

  it('renames a participant, keeping the id', () => {
    const result = expectOk(renameParticipant(sample('workshop'), 'bob', 'Robert'));
    expect(result.file.participants.bob).toBe('Robert');
    expectRefused(renameParticipant(sample('workshop'), 'bob', ' '), /cannot be blank/);
    expectRefused(renameParticipant(sample('workshop'), 'zed', 'Z'), /zed is not a participant/);
  });

  it('sets the driver to a human participant only', () => {
    const result = expectOk(setDriver(sample('workshop'), 'carol'));
    expect(result.file.driver).toBe('carol');
    expectRefused(setDriver(sample('workshop'), 'assistant'), /assistant cannot drive/);
    expectRefused(setDriver(sample('workshop'), 'zed'), /zed is not a participant/);
  });

  it('refuses to remove someone still named, listing the places', () => {
    const file = sample('workshop');
    expect(participantReferences(file, 'bob')).toEqual({
      driver: false,
      contributions: ['n1', 'l1', 'n30'],
      accepted_by: ['n20', 'n1', 'n3', 'l1'],
      assumptions: ['n2'],
      challenges: ['n4'],
    });
    expectRefused(
      removeParticipant(file, 'bob'),
      /^bob cannot be removed while still named: contributions of n1, l1, n30; accepted_by of n20, n1, n3, l1; assumptions of n2; challenges of n4\.$/,
    );
    expectRefused(removeParticipant(file, 'alice'), /the driver; contributions of/);
  });

  it('removes the assistant wrongly listed as a participant, even though it contributed', () => {
    const file = { ...sample('workshop'), participants: { ...sample('workshop').participants, assistant: 'AI' } };
    const result = expectOk(removeParticipant(file, 'assistant'));
    expect(Object.keys(result.file.participants)).toEqual(['alice', 'bob', 'carol', 'erin']);
    expect(errorCodes(result.file)).toEqual([]);
  });

  it('removes someone no longer named', () => {
    const result = expectOk(removeParticipant(sample('workshop'), 'erin'));
    expect(result.file.participants).toEqual({ alice: 'Alice', bob: 'Bob', carol: 'Carol' });
    expectRefused(removeParticipant(sample('workshop'), 'zed'), /zed is not a participant/);
  });
});
