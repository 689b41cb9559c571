import { mkdtempSync, readFileSync, copyFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openWorkingFile } from '../format';
import { readArrangement, writeArrangement } from './arrangement-on-disk';
import { outputFolderFor, recordSnapshot } from './history-on-disk';

const EXAMPLE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'examples', 'repair-cafe.yaml');

function cardX(svg: string, id: string): number {
  const match = new RegExp(`data-node-id="${id}"[^>]*>\\s*<rect x="([\\d.-]+)"`).exec(svg);
  return Number(match?.[1]);
}

describe('the arrangement beside a working file', () => {
  it('is read back as written, and a missing one reads as none', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'causeway-arr-')), '.plan');
    expect(await readArrangement(folder)).toEqual({ kind: 'none' });
    await writeArrangement(folder, new Map([['goal', new Map([['g1', { x: 1, y: 2 }]])]]));
    expect(await readArrangement(folder)).toEqual({ kind: 'read', trees: new Map([['goal', new Map([['g1', { x: 1, y: 2 }]])]]) });
  });

  it('draws the snapshot diagrams as the cards were arranged', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'causeway-arr-'));
    const path = join(folder, 'plan.yaml');
    copyFileSync(EXAMPLE, path);
    const output = await outputFolderFor(path);
    mkdirSync(output, { recursive: true });
    // r1 far to the right of r2, which the automatic layout would never do.
    await writeArrangement(output, new Map([['current_reality', new Map([['r1', { x: 3000, y: 0 }], ['r2', { x: 0, y: 0 }]])]]));
    const state = openWorkingFile(readFileSync(path, 'utf8')).data!;
    await recordSnapshot(state, output, 'first');
    const svg = readFileSync(join(output, 'diagrams', 'current', 'current_reality.svg'), 'utf8');
    expect(cardX(svg, 'r1') - cardX(svg, 'r2')).toBeGreaterThan(2000);
  });
});
