import { describe, expect, it } from 'vitest';
import { SETTLE_MS, looksUnfinished, settleDelay } from './settle';

describe('the settle rule', () => {
  it('waits until content has been the same for the settle time', () => {
    expect(settleDelay(1000, 1000)).toBe(SETTLE_MS);
    expect(settleDelay(1000, 1100)).toBe(SETTLE_MS - 100);
    expect(settleDelay(1000, 1000 + SETTLE_MS)).toBe(0);
    expect(settleDelay(1000, 90_000)).toBe(0);
  });

  it('never waits longer than the settle time for a change dated in the future', () => {
    expect(settleDelay(50_000, 1000)).toBe(SETTLE_MS);
    expect(settleDelay(1000, 1000, 50)).toBe(50);
  });
});

describe('looksUnfinished', () => {
  const valid = { valid: true, trees: ['goal', 'current_reality'] };
  it('flags a valid file that turns invalid or loses trees', () => {
    expect(looksUnfinished(valid, { valid: false, firstError: 'line 9:1: missing text', trees: ['goal', 'current_reality'] })).toMatch(/now has errors \(line 9:1/);
    expect(looksUnfinished(valid, { valid: true, trees: ['goal'] })).toBe('the current_reality tree is gone from it');
    expect(looksUnfinished(valid, { valid: true, trees: [] })).toBe('the trees goal, current_reality are gone from it');
  });

  it('lets ordinary edits through, and repairs of a broken file', () => {
    expect(looksUnfinished(valid, { valid: true, trees: ['goal', 'current_reality', 'conflict'] })).toBeUndefined();
    expect(looksUnfinished({ valid: false, trees: ['goal'] }, { valid: false, trees: ['goal'] })).toBeUndefined();
  });
});
