// The settle rule: a change made on disk by someone else is written over only once it has been
// still for a moment, and never (without the person's say) when it looks like an unfinished write.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture } from '../fixtures';
import { SETTLE_MS, settleVerdict, shapeOfText, unfinishedChange } from './settle';

const EXAMPLE = readFileSync(new URL('../../../examples/repair-cafe.yaml', import.meta.url), 'utf8');
const full = shapeOfText(EXAMPLE);

describe('settleVerdict', () => {
  it('a complete change is written over once it has been still for the settle time, not before', () => {
    const changed = shapeOfText(EXAMPLE.replace('Tom writes a one-page guide', 'Tom writes a short guide'));
    expect(settleVerdict(full, changed, 0)).toEqual({ kind: 'wait', ms: SETTLE_MS });
    expect(settleVerdict(full, changed, SETTLE_MS - 200)).toEqual({ kind: 'wait', ms: 200 });
    expect(settleVerdict(full, changed, SETTLE_MS)).toEqual({ kind: 'settled' });
    // A clock that went backwards waits the whole time, never less.
    expect(settleVerdict(full, changed, -5000)).toEqual({ kind: 'wait', ms: SETTLE_MS });
  });

  it('every prefix of a file cut at a line end is held or waits; none is written over at once', () => {
    const lines = EXAMPLE.split('\n');
    let held = 0;
    for (let cut = 0; cut < lines.length - 1; cut++) {
      const prefix = shapeOfText(`${lines.slice(0, cut).join('\n')}\n`);
      const verdict = settleVerdict(full, prefix, 0);
      expect(verdict.kind, `cut after line ${cut}`).not.toBe('settled');
      // However long the writer pauses, a prefix that lost a tree or its validity stays held.
      if (settleVerdict(full, prefix, 60_000).kind === 'held') held++;
    }
    // In this file, which ends with a backlog entry, every shorter prefix is unfinished.
    expect(held).toBe(lines.length - 1);
  }, 60_000);

  it('holds a change that empties the file, makes it unreadable or invalid, or takes trees away', () => {
    expect(settleVerdict(full, shapeOfText(''), 60_000)).toEqual({ kind: 'held', reason: expect.stringContaining('it lost the Goal Tree, Current Reality Tree') });
    expect(settleVerdict(full, shapeOfText(EXAMPLE.replace('driver: maya', 'driver: nobody')), 60_000)).toEqual({ kind: 'held', reason: 'it is no longer a valid working file' });
    expect(settleVerdict(full, shapeOfText(null), 60_000)).toEqual({ kind: 'held', reason: 'it can no longer be read' });
    const twoTrees = fixture('two-trees.yaml');
    const withoutFuture = twoTrees.slice(0, twoTrees.indexOf('\n  future_reality:') + 1);
    expect(shapeOfText(withoutFuture).valid).toBe(true);
    expect(settleVerdict(shapeOfText(twoTrees), shapeOfText(withoutFuture), 60_000)).toEqual({ kind: 'held', reason: 'it lost the Future Reality Tree' });
    const lines = EXAMPLE.split('\n');
    expect(unfinishedChange(full, shapeOfText(lines.slice(0, 120).join('\n')))).toMatch(/lost the Conflict Cloud, Future Reality Tree, Prerequisite Tree and Transition Tree/);
  });

  it('the person may write over a held change, but only once it has been still', () => {
    const empty = shapeOfText('');
    expect(settleVerdict(full, empty, 0, { personSaidSo: true })).toEqual({ kind: 'wait', ms: SETTLE_MS });
    expect(settleVerdict(full, empty, SETTLE_MS, { personSaidSo: true })).toEqual({ kind: 'settled' });
  });

  it('does not hold what was never complete, nor a change that adds trees', () => {
    const broken = shapeOfText('schema_version: 1\ntrees: [unclosed\n');
    expect(settleVerdict(broken, shapeOfText('schema_version: 1\ntrees: {}\n'), SETTLE_MS)).toEqual({ kind: 'settled' });
    const twoTrees = fixture('two-trees.yaml');
    const withoutFuture = shapeOfText(twoTrees.slice(0, twoTrees.indexOf('\n  future_reality:') + 1));
    expect(settleVerdict(withoutFuture, shapeOfText(twoTrees), SETTLE_MS)).toEqual({ kind: 'settled' });
    // An invalid file that stays invalid is not a new sign of an unfinished write.
    const invalid = shapeOfText(EXAMPLE.replace('driver: maya', 'driver: nobody'));
    expect(invalid.valid).toBe(false);
    expect(settleVerdict(invalid, shapeOfText(EXAMPLE.replace('driver: maya', 'driver: someone')), SETTLE_MS)).toEqual({ kind: 'settled' });
  });
});
