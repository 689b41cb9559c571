// The arrangement every page on a file shares: kept in `.NAME/layout.json`, passed to every page
// in the order the changes came (the sender's own number back to it only), and never written
// over when it cannot be read.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture } from '../format/fixtures';
import { parseClientMessage, parseServerMessage, type ServerMessage } from '../protocol/workspace-protocol';
import { ArrangementSession } from './shared-arrangement';
import { WatchedFile } from './watched-file';

function workingFile(): { path: string; folder: string } {
  const folder = mkdtempSync(join(tmpdir(), 'causeway-arrangement-'));
  const path = join(folder, 'plan.yaml');
  writeFileSync(path, fixture('commented.yaml'));
  return { path, folder };
}

/** The arrangement kept beside the file once `done` says so (it is written a moment after the change), or as it is after 10 s. */
async function keptOnDisk(folder: string, done: (kept: { trees: Record<string, Record<string, unknown>> }) => boolean): Promise<{ trees: Record<string, Record<string, unknown>> }> {
  const path = join(folder, '.plan', 'layout.json');
  for (let waited = 0; ; waited += 20) {
    let kept: { trees: Record<string, Record<string, unknown>> } | undefined;
    try {
      kept = JSON.parse(readFileSync(path, 'utf8')) as { trees: Record<string, Record<string, unknown>> };
    } catch (error) {
      if (waited >= 10_000) throw error;
    }
    if (kept && (done(kept) || waited >= 10_000)) return kept;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the shared arrangement', () => {
  it('sends what is kept first, passes each change to every page in order, and writes it beside the file', async () => {
    const { path, folder } = workingFile();
    const file = new WatchedFile(path, folder);
    const heardA: ServerMessage[] = [];
    const heardB: ServerMessage[] = [];
    const a = new ArrangementSession((m) => heardA.push(m));
    const b = new ArrangementSession((m) => heardB.push(m));
    await a.attach(file);
    await b.attach(file);
    expect(heardA).toEqual([{ type: 'arrangement', trees: [] }]);

    await a.arrange({ type: 'arrange', request: 7, tree: 'goal', moves: [['g1', 10, 20], ['__proto__', 5, 5]], replace: true });
    await b.arrange({ type: 'arrange', request: 3, tree: 'goal', moves: [['g1', 30, 40]], replace: false });
    expect(heardA.slice(1)).toEqual([
      { type: 'arranged', tree: 'goal', moves: [['g1', 10, 20], ['__proto__', 5, 5]], replace: true, request: 7 },
      { type: 'arranged', tree: 'goal', moves: [['g1', 30, 40]], replace: false },
    ]);
    expect(heardB.slice(1)).toEqual([
      { type: 'arranged', tree: 'goal', moves: [['g1', 10, 20], ['__proto__', 5, 5]], replace: true },
      { type: 'arranged', tree: 'goal', moves: [['g1', 30, 40]], replace: false, request: 3 },
    ]);
    const kept = await keptOnDisk(folder, (on) => JSON.stringify(on.trees.goal?.g1) === '[30,40]');
    expect(kept.trees.goal).toEqual({ g1: [30, 40], ['__proto__']: [5, 5] });
    expect(readFileSync(path, 'utf8')).toBe(fixture('commented.yaml'));

    // A page that opens the file later is sent the arrangement as kept.
    const heardC: ServerMessage[] = [];
    await new ArrangementSession((m) => heardC.push(m)).attach(new WatchedFile(path, folder));
    expect(heardC[0]).toEqual({ type: 'arrangement', trees: [['goal', [['g1', 30, 40], ['__proto__', 5, 5]]]] });
  });

  it('keeps an unreadable arrangement aside instead of writing over it', async () => {
    const { path, folder } = workingFile();
    mkdirSync(join(folder, '.plan'));
    writeFileSync(join(folder, '.plan', 'layout.json'), '{ not json');
    const heard: ServerMessage[] = [];
    const session = new ArrangementSession((m) => heard.push(m));
    const errors: unknown[] = [];
    const log = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      await session.attach(new WatchedFile(path, folder));
      expect(heard[0]).toEqual({ type: 'arrangement', trees: [] });
      expect(String(errors[0])).toContain('layout.json cannot be used');
      await session.arrange({ type: 'arrange', request: 1, tree: 'goal', moves: [['g1', 1, 2]], replace: true });
      await keptOnDisk(folder, (on) => on.trees.goal !== undefined);
    } finally {
      console.error = log;
    }
    const names = readdirSync(join(folder, '.plan'));
    const aside = names.find((name) => name.startsWith('layout.json.unreadable-'));
    expect(aside).toBeDefined();
    expect(readFileSync(join(folder, '.plan', aside!), 'utf8')).toBe('{ not json');
    expect(JSON.parse(readFileSync(join(folder, '.plan', 'layout.json'), 'utf8')).trees.goal.g1).toEqual([1, 2]);
  });

  it('refuses a page with no file open', async () => {
    const session = new ArrangementSession(() => undefined);
    expect(await session.arrange({ type: 'arrange', request: 1, tree: 'goal', moves: [], replace: false })).toBe(false);
    expect(existsSync(join(tmpdir(), '.plan'))).toBe(false);
  });
});

describe('arrangement messages', () => {
  it('are checked at both ends', () => {
    expect(parseClientMessage(JSON.stringify({ type: 'arrange', request: 1, tree: 'goal', moves: [['g1', 1, 2]], replace: false })).ok).toBe(true);
    for (const bad of [
      { type: 'arrange', request: 1, tree: '../x', moves: [], replace: false },
      { type: 'arrange', request: 1, tree: 'goal', moves: [['g1', 1]], replace: false },
      { type: 'arrange', request: 1, tree: 'goal', moves: [['g1', 1, Number.MAX_VALUE]], replace: false },
      { type: 'arrange', request: 1, tree: 'goal', moves: [[7, 1, 2]], replace: false },
      { type: 'arrange', request: 1, tree: 'goal', moves: [], replace: false, path: '/etc' },
    ]) {
      expect(parseClientMessage(JSON.stringify(bad))).toMatchObject({ ok: false, reason: 'a malformed arrangement' });
    }
    expect(parseServerMessage(JSON.stringify({ type: 'arranged', tree: 'goal', moves: [['g1', 1, 2]], replace: true, request: 4 })).ok).toBe(true);
    expect(parseServerMessage(JSON.stringify({ type: 'arrangement', trees: [['goal', [['g1', 1, 2]]]] })).ok).toBe(true);
    expect(parseServerMessage(JSON.stringify({ type: 'arrangement', trees: { goal: [] } })).ok).toBe(false);
  });
});
