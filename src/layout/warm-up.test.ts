import { describe, expect, it, vi } from 'vitest';
import { warmUp, workerWarmUp } from './warm-up';

/** Tasks the test runs by hand (each call of `run` is one) and a clock it moves. */
function tasks(budgetMs = 1_000) {
  const queue: (() => void)[] = [];
  let time = 0;
  return {
    clock: { budgetMs, schedule: (next: () => void) => queue.push(next), now: () => time },
    run: () => queue.shift()?.(),
    waiting: () => queue.length,
    spend: (ms: number) => (time += ms),
  };
}

describe('warmUp', () => {
  it('does one job a task, not in the task that started it', () => {
    const queue = tasks();
    let jobs = 0;
    warmUp(() => jobs++, queue.clock);
    expect(jobs).toBe(0);
    queue.run();
    expect(jobs).toBe(1);
    queue.run();
    expect(jobs).toBe(2);
  });

  it('stops as soon as real work says so', () => {
    const queue = tasks();
    let jobs = 0;
    const stop = warmUp(() => jobs++, queue.clock);
    queue.run();
    stop();
    queue.run();
    queue.run();
    expect(jobs).toBe(1);
    expect(queue.waiting()).toBe(0);
  });

  it('stops once its time is spent', () => {
    const queue = tasks(10);
    let jobs = 0;
    warmUp(() => {
      jobs++;
      queue.spend(6);
    }, queue.clock);
    for (let i = 0; i < 10; i++) queue.run();
    expect(jobs).toBe(2);
  });

  it('never does more than a bounded number of jobs, and a failing job ends it quietly', () => {
    const queue = tasks(1_000_000);
    let jobs = 0;
    warmUp(() => jobs++, queue.clock);
    for (let i = 0; i < 1_000; i++) queue.run();
    expect(jobs).toBeGreaterThan(10);
    expect(jobs).toBeLessThan(1_000);
    let failures = 0;
    warmUp(
      () => {
        failures++;
        throw new Error('broken sample');
      },
      queue.clock,
    );
    for (let i = 0; i < 5; i++) queue.run();
    expect(failures).toBe(1);
  });
});

describe('workerWarmUp', () => {
  it('warms up once, whatever the number of warm-up messages, and stops at the first real job', () => {
    vi.useFakeTimers();
    try {
      const warming = workerWarmUp();
      const jobs = { first: 0, second: 0 };
      warming.start(() => jobs.first++);
      warming.start(() => jobs.second++);
      vi.advanceTimersByTime(3);
      expect(jobs.first).toBeGreaterThan(0);
      expect(jobs.second).toBe(0);
      warming.stop();
      const done = jobs.first;
      vi.advanceTimersByTime(100);
      expect(jobs.first).toBe(done);
    } finally {
      vi.useRealTimers();
    }
  });
});
