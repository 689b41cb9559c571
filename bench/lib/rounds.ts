// Times a list of tasks round-robin (so a burst of machine load hits them all alike), after one
// warm-up run each: the medians of one run are then comparable as ratios.
import { median } from './table';

export type Task = readonly [name: string, run: () => unknown];

/** The median ms of each task over `rounds` interleaved rounds, keyed by the task's name. */
export function timeInRounds(tasks: readonly Task[], rounds: number): Map<string, number> {
  for (const [, run] of tasks) run(); // warm up
  const times = new Map<string, number[]>(tasks.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, run] of tasks) {
      const started = performance.now();
      run();
      times.get(name)!.push(performance.now() - started);
    }
  }
  return new Map([...times].map(([name, values]) => [name, median(values)]));
}
