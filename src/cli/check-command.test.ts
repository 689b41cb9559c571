import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkCommand } from './check-command';
import type { CommandIO } from './io';
import { main } from './main';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const EXAMPLE = readFileSync(join(ROOT, 'examples/repair-cafe.yaml'), 'utf8');
const folder = mkdtempSync(join(tmpdir(), 'causeway-check-'));
const file = (name: string, content: string) => {
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
};

async function run(argv: string[], command = checkCommand): Promise<{ status: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIO = { out: (line) => out.push(line), err: (line) => err.push(line) };
  const status = await command(argv, io);
  return { status, out, err };
}

const NOTE_LINE = /^(.+):(\d+):(\d+): note ([a-z]+(?:-[a-z]+)*) (\S.*)$/;
const example = file('repair-cafe.yaml', EXAMPLE);
const dismissed = file(
  'dismissed.yaml',
  `${EXAMPLE}causeway_dismissed_checks:\n  - {check: sole-cause, ref: rl4, by: tom}\n  - {check: effect-meets-no-need, ref: t6, by: maya}\n`,
);

describe('causeway check', () => {
  it('prints one note per finding as FILE:LINE:COLUMN: note CODE message, in file order, and exits 0', async () => {
    const { status, out, err } = await run([example]);
    expect(status).toBe(0);
    expect(err).toEqual([]);
    const notes = out.slice(0, -1);
    expect(notes).toHaveLength(10);
    for (const line of notes) expect(line).toMatch(NOTE_LINE);
    const lines = notes.map((line) => Number(NOTE_LINE.exec(line)![2]));
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
    expect(notes[1]).toBe(
      `${example}:175:9: note sole-cause r3 "Only two volunteers can true a wheel or adjust gears." is the only cause given for r5 "The experienced volunteers do every hard repair themselves." (link rl4). Is it enough on its own, or must something else hold too?`,
    );
    // Line 175 is where link rl4 starts.
    expect(EXAMPLE.split('\n')[174]).toBe('      - id: rl4');
    expect(out.at(-1)).toBe('1 file checked: 10 notes.');
  });

  it('leaves out what the group dismissed in the file, and lists it with --dismissed', async () => {
    const plain = await run([dismissed]);
    expect(plain.status).toBe(0);
    expect(plain.out.some((line) => line.includes(' sole-cause r3 '))).toBe(false);
    expect(plain.out.at(-1)).toBe('1 file checked: 8 notes; 2 dismissed (not shown; --dismissed lists them).');
    const all = await run([dismissed, '--dismissed']);
    expect(all.out.filter((line) => line.includes('(dismissed'))).toEqual([
      expect.stringMatching(/:175:9: note sole-cause \(dismissed by tom\) r3 "Only two/),
      expect.stringMatching(/:464:9: note effect-meets-no-need \(dismissed by maya\) Expected effect t6/),
    ]);
    expect(all.out.at(-1)).toBe('1 file checked: 8 notes; 2 dismissed.');
  });

  it('prints one JSON object per file with --json, carrying the suggested backlog work', async () => {
    const { status, out } = await run(['--json', example, dismissed]);
    expect(status).toBe(0);
    expect(out).toHaveLength(2);
    const [first, second] = out.map((line) => JSON.parse(line));
    expect(first.file).toBe(example);
    expect(first.valid).toBe(true);
    expect(first.findings).toHaveLength(10);
    expect(first.findings[1]).toEqual({
      severity: 'note',
      code: 'sole-cause',
      message: expect.stringContaining('is the only cause given for r5'),
      path: 'trees.current_reality.links[3]',
      line: 175,
      column: 9,
      tree: 'current_reality',
      ref: 'rl4',
      work: 'test_causality',
      inBacklog: false,
    });
    expect(second.dismissed.map((d: { ref: string }) => d.ref)).toEqual(['rl4', 't6']);
  });

  it('says which notes the backlog already holds, in text and in --json, and lists only the others with --new', async () => {
    // The case of the issue: a working file whose backlog already queues the work of some findings.
    const known = join(ROOT, 'src/reasoning/cases/known-work.yaml');
    const plain = await run([known]);
    expect(plain.status).toBe(0);
    const notes = plain.out.slice(0, -1).map((line) => line.slice(known.length + 1));
    expect(notes).toEqual([
      expect.stringMatching(/^\d+:9: note link-without-assumption No assumption is written in the Goal Tree yet, and 3 accepted links state none\. Accepted link gl3 /),
      expect.stringMatching(/^\d+:9: note effect-without-cause Undesirable effect r5 /),
      expect.stringMatching(/^\d+:9: note sole-cause \(in backlog\) r2 "Nobody outside uses any app we have built\." is the only thing linked as contributing to r1 /),
      expect.stringMatching(/^\d+:9: note idle-injection Injection f2 "We write a newsletter\." /),
      expect.stringMatching(/^\d+:9: note sole-cause \(in backlog\) f1 /),
      expect.stringMatching(/^\d+:9: note unovercome-obstacle \(in backlog\) Obstacle p4 /),
      expect.stringMatching(/^\d+:9: note unovercome-obstacle Obstacle p7 /),
      expect.stringMatching(/^\d+:9: note sole-cause \(in backlog\) t2 /),
    ]);
    expect(plain.out.at(-1)).toBe('1 file checked: 8 notes, 4 of them in backlog.');

    const fresh = await run([known, '--new']);
    expect(fresh.out.slice(0, -1).map((line) => NOTE_LINE.exec(line)![4] + ' ' + NOTE_LINE.exec(line)![5].split(' ')[0])).toEqual([
      'link-without-assumption No',
      'effect-without-cause Undesirable',
      'idle-injection Injection',
      'unovercome-obstacle Obstacle',
    ]);
    expect(fresh.out.join('\n')).not.toContain('(in backlog)');
    expect(fresh.out.at(-1)).toBe('1 file checked: 4 new notes; 4 in backlog (not shown; without --new they are listed).');

    const json = JSON.parse((await run([known, '--json'])).out[0]);
    expect(json.findings.map((f: { ref: string; inBacklog: boolean }) => `${f.ref} ${f.inBacklog}`)).toEqual([
      'gl3 false',
      'r5 false',
      'rl1 true',
      'f2 false',
      'fl1 true',
      'p4 true',
      'p7 false',
      'tl2 true',
    ]);
    expect(json.findings[2].message).toMatch(/^r2 "Nobody outside/);
    const jsonNew = JSON.parse((await run([known, '--json', '--new'])).out[0]);
    expect(jsonNew.findings.map((f: { ref: string }) => f.ref)).toEqual(['gl3', 'r5', 'f2', 'p7']);
  });

  it('marks a finding in backlog exactly as the editor does: once its work is added, it is no longer new', async () => {
    const added = file('added.yaml', EXAMPLE.replace(/(  current_reality:[\s\S]*?    backlog:\n)/, '$1      - {ref: rl4, work: test_causality}\n'));
    const { out } = await run([added, '--new']);
    expect(out.some((line) => line.includes(' sole-cause '))).toBe(true);
    expect(out.some((line) => line.includes('rl4'))).toBe(false);
    expect(out.at(-1)).toBe('1 file checked: 9 new notes; 1 in backlog (not shown; without --new they are listed).');
  });

  it('still gives notes on a file with format errors, and says to validate it', async () => {
    const broken = file('broken.yaml', EXAMPLE.replace('driver: maya', 'driver: zed'));
    const { status, out } = await run([broken]);
    expect(status).toBe(0);
    expect(out.at(-1)).toBe('1 file checked: 10 notes; the file has format errors (run causeway validate).');
  });

  it('exits 1 naming the place when a file cannot be read or opened', async () => {
    const syntax = file('syntax.yaml', 'schema_version: 1\ntrees: [unclosed\n');
    const version = file('v2.yaml', EXAMPLE.replace('schema_version: 1', 'schema_version: 2'));
    const { status, out } = await run([syntax, version, join(folder, 'missing.yaml'), example]);
    expect(status).toBe(1);
    expect(out[0]).toMatch(new RegExp(`^${syntax}:\\d+:\\d+: error \\S+ `));
    expect(out[1]).toMatch(new RegExp(`^${version}:3:17: error unsupported-version schema_version is 2`));
    expect(out[2]).toBe(`${join(folder, 'missing.yaml')}:1:1: error unreadable-file Cannot read ${join(folder, 'missing.yaml')}: no such file.`);
    expect(out.at(-1)).toBe('4 files checked: 10 notes; 3 could not be read.');
  });

  it('is a usage error without a file or with an unknown option', async () => {
    expect((await run([])).status).toBe(2);
    const unknown = await run(['check', example, '--fix'], main);
    expect(unknown.status).toBe(2);
    expect(unknown.err.join('\n')).toContain('causeway check: unknown option --fix');
  });

  it('is listed in the main help and has its own', async () => {
    expect((await run(['--help'], main)).out.join('\n')).toMatch(/^ {2}check +point out where the reasoning is thin/m);
    expect((await run(['help', 'check'], main)).out.join('\n')).toMatch(/^Usage: causeway check FILE\.\.\. \[--json\] \[--dismissed\] \[--new\]/);
  });

  it('runs as the real command', () => {
    const result = spawnSync(process.execPath, ['bin/causeway.js', 'check', 'examples/repair-cafe.yaml'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(result.status).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^examples\/repair-cafe\.yaml:149:9: note link-without-assumption Accepted link rl1 /);
  });
});
