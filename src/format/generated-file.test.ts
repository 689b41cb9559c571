// The benchmark's generated working files: valid, deterministic, and saved with only the
// edited lines changed even when large.
import { describe, expect, it } from 'vitest';
import { generateWorkingFile } from '../../bench/generate-working-file';
import { openWorkingFile } from './text/open';
import { saveWorkingFile } from './text/save';
import { TREE_KEYS } from './model/vocabulary';

describe('generateWorkingFile', () => {
  it('makes a valid six-tree file with the asked number of nodes', () => {
    for (const size of [6, 7, 300]) {
      const opened = openWorkingFile(generateWorkingFile(size));
      expect(opened.diagnostics).toEqual([]);
      const trees = (opened.data as { trees: Record<string, { nodes: unknown[] }> }).trees;
      expect(Object.keys(trees)).toEqual([...TREE_KEYS]);
      expect(Object.values(trees).reduce((sum, tree) => sum + tree.nodes.length, 0)).toBe(size);
    }
  });

  it('is deterministic for a seed and differs between seeds', () => {
    expect(generateWorkingFile(200, 7)).toBe(generateWorkingFile(200, 7));
    expect(generateWorkingFile(200, 7)).not.toBe(generateWorkingFile(200, 8));
    for (const seed of [2, 3, 4, 5]) expect(openWorkingFile(generateWorkingFile(400, seed)).valid).toBe(true);
  });

  it('saves edits to a large file as exactly the edited lines', () => {
    const text = generateWorkingFile(1500, 3);
    const opened = openWorkingFile(text);
    expect(saveWorkingFile(opened.source, opened.data!)).toBe(text);
    const data = structuredClone(opened.data) as { trees: Record<string, { nodes: { text: string }[] }> };
    const edits = [['goal', 3], ['conflict', 40], ['transition', 200], ['current_reality', 0], ['prerequisite', 99]] as const;
    for (const [tree, index] of edits) data.trees[tree].nodes[index].text = `Edited ${tree} ${index}`;
    const saved = saveWorkingFile(opened.source, data as never);
    const before = text.split('\n');
    const after = saved.split('\n');
    expect(after).toHaveLength(before.length);
    expect(after.filter((line, i) => line !== before[i]).sort()).toEqual(edits.map(([tree, index]) => `        text: Edited ${tree} ${index}`).sort());
  });
});
