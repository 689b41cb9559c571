// The cached answer to "which trees would a snapshot record" is the plain one's, edit after edit.
import { describe, expect, it } from 'vitest';
import { generateWorkingFile } from '../../bench/generate-working-file';
import { openWorkingFile, type Json, acceptedProjection, changedTrees } from '../format';
import type { Snapshot } from '../format';
import { pendingTrees } from './pending-trees';

type Item = { [key: string]: Json };
type File = { trees: Record<string, { nodes: Item[]; links: Item[] }> };

/** A copy of `data` with one node of one tree changed, every other tree kept as the same object. */
function withNode(data: File, tree: string, index: number, change: Item): File {
  const nodes = data.trees[tree]!.nodes.map((node, i) => (i === index ? { ...node, ...change } : node));
  return { ...data, trees: { ...data.trees, [tree]: { ...data.trees[tree]!, nodes } } };
}

describe('pendingTrees', () => {
  it('names the trees whose accepted content differs from the latest snapshot, as the full comparison does', () => {
    const first = openWorkingFile(generateWorkingFile(60)).data as File;
    const snapshots = [{ projection: acceptedProjection(first as unknown as Json) } as Snapshot];
    const plain = (data: File) => changedTrees(snapshots[0]!.projection, acceptedProjection(data as unknown as Json));
    const trees = Object.keys(first.trees);
    const accepted = (tree: string) => first.trees[tree]!.nodes.findIndex((n) => n.status === 'accepted');
    const proposed = (tree: string) => first.trees[tree]!.nodes.findIndex((n) => n.status !== 'accepted');
    const tree = trees.find((t) => accepted(t) >= 0 && proposed(t) >= 0)!;

    expect(pendingTrees(snapshots, first as unknown as Json)).toEqual([]);
    const steps: File[] = [];
    let data = first;
    const changes: { tree: string; index: number; change: Item }[] = [
      { tree, index: proposed(tree), change: { text: 'Reworded while proposed.' } },
      { tree, index: accepted(tree), change: { text: 'Reworded after acceptance.' } },
      { tree: trees[trees.length - 1]!, index: 0, change: { status: 'accepted' } },
      { tree, index: accepted(tree), change: { text: first.trees[tree]!.nodes[accepted(tree)]!.text as string } },
    ];
    for (const change of changes) {
      data = withNode(data, change.tree, change.index, change.change);
      steps.push(data);
      expect(pendingTrees(snapshots, data as unknown as Json)).toEqual(plain(data));
    }
    expect(pendingTrees(snapshots, steps[1] as unknown as Json)).toEqual([tree]);
    // Asked again (cached projections and comparisons), the answers stay the same.
    for (const step of steps) expect(pendingTrees(snapshots, step as unknown as Json)).toEqual(plain(step));
    expect(pendingTrees([], steps[0] as unknown as Json)).toEqual(changedTrees({}, acceptedProjection(steps[0] as unknown as Json)));
  });
});
