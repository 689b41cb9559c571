import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteInput, whenQuiet } from './recent-input';

/** The person clicks every 100 ms, `times` times. */
function keepClicking(times: number): void {
  for (let i = 0; i < times; i++) {
    vi.advanceTimersByTime(100);
    noteInput();
  }
}

describe('whenQuiet', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for a pause in the person\'s input before running the work', () => {
    vi.useFakeTimers();
    const ran = vi.fn();
    noteInput();
    whenQuiet(ran, 300, 5000);
    // Clicking on: the work waits.
    keepClicking(5);
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(299);
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2);
    expect(ran).toHaveBeenCalledTimes(1);
  });

  it('runs after the longest wait even while the person keeps going', () => {
    vi.useFakeTimers();
    const ran = vi.fn();
    noteInput();
    whenQuiet(ran, 300, 1000);
    keepClicking(9);
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(150);
    expect(ran).toHaveBeenCalledTimes(1);
  });
});
