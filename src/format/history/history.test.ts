import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkHistory, defaultSummary, planSnapshot, snapshotData, snapshotFileName, snapshotText, type Snapshot, type SnapshotFile } from './history';
import { copy, node, proposalsOnly, toyState, withGoalTree, type State } from '../fixtures/history-samples';
import { openWorkingFile } from '../text/open';
import type { Json } from '../model/types';

const NOW = new Date('2026-03-04T05:06:07.890Z');

/** The history a session of `states` produces, as the files the command would have written. */
function sessionFiles(states: State[]): SnapshotFile[] {
  const files: SnapshotFile[] = [];
  let snapshots: Snapshot[] = [];
  for (const state of states) {
    const plan = planSnapshot(state, snapshots, { now: NOW });
    if (!plan.next) continue;
    files.push({ name: plan.next.name, text: snapshotText(plan.next.data) });
    const check = checkHistory(files);
    if (!check.ok) throw new Error(check.problems.join('\n'));
    snapshots = check.snapshots;
  }
  return files;
}

function threeRevisions(): SnapshotFile[] {
  const first = toyState();
  const second = withGoalTree(copy(first));
  const third = copy(second);
  node(third, 'n1').text = 'Reworded';
  return sessionFiles([first, second, third]);
}

describe('snapshot names', () => {
  it('pads the revision to six digits', () => {
    expect(snapshotFileName(1)).toBe('000001.yaml');
    expect(snapshotFileName(123456)).toBe('123456.yaml');
  });
});

describe('planSnapshot', () => {
  it('makes no snapshot while only proposals exist', () => {
    const plan = planSnapshot(proposalsOnly(), [], { now: NOW });
    expect(plan.changedTrees).toEqual([]);
    expect(plan.next).toBeUndefined();
  });

  it('makes the first snapshot from the whole working state plus revision, previous_revision and change', () => {
    const state = toyState();
    const plan = planSnapshot(state, [], { now: NOW });
    expect(plan.next!.name).toBe('000001.yaml');
    expect(plan.next!.data).toEqual({
      ...state,
      revision: 1,
      previous_revision: null,
      change: { at: '2026-03-04T05:06:07.890Z', driver: 'alice', summary: 'Updated accepted reasoning in current_reality', trees: ['current_reality'] },
    });
    expect(Object.keys(plan.next!.data as object).slice(-3)).toEqual(['revision', 'previous_revision', 'change']);
  });

  it('uses the given summary, and the default one for an empty summary', () => {
    expect((planSnapshot(toyState(), [], { now: NOW, summary: 'Accepted the scope limit' }).next!.change.summary)).toBe('Accepted the scope limit');
    expect((planSnapshot(toyState(), [], { now: NOW, summary: '' }).next!.change.summary)).toBe('Updated accepted reasoning in current_reality');
    expect(defaultSummary(['current_reality', 'goal'])).toBe('Updated accepted reasoning in current_reality, goal');
  });

  it('numbers the next snapshot after the history and chains it', () => {
    const check = checkHistory(threeRevisions());
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    const state = copy(toyState());
    const plan = planSnapshot(state, check.snapshots, { now: NOW });
    // The goal tree is gone and n1 has its first wording again: two trees changed.
    expect(plan.changedTrees).toEqual(['current_reality', 'goal']);
    expect(plan.next!.revision).toBe(4);
    expect((plan.next!.data as { previous_revision: number }).previous_revision).toBe(3);
  });

  it('makes no snapshot when the projection equals the latest snapshot’s', () => {
    const check = checkHistory(threeRevisions());
    if (!check.ok) throw new Error('history should be valid');
    const latest = check.snapshots[2]!.data as State;
    const wip = copy(latest);
    delete wip.revision;
    delete wip.previous_revision;
    delete wip.change;
    wip.trees.current_reality!.backlog = [];
    expect(planSnapshot(wip, check.snapshots, { now: NOW }).next).toBeUndefined();
  });

  it('never carries a working file’s own snapshot fields into the snapshot', () => {
    const state = { ...toyState(), revision: 99, change: 'stale' } as State;
    const data = snapshotData(state, 1, { at: 'x', driver: 'alice', summary: 's', trees: ['current_reality'] }) as { [k: string]: Json };
    expect(data.revision).toBe(1);
    expect(data.change).toEqual({ at: 'x', driver: 'alice', summary: 's', trees: ['current_reality'] });
  });

  it('writes snapshots that load back as valid states with the same data', () => {
    for (const file of threeRevisions()) {
      const opened = openWorkingFile(file.text);
      expect(opened.valid, file.name).toBe(true);
    }
  });
});

