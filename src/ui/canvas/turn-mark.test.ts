// The words on a card's turn mark: who made the change a person has not reviewed yet.
import { describe, expect, it } from 'vitest';
import { turnMarkWords } from './turn-mark';

describe('the turn mark on a card', () => {
  it('names the person credited with a card added through the group session, not "other window"', () => {
    expect(turnMarkWords({ turn: 't1', change: 'added', actor: 'window' }, 'Tom')).toBe('New · Tom');
  });

  it('says "other window" when nobody is credited, or for a change (its author is not known)', () => {
    expect(turnMarkWords({ turn: 't1', change: 'added', actor: 'window' })).toBe('New · other window');
    expect(turnMarkWords({ turn: 't1', change: 'changed', actor: 'window' }, 'Tom')).toBe('Changed · other window');
  });

  it('in a group session, says a change is the group’s: another window is not what the driver has open', () => {
    expect(turnMarkWords({ turn: 't1', change: 'changed', actor: 'window' }, 'Tom', true)).toBe('Changed · the group');
    expect(turnMarkWords({ turn: 't1', change: 'added', actor: 'window' }, 'Tom', true)).toBe('New · Tom');
    expect(turnMarkWords({ turn: 't1', change: 'added', actor: 'window' }, undefined, true)).toBe('New · the group');
  });

  it('keeps the assistant and the file on disk as they were', () => {
    expect(turnMarkWords({ turn: 't1', change: 'added', actor: 'assistant' }, 'Tom')).toBe('New · assistant');
    expect(turnMarkWords({ turn: 't1', change: 'changed', actor: 'disk' }, 'Tom')).toBe('Changed · file on disk');
  });
});
