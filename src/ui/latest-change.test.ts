import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { openWorkingFile, checkHistory, planSnapshot, snapshotText } from '../format';
import { changeToShow } from './latest-change';

const example = openWorkingFile(readFileSync('examples/repair-cafe.yaml', 'utf8')).data!;

function historyOf(...states: unknown[]) {
  const files: { name: string; text: string }[] = [];
  for (const state of states) {
    const check = checkHistory(files);
    if (!check.ok) throw new Error(check.problems.join());
    const plan = planSnapshot(state as never, check.snapshots, { now: new Date('2026-12-01T10:00:00Z'), summary: 'step' });
    if (plan.next) files.push({ name: plan.next.name, text: snapshotText(plan.next.data) });
  }
  const check = checkHistory(files);
  if (!check.ok) throw new Error(check.problems.join());
  return check.snapshots;
}

describe('which change the latest-change view shows', () => {
  it('shows accepted changes not recorded yet, against the latest snapshot', () => {
    const shown = changeToShow('goal', [], example, null)!;
    expect(shown.caption).toMatch(/not recorded yet/);
    expect(shown.before.nodes).toEqual([]);
    expect(shown.after.nodes.map((n) => n.id)).toEqual(['g1', 'g2', 'g3', 'g5']);
  });

  it('shows the latest recorded change when nothing is pending, as of an open revision', () => {
    const snapshots = historyOf(example);
    const shown = changeToShow('goal', snapshots, example, null)!;
    expect(shown.caption).toMatch(/^Revision 1/);
    expect(changeToShow('goal', snapshots, example, 1)!.caption).toMatch(/^Revision 1/);
  });

  it('shows nothing for a tree that never had accepted content', () => {
    expect(changeToShow('goal', [], { ...(example as object), trees: {} } as never, null)).toBeUndefined();
  });
});
