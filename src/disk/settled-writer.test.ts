// The write every server of Causeway makes on a person's behalf (SettledWriter): compared with
// the version it was based on, and never over a change made by someone else before it settles.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTLE_MS } from '../format';
import { fixture } from '../format/fixtures';
import { versionOf } from './disk-state';
import { SettledWriter } from './settled-writer';

const TEXT = fixture('two-trees.yaml');

function setUp(): { writer: SettledWriter; file: string } {
  const root = mkdtempSync(join(tmpdir(), 'causeway-settled-'));
  const file = join(root, 'plan.yaml');
  writeFileSync(file, TEXT);
  return { writer: new SettledWriter(file, root), file };
}

describe('SettledWriter', () => {
  it('writes over the version it was based on, and says "stale" with what is there when it changed', async () => {
    const { writer, file } = setUp();
    await writer.read();
    const mine = TEXT.replace('Quote turnaround', 'Quote turnaround, mine');
    expect(await writer.write(versionOf(TEXT), mine)).toEqual({ outcome: 'written', version: versionOf(mine) });
    const theirs = TEXT.replace('Quote turnaround', 'Quote turnaround, theirs');
    writeFileSync(file, theirs);
    expect(await writer.write(versionOf(mine), TEXT)).toEqual({ outcome: 'stale', disk: { version: versionOf(theirs), text: theirs } });
    expect(readFileSync(file, 'utf8')).toBe(theirs);
  });

  it("waits until someone else's change has been still for the settle time, then writes over it", async () => {
    const { writer, file } = setUp();
    await writer.read();
    const theirs = TEXT.replace('Quote turnaround', 'Quote turnaround, theirs');
    writeFileSync(file, theirs);
    await writer.read(); // seen now
    const started = Date.now();
    const mine = theirs.replace('theirs', 'theirs and mine');
    expect(await writer.write(versionOf(theirs), mine)).toMatchObject({ outcome: 'written' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(SETTLE_MS - 50);
  });

  it('refuses to write over a change that looks unfinished, unless the person says so', async () => {
    const { writer, file } = setUp();
    await writer.read();
    const half = TEXT.slice(0, TEXT.indexOf('\n  future_reality:') + 1);
    writeFileSync(file, half);
    await writer.read();
    expect(await writer.write(versionOf(half), `${half}# mine\n`)).toEqual({
      outcome: 'failed',
      reason: 'the file on disk looks unfinished (it lost the Future Reality Tree), so it was not written over',
      unfinished: 'it lost the Future Reality Tree',
    });
    expect(readFileSync(file, 'utf8')).toBe(half);
    expect(await writer.write(versionOf(half), `${half}# mine\n`, { personSaidSo: true })).toMatchObject({ outcome: 'written' });
  });
});
