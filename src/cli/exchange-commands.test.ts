// `causeway import` and `causeway export`, run in process in temporary folders.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openWorkingFile } from '../format';
import { exchangeFixture, repairCafe } from '../exchange/fixtures';
import { main } from './main';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'causeway-exchange-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('causeway import', () => {
  it('writes a valid working file beside the source and prints the report', async () => {
    writeFileSync(join(dir, 'tool-library.ltp.yaml'), exchangeFixture('tool-library.ltp.yaml'));
    const result = await run('import', join(dir, 'tool-library.ltp.yaml'));
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/into .*tool-library\.yaml/);
    expect(result.out).toMatch(/entity x-e-later: .*none of the six trees/);
    const written = openWorkingFile(readFileSync(join(dir, 'tool-library.yaml'), 'utf8'));
    expect(written.valid).toBe(true);
  });

  it('never writes over an existing file without --force', async () => {
    writeFileSync(join(dir, 'd.logicx'), exchangeFixture('late-deliveries.logicx'));
    writeFileSync(join(dir, 'd.yaml'), 'keep me\n');
    const refused = await run('import', join(dir, 'd.logicx'));
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/already exists; nothing was written/);
    expect(readFileSync(join(dir, 'd.yaml'), 'utf8')).toBe('keep me\n');
    const forced = await run('import', join(dir, 'd.logicx'), '--force', '--driver', 'ana', '--driver-name', 'Ana');
    expect(forced.code).toBe(0);
    expect(openWorkingFile(readFileSync(join(dir, 'd.yaml'), 'utf8')).data).toMatchObject({ participants: { ana: 'Ana' }, driver: 'ana' });
  });

  it('names the place of a malformed source and writes nothing', async () => {
    writeFileSync(join(dir, 'bad.logicx'), '<flyingLogic>\n  <decisionGraph>\n    <vertices>\n</flyingLogic>\n');
    const result = await run('import', join(dir, 'bad.logicx'), '-o', join(dir, 'out.yaml'));
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/bad\.logicx: line \d+, column \d+: not well-formed XML/);
    expect(existsSync(join(dir, 'out.yaml'))).toBe(false);
  });

  it('puts a one-diagram source in the tree asked for', async () => {
    writeFileSync(join(dir, 's.json'), exchangeFixture('slow-onboarding.json'));
    const result = await run('import', join(dir, 's.json'), '--tree', 'future_reality', '-o', join(dir, 's.yaml'), '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toMatchObject({ format: 'tp-studio', trees: [{ tree: 'future_reality', nodes: 6 }] });
  });

  it('refuses a working file and an unknown tree', async () => {
    writeFileSync(join(dir, 'plan.yaml'), repairCafe());
    expect((await run('import', join(dir, 'plan.yaml'))).err).toMatch(/looks like a working file already/);
    expect((await run('import', join(dir, 'plan.yaml'), '--tree', 'forest')).code).toBe(2);
  });
});

describe('causeway export', () => {
  beforeEach(() => writeFileSync(join(dir, 'cafe.yaml'), repairCafe()));

  it.each([
    ['html', 'cafe.html', '<!doctype html>'],
    ['markdown', 'cafe.read-through.md', '# Saturday repair café — read-through'],
    ['mermaid', 'cafe.mermaid.md', '```mermaid'],
    ['ltp', 'cafe.ltp.yaml', 'schema_version: "1.0"'],
    ['logicx', 'cafe.logicx', '<flyingLogic majorversion="5"'],
  ])('--to %s writes %s', async (format, name, expected) => {
    const result = await run('export', join(dir, 'cafe.yaml'), '--to', format);
    expect(result.code).toBe(0);
    expect(readFileSync(join(dir, name), 'utf8')).toContain(expected);
  });

  it('exports back what was imported (ltp and logicx round trips through the command line)', async () => {
    expect((await run('export', join(dir, 'cafe.yaml'), '--to', 'ltp')).code).toBe(0);
    expect((await run('import', join(dir, 'cafe.ltp.yaml'), '-o', join(dir, 'again.yaml'))).code).toBe(0);
    const { import_context: _c, ...again } = openWorkingFile(readFileSync(join(dir, 'again.yaml'), 'utf8')).data as Record<string, unknown>;
    expect(again).toEqual(openWorkingFile(repairCafe()).data);
  });

  it('refuses an invalid file, and an existing output without --force', async () => {
    writeFileSync(join(dir, 'broken.yaml'), 'schema_version: 1\ntrees: {}\n');
    const invalid = await run('export', join(dir, 'broken.yaml'), '--to', 'html');
    expect(invalid.code).toBe(1);
    expect(invalid.err).toMatch(/is not valid .*nothing was written/);
    writeFileSync(join(dir, 'cafe.html'), 'mine');
    expect((await run('export', join(dir, 'cafe.yaml'), '--to', 'html')).code).toBe(1);
    expect(readFileSync(join(dir, 'cafe.html'), 'utf8')).toBe('mine');
    expect((await run('export', join(dir, 'cafe.yaml'), '--to', 'html', '--force')).code).toBe(0);
    expect(readFileSync(join(dir, 'cafe.html'), 'utf8')).toContain('<!doctype html>');
  });

  it('says which formats there are', async () => {
    const result = await run('export', join(dir, 'cafe.yaml'), '--to', 'pdf');
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/unknown format "pdf"; choose one of html, markdown, mermaid, ltp, logicx/);
  });
});
