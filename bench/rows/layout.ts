// Layout of one tree in this process, the work the editor's layout worker does off the main
// thread: 1,000 nodes against the target, and against a 100-node tree in the same run.
import { computeLayout } from '../../src/layout/layout-tree';
import { randomTree } from '../../src/layout/random-tree';
import { median, ratio, seconds, verdict, type BenchRow, type RowContext, type RowModule } from '../lib/table';

function time(nodes: number, rounds: number): number {
  const input = randomTree('current_reality', nodes, 7, { cycles: false, dangling: false });
  computeLayout(input); // warm up
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    computeLayout(input);
    times.push(performance.now() - started);
  }
  return median(times);
}

async function rows(context: RowContext): Promise<BenchRow[]> {
  context.log('layout 100 and 1,000 nodes');
  const rounds = context.quick ? 1 : 5;
  const small = time(100, rounds);
  const large = time(1000, rounds);
  return [
    {
      id: 'layout-1000',
      work: 'layout, one 1,000-node tree (current reality, generated)',
      measured: `${seconds(large)}; 100 nodes ${seconds(small)} (in a Web Worker in the editor)`,
      ratio: `${ratio(large, small)} the 100-node tree`,
      target: '≤ 300 ms, off the main thread',
      verdict: verdict(large, 300, ' ms'),
    },
  ];
}

export const module: RowModule = { ids: ['layout-1000'], rows };
