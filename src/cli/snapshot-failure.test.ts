// One tree that cannot be drawn never keeps the others from being drawn, and the failure is told
// in words.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stringifyData } from '../format';
import { toyState, withGoalTree } from '../format/fixtures';
import { main } from './main';

describe('snapshot when one tree cannot be drawn', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'causeway-failure-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('draws the other trees, keeps the snapshot, and names the tree that failed', async () => {
    const file = join(dir, 'work.yaml');
    writeFileSync(file, stringifyData(withGoalTree(toyState())));
    // A folder where the goal tree's diagram must go: that file cannot be written.
    mkdirSync(join(dir, '.work', 'diagrams', 'current', 'goal.svg'), { recursive: true });
    const err: string[] = [];
    const code = await main(['snapshot', file], { out: () => undefined, err: (line) => void err.push(line) });
    expect(code).toBe(1);
    expect(err.join('\n')).toMatch(/history is saved \(revision 1\) and current_reality redrawn, but drawing the diagrams failed for the Goal Tree \(goal\)/);
    expect(existsSync(join(dir, '.work', 'history', '000001.yaml'))).toBe(true);
    expect(existsSync(join(dir, '.work', 'diagrams', 'current', 'current_reality.svg'))).toBe(true);
  });
});
