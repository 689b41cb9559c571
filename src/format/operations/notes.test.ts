import { describe, expect, it } from 'vitest';
import { addNote, removeNote, updateNote } from './notes';
import { sample } from '../fixtures/operation-samples';
import { errorCodes, expectOk, expectRefused, link, node } from '../fixtures/operation-helpers';

describe('assumptions and challenges', () => {
  it('adds an assumption to a node and a challenge to a link, without changing status', () => {
    const file = sample('workshop');
    const a = expectOk(addNote(file, 'n1', 'assumptions', { text: 'Three days is too long.', by: 'carol' }));
    expect(node(a.file, 'n1')).toMatchObject({ status: 'accepted', assumptions: [{ text: 'Three days is too long.', by: 'carol' }] });
    expect(Object.keys(node(a.file, 'n1')!)).toEqual(['id', 'kind', 'text', 'status', 'accepted_by', 'contributions', 'assumptions']);
    const c = expectOk(addNote(a.file, 'l1', 'challenges', { text: 'Only some quotes.', by: 'assistant' }));
    expect(link(c.file, 'l1')).toMatchObject({ status: 'accepted', challenges: [{ text: 'Only some quotes.', by: 'assistant' }] });
    expect(errorCodes(c.file)).toEqual([]);
    expect(file).toEqual(sample('workshop'));
  });

  it('updates the text or the author of a note, keeping its place', () => {
    const result = expectOk(updateNote(sample('workshop'), 'n2', 'assumptions', 0, { by: 'carol' }));
    expect(node(result.file, 'n2')!.assumptions).toEqual([{ text: 'Approval is needed for every quote.', by: 'carol' }]);
  });

  it('removes a note, dropping the emptied list', () => {
    const result = expectOk(removeNote(sample('workshop'), 'n4', 'challenges', 0));
    expect(node(result.file, 'n4')).not.toHaveProperty('challenges');
    expect(node(result.file, 'n4')!.x_colour).toBe('red');
  });

  it('refuses blank text, an unknown author, a missing note or item', () => {
    const file = sample('workshop');
    expectRefused(addNote(file, 'n1', 'assumptions', { text: '', by: 'bob' }), /Write the assumption/);
    expectRefused(addNote(file, 'n1', 'challenges', { text: 'x', by: 'zed' }), /zed is not a participant/);
    expectRefused(updateNote(file, 'n2', 'assumptions', 0, { text: ' ' }), /Write the assumption/);
    expectRefused(updateNote(file, 'n2', 'assumptions', 3, { text: 'x' }), /Node n2 has no assumption 4/);
    expectRefused(removeNote(file, 'n1', 'challenges', 0), /Node n1 has no challenge 1/);
    expectRefused(addNote(file, 'n99', 'assumptions', { text: 'x', by: 'bob' }), /no node or link n99/);
  });
});
