import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noteInput, whenQuiet } from './recent-input';

/** The person clicks every 100 ms, `times` times. */
function keepClicking(times: number): void {
  for (let i = 0; i < times; i++) {
    vi.advanceTimersByTime(100);
    noteInput();
  }
}

/** Work asked for just after the person's last input, to run after a pause of `quietMs`, or after `atMostMs` at most. */
function askAfterInput(quietMs: number, atMostMs: number) {
  const ran = vi.fn();
  noteInput();
  whenQuiet(ran, quietMs, atMostMs);
  return ran;
}

describe('whenQuiet', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for a pause in the person\'s input before running the work', () => {
    const ran = askAfterInput(300, 5000);
    // Clicking on: the work waits.
    keepClicking(5);
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(299);
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2);
    expect(ran).toHaveBeenCalledTimes(1);
  });

  it('runs after the longest wait even while the person keeps going', () => {
    const ran = askAfterInput(300, 1000);
    keepClicking(9);
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(150);
    expect(ran).toHaveBeenCalledTimes(1);
  });
});
