// Layout of one tree in this process, the work the editor's layout worker does off the main
// thread: 1,000 nodes against the target, and against a 100-node tree in the same run. And the
// canvas's graph of a 1,000-node tree built again after one statement changed, the work every
// edit (yours, another person's, the file's) costs the page's main thread before React Flow's;
// and after one card added with its link (its links' ends and labels placed again nearby).
import { openWorkingFile, readTrees } from '../../src/format';
import { computeLayout } from '../../src/layout/layout-tree';
import { buildFlow } from '../../src/ui/canvas/build-flow';
import { oneTreeFile } from '../lib/files';
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

/**
 * The canvas's graph built from scratch, again after one statement changed, and again after one
 * card was added with its link (medians of rounds).
 */
function canvasRebuild(nodes: number, rounds: number): { scratch: number; rebuild: number; added: number } {
  const trees = readTrees(openWorkingFile(oneTreeFile(nodes)).data);
  const tree = trees.find((t) => t.key === 'current_reality')!;
  const input = {
    tree,
    allTrees: trees,
    displayName: (id: string) => id,
    problems: new Map<string, string[]>(),
    positions: new Map(tree.nodes.map((n, i) => [n.id, { x: (i % 40) * 300, y: Math.floor(i / 40) * 200 }])),
    junctions: new Map(),
    sizes: new Map(tree.nodes.map((n) => [n.id, { width: 240, height: 100 }])),
  };
  let started = performance.now();
  buildFlow(input);
  const scratch = performance.now() - started;
  // The first rounds warm the code up, as a page's first edits do; the rest are timed.
  const timedRounds = (round: (n: number) => () => void): number => {
    const times: number[] = [];
    const warm = 30;
    for (let n = 0; n < warm + Math.max(rounds * 10, 30); n++) {
      const build = round(n);
      started = performance.now();
      build();
      if (n >= warm) times.push(performance.now() - started);
    }
    return median(times);
  };
  const rebuild = timedRounds((n) => {
    const nodesNow = tree.nodes.map((node, i) => (i === nodes >> 1 ? { ...node, text: `${node.text} (retyped ${n})` } : node));
    return () => buildFlow({ ...input, tree: { ...tree, nodes: nodesNow } });
  });
  // Cards added one after another, each a cause of another card, placed in free room above the tree.
  let grown = tree;
  const positions = new Map(input.positions);
  const sizes = new Map(input.sizes);
  const added = timedRounds((n) => {
    const effect = grown.nodes[(n * 37) % nodes]!;
    const id = `added-${n}`;
    grown = {
      ...grown,
      nodes: [...grown.nodes, { ...effect, id, text: `A cause added in round ${n}.`, kind: 'cause', index: grown.nodes.length }],
      links: [...grown.links, { ...grown.links[0]!, id: `${id}-link`, from: [id], to: effect.id, index: grown.links.length }],
    };
    positions.set(id, { x: n * 300, y: -400 });
    sizes.set(id, { width: 240, height: 100 });
    const now = { ...input, tree: grown, positions: new Map(positions), sizes };
    return () => buildFlow(now);
  });
  return { scratch, rebuild, added };
}

async function rows(context: RowContext): Promise<BenchRow[]> {
  context.log('layout 100 and 1,000 nodes');
  const rounds = context.quick ? 1 : 5;
  const small = time(100, rounds);
  const large = time(1000, rounds);
  context.log('the canvas of a 1,000-node tree built again after one edit, and after one card added');
  const canvas = canvasRebuild(1000, rounds);
  return [
    {
      id: 'layout-1000',
      work: 'layout, one 1,000-node tree (current reality, generated)',
      measured: `${seconds(large)}; 100 nodes ${seconds(small)} (in a Web Worker in the editor)`,
      ratio: `${ratio(large, small)} the 100-node tree`,
      target: '≤ 300 ms, off the main thread',
      verdict: verdict(large, 300, ' ms'),
    },
    {
      id: 'canvas-rebuild-1000',
      work: 'the canvas of a 1,000-node tree (cards, links, their placement) built again after one statement changed (and after one card added with its link), on the main thread',
      measured: `${seconds(canvas.rebuild)}; one card added ${seconds(canvas.added)}; from scratch ${seconds(canvas.scratch)}`,
      ratio: `${ratio(canvas.rebuild, canvas.scratch)} from scratch`,
      target: '< 5 ms (a share of the 50 ms an edit may take)',
      verdict: verdict(canvas.rebuild, 5, ' ms'),
    },
  ];
}

export const module: RowModule = { ids: ['layout-1000', 'canvas-rebuild-1000'], rows };
