// The real command, run as a user runs it (`node bin/causeway.js …`), on temporary files.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIXTURES, fixture, fixtureNames } from '../format/fixtures';
import { MAX_FILE_BYTES } from '../format';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const folder = mkdtempSync(join(tmpdir(), 'causeway-cli-'));
const file = (name: string, content: string) => {
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
};

function causeway(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['bin/causeway.js', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const lines = (text: string) => text.split('\n').filter((line) => line !== '');
const DIAGNOSTIC_LINE = /^(.+):(\d+):(\d+): (error|warning) ([a-z0-9]+(?:-[a-z0-9]+)*) (\S.*)$/;

const valid = file('valid.yaml', fixture('two-trees.yaml'));
const invalid = file('invalid.yaml', fixture('seed-example.yaml').replace('to: n1', 'to: [n1]').replace('kind: cause', 'kind: goal'));
const warned = file('warned.yaml', fixture('seed-example.yaml').replace('work: test_causality', "work: ' '"));

describe('causeway (the command line)', () => {
  it('prints its help with --help and exits 0', () => {
    const run = causeway('--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Usage: causeway <command>/);
    expect(run.stdout).toMatch(/^ {2}validate +check working files/m);
  });

  it('is a usage error (status 2, help on stderr) without a command or with an unknown one', () => {
    for (const args of [[], ['frobnicate'], ['help', 'frobnicate']]) {
      const run = causeway(...args);
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain('Usage: causeway <command>');
    }
  });

  it('prints the help of validate with validate --help and help validate', () => {
    for (const args of [['validate', '--help'], ['help', 'validate']]) {
      const run = causeway(...args);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/^Usage: causeway validate FILE\.\.\. \[--json\]/);
      expect(run.stdout).toContain('Exit status: 0 when every file is valid');
    }
  });

  it('validate: usage errors exit 2 with the reason on stderr', () => {
    const none = causeway('validate');
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('name at least one file');
    const unknown = causeway('validate', '--strict', valid);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown option --strict');
    expect(unknown.stdout).toBe('');
  });

  it('validate: a valid file exits 0 with only the summary', () => {
    const run = causeway('validate', valid);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('1 file checked: valid; 0 errors, 0 warnings.\n');
    expect(run.stderr).toBe('');
  });

  it('validate: warnings alone still exit 0', () => {
    const run = causeway('validate', warned);
    expect(run.status).toBe(0);
    expect(lines(run.stdout)).toEqual([`${warned}:35:15: warning whitespace-work The work of backlog entry 2 of the current_reality tree is only spaces; name the remaining work.`, '1 file checked: valid; 0 errors, 1 warning.']);
  });

  it('validate: FILE:LINE:COLUMN: severity CODE message lines, then one summary line; exit 1', () => {
    const missing = join(folder, 'missing.yaml');
    const run = causeway('validate', valid, invalid, missing, warned);
    expect(run.status).toBe(1);
    const out = lines(run.stdout);
    const summary = out.pop();
    expect(summary).toBe('4 files checked: 2 invalid; 3 errors, 1 warning.');
    for (const line of out) expect(line).toMatch(DIAGNOSTIC_LINE);
    expect(out).toEqual([
      `${invalid}:18:15: error invalid-kind Node n2 has kind goal, which the current_reality tree does not allow; expected one of undesirable_effect, cause, observation.`,
      `${invalid}:26:9: error wrong-type to of link l1 is a list; a link has exactly one target node (use several links for several targets).`,
      `${missing}:1:1: error unreadable-file Cannot read ${missing}: no such file.`,
      `${warned}:35:15: warning whitespace-work The work of backlog entry 2 of the current_reality tree is only spaces; name the remaining work.`,
    ]);
  });

  it('validate --json: exactly one JSON object per file per line', () => {
    const run = causeway('validate', '--json', valid, invalid, join(folder, 'missing.yaml'));
    expect(run.status).toBe(1);
    const out = lines(run.stdout);
    expect(out).toHaveLength(3);
    const reports = out.map((line) => JSON.parse(line));
    expect(reports.map((r) => [r.file, r.valid, r.diagnostics.length])).toEqual([
      [valid, true, 0],
      [invalid, false, 2],
      [join(folder, 'missing.yaml'), false, 1],
    ]);
    for (const report of reports) {
      expect(Object.keys(report)).toEqual(['file', 'valid', 'diagnostics']);
      for (const d of report.diagnostics) expect(Object.keys(d)).toEqual(['severity', 'code', 'message', 'path', 'line', 'column']);
    }
    expect(reports[1].diagnostics[1]).toMatchObject({ code: 'wrong-type', path: 'trees.current_reality.links[0].to', line: 26, column: 9 });
  });

  it('validate: a folder and a file just over the size limit are invalid, not crashes', () => {
    const big = file('big.yaml', `# ${'x'.repeat(MAX_FILE_BYTES - 2)}\n`);
    const run = causeway('validate', folder, big);
    expect(run.status).toBe(1);
    const out = lines(run.stdout);
    expect(out[0]).toBe(`${folder}:1:1: error unreadable-file ${folder} is a folder, not a working file.`);
    expect(out[1]).toMatch(new RegExp(`^${big.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:1:1: error file-too-large The file is 20,971,521 bytes`));
  });

  it('runs through npm as documented: npm run --silent cli -- validate FILE --json', () => {
    const run = spawnSync('npm', ['run', '--silent', 'cli', '--', 'validate', valid, '--json'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`${JSON.stringify({ file: valid, valid: true, diagnostics: [] })}\n`);
  });

  it('gives the verdict each conformance case states, in one run over the whole corpus', () => {
    const names = fixtureNames('conformance');
    const paths = names.map((name) => join(FIXTURES, 'conformance', name));
    const run = causeway('validate', '--json', ...paths);
    expect(run.status).toBe(1);
    const reports = lines(run.stdout).map((line) => JSON.parse(line));
    expect(reports).toHaveLength(names.length);
    reports.forEach((report, i) => {
      const verdict = /# expect: (valid|invalid)/.exec(readFileSync(paths[i], 'utf8'))![1];
      expect({ file: names[i], verdict: report.valid ? 'valid' : 'invalid' }).toEqual({ file: names[i], verdict });
    });
  });
});