describe('snapshotText', () => {
  const tricky = (): State => {
    const state = toyState();
    node(state, 'n1').text = 'yes';
    node(state, 'n2').text = '2026-03-04T05:06:07Z';
    (state.trees.current_reality!.backlog as Json[]).push({ ref: 'n3', work: 'on', note: 'Can a fixer teach while fixing?' });
    (state.participants as Record<string, string>).bob = '~';
    return state;
  };

  it('reads back as the same data with our loader', () => {
    const data = planSnapshot(tricky(), [], { now: NOW }).next!.data;
    const opened = openWorkingFile(snapshotText(data));
    expect(opened.valid).toBe(true);
    expect(opened.data).toEqual(data);
  });

  it('reads back as the same data under YAML 1.1, as the reference helper reads it', () => {
    const data = planSnapshot(tricky(), [], { now: NOW }).next!.data;
    expect(parse(snapshotText(data), { version: '1.1' })).toEqual(data);
  });

  it('writes block collections only, apart from empty ones', () => {
    const text = snapshotText(planSnapshot(tricky(), [], { now: NOW }).next!.data);
    expect(text).not.toMatch(/[{[][^\]}\n]/);
  });
});

describe('checkHistory', () => {
  it('accepts a consistent history and reads each snapshot’s projection and change', () => {
    const check = checkHistory(threeRevisions());
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.snapshots.map((s) => s.revision)).toEqual([1, 2, 3]);
    expect(check.snapshots.map((s) => Object.keys(s.projection))).toEqual([['current_reality'], ['current_reality', 'goal'], ['current_reality', 'goal']]);
    expect(check.snapshots[1]!.change).toMatchObject({ trees: ['goal'], driver: 'alice' });
  });

  it('accepts an empty history and ignores files that are not snapshots', () => {
    expect(checkHistory([])).toEqual({ ok: true, snapshots: [] });
    const files = threeRevisions();
    const check = checkHistory([...files, { name: 'notes.txt', text: 'x' }, { name: '.000004.yaml.1.tmp', text: '' }, { name: '0000004.yaml', text: '' }]);
    expect(check.ok && check.snapshots.length).toBe(3);
  });

  it('reads the files in name order, whatever order they come in', () => {
    const check = checkHistory([...threeRevisions()].reverse());
    expect(check.ok).toBe(true);
  });

  function refused(files: SnapshotFile[]): string {
    const check = checkHistory(files);
    expect(check.ok).toBe(false);
    return check.ok ? '' : check.problems.join('\n');
  }

  it('refuses a gap in the numbering', () => {
    const [first, , third] = threeRevisions();
    expect(refused([first!, third!])).toMatch(/000003\.yaml: the numbering has a gap; expected 000002\.yaml/);
  });

  it('refuses a history that does not start at 000001', () => {
    const [first] = threeRevisions();
    expect(refused([{ ...first!, name: '000002.yaml' }])).toMatch(/expected 000001\.yaml/);
  });

  it('refuses a revision that does not match the file name', () => {
    const files = threeRevisions();
    files[1] = { ...files[1]!, text: files[1]!.text.replace(/^revision: 2$/m, 'revision: 5') };
    expect(refused(files)).toMatch(/000002\.yaml: revision is 5; expected 2/);
  });

  it('refuses a broken previous_revision chain; a first snapshot without the key reads as null', () => {
    const files = threeRevisions();
    files[2] = { ...files[2]!, text: files[2]!.text.replace(/^previous_revision: 2$/m, 'previous_revision: 1') };
    expect(refused(files)).toMatch(/000003\.yaml: previous_revision is 1; expected 2/);
    const again = threeRevisions();
    again[0] = { ...again[0]!, text: again[0]!.text.replace(/^previous_revision: null\n/m, '') };
    expect(checkHistory(again).ok).toBe(true);
    const later = threeRevisions();
    later[1] = { ...later[1]!, text: later[1]!.text.replace(/^previous_revision: 1\n/m, '') };
    expect(refused(later)).toMatch(/000002\.yaml: previous_revision is missing; expected 1/);
  });

  it('refuses a snapshot that is not a valid state', () => {
    const files = threeRevisions();
    files[1] = { ...files[1]!, text: files[1]!.text.replace('driver: alice\n', 'driver: nobody\n') };
    expect(refused(files)).toMatch(/000002\.yaml: not a valid state, line \d+: .*nobody/);
    expect(refused([{ name: '000001.yaml', text: '' }])).toMatch(/000001\.yaml: not a valid state/);
    expect(refused([{ name: '000001.yaml', text: 'a: [' }])).toMatch(/000001\.yaml: not a valid state/);
  });
});
