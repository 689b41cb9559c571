import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture } from '../format/fixtures';
import { UsageError } from './args';
import type { CommandIO } from './io';
import { validateCommand } from './validate-command';

const folder = mkdtempSync(join(tmpdir(), 'causeway-validate-'));
const file = (name: string, content: string) => {
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
};

async function run(argv: string[]): Promise<{ status: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIO = { out: (line) => out.push(line), err: (line) => err.push(line) };
  const status = await validateCommand(argv, io);
  return { status, out, err };
}

const valid = file('valid.yaml', fixture('seed-example.yaml'));
const invalid = file('invalid.yaml', fixture('seed-example.yaml').replace('to: n1', 'to: n9').replace('driver: alice', 'driver: zed'));
const warned = file('warned.yaml', fixture('seed-example.yaml').replace('relation: contributes_to', "relation: '  '"));

describe('causeway validate, in process', () => {
  it('prints one clickable line per diagnostic and a summary', async () => {
    const { status, out, err } = await run([invalid]);
    expect(status).toBe(1);
    expect(err).toEqual([]);
    expect(out).toEqual([
      `${invalid}:3:9: error unknown-participant The driver is zed, who is not a participant; name a configured participant.`,
      `${invalid}:26:13: error link-end-unknown The target of link l1 is n9, but no node has that id.`,
      '1 file checked: 1 invalid; 2 errors, 0 warnings.',
    ]);
  });

  it('counts warnings without failing', async () => {
    const { status, out } = await run([valid, warned]);
    expect(status).toBe(0);
    expect(out).toEqual([
      `${warned}:27:19: warning whitespace-relation The relation of link l1 is only spaces; name it (for example causes or necessary_for).`,
      '2 files checked: all valid; 0 errors, 1 warning.',
    ]);
  });

  it('prints exactly one JSON object per file with --json, and no summary', async () => {
    const { status, out } = await run(['--json', valid, invalid]);
    expect(status).toBe(1);
    expect(out).toHaveLength(2);
    const [first, second] = out.map((line) => JSON.parse(line));
    expect(first).toEqual({ file: valid, valid: true, diagnostics: [] });
    expect(second.file).toBe(invalid);
    expect(second.valid).toBe(false);
    expect(second.diagnostics[1]).toEqual({
      severity: 'error',
      code: 'link-end-unknown',
      message: 'The target of link l1 is n9, but no node has that id.',
      path: 'trees.current_reality.links[0].to',
      line: 26,
      column: 13,
    });
    for (const d of second.diagnostics) expect(Object.keys(d)).toEqual(['severity', 'code', 'message', 'path', 'line', 'column']);
  });

  it('reports an unreadable file as invalid and goes on with the others', async () => {
    const missing = join(folder, 'nope.yaml');
    const { status, out } = await run([missing, valid]);
    expect(status).toBe(1);
    expect(out[0]).toBe(`${missing}:1:1: error unreadable-file Cannot read ${missing}: no such file.`);
    expect(out.at(-1)).toBe('2 files checked: 1 invalid; 1 error, 0 warnings.');
  });

  it('is a usage error with no file, and with an unknown option', async () => {
    const none = await run([]);
    expect(none.status).toBe(2);
    expect(none.out).toEqual([]);
    expect(none.err.join('\n')).toContain('Usage: causeway validate');
    await expect(run(['--strict', valid])).rejects.toThrow(UsageError);
  });

  it('prints its help with --help and -h', async () => {
    for (const flag of ['--help', '-h']) {
      const { status, out } = await run([flag]);
      expect(status).toBe(0);
      expect(out.join('\n')).toMatch(/^Usage: causeway validate FILE\.\.\. \[--json\]/);
    }
  });

  it('escapes NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR in --json, so line-based readers keep one object per line', async () => {
    const odd = '\u0085\u2028\u2029';
    const path = file(`odd${odd}.yaml`, fixture('seed-example.yaml').replace('to: n1', `to: "n${odd}"`));
    const { out } = await run(['--json', path]);
    expect(out).toHaveLength(1);
    expect(out[0]).not.toMatch(/[\u0085\u2028\u2029]/);
    expect(out[0]).toContain('\\u2028');
    const report = JSON.parse(out[0]!) as { file: string; diagnostics: { message: string; path: string }[] };
    expect(report.file).toBe(path);
    // Messages quote the file's text on one line, its odd characters written as escapes.
    expect(report.diagnostics.map((d) => d.message)).toContain('The target of link l1 is n\\u0085\\u2028\\u2029, but no node has that id.');
  });
});
