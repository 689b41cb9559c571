// Failures no rule foresaw are told in words, never as a bare engine message.
import { describe, expect, it } from 'vitest';
import { describeFailure } from './failure';

describe('describeFailure', () => {
  it('tells engine errors in words, never as the bare engine message', () => {
    expect(describeFailure(new RangeError('Invalid string length'))).toBe('the data grew too large to hold in memory');
    expect(describeFailure(new RangeError('Invalid array length'))).toBe('the data grew too large to hold in memory');
    expect(describeFailure(new RangeError('Maximum call stack size exceeded'))).toBe('the data is nested too deeply to process');
    expect(describeFailure(new TypeError("Cannot read properties of undefined (reading 'f3')"))).toMatch(/^an internal error stopped it .*please report it$/);
    expect(describeFailure(new Error('EACCES: permission denied'))).toBe('EACCES: permission denied');
  });
});
