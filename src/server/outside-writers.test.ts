// The file on disk as other programs change it while the editor is open: a writer that pauses
// mid-file, and a change made while no editor was connected.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mergeWorkingTexts, openWorkingFile } from '../format';
import type { DiskState, ServerMessage } from '../protocol/workspace-protocol';
import { versionOf } from '../disk/disk-state';
import { closeAll, connect, pause, serve, type LiveClient } from './test-server';

const EXAMPLE = readFileSync(new URL('../../examples/repair-cafe.yaml', import.meta.url), 'utf8');

afterEach(closeAll);

/** `(head -n LINES new.yaml; sleep PAUSE; tail -n +LINES+1 new.yaml) > target`, as a shell runs it. */
function pausingWriter(source: string, target: string, lines: number, pauseSeconds: number): Promise<void> {
  const script = `(head -n ${lines} "$1"; sleep ${pauseSeconds}; tail -n +${lines + 1} "$1") > "$2"`;
  const child = spawn('sh', ['-c', script, 'sh', source, target], { stdio: 'ignore' });
  return new Promise((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the writer exited with ${code}`)))));
}

/** The next disk news whose text satisfies `test`. */
async function diskWhere(client: LiveClient, test: (disk: DiskState) => boolean, timeoutMs = 10_000): Promise<DiskState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = (await client.next('disk', Math.max(1, deadline - Date.now()))) as Extract<ServerMessage, { type: 'disk' }>;
    if (test(message.disk)) return message.disk;
  }
}

const G2 = 'Visitors get their bike looked at within an hour of arriving.';
const G2_MINE = 'Visitors get their bike looked at within half an hour of arriving.';

describe('a program that writes the file in pieces', () => {
  it('a shell redirect that pauses mid-file: its every byte is kept, and the edit made during the pause is merged after', async () => {
    const { server, folder, file } = await serve(EXAMPLE);
    const replacement = EXAMPLE.replace('Maya asks the bike shop to lend a repair stand.', 'Maya asks the bike shop to lend two repair stands.');
    const source = join(folder, 'new.yaml.src');
    writeFileSync(source, replacement);
    const page = await connect(server);
    await page.next('welcome');

    const writing = pausingWriter(source, file, 120, 2.5);
    // The first 120 lines arrive; the person types in a node that is still there.
    const prefix = await diskWhere(page, (disk) => disk.text !== null && disk.text.split('\n').length > 100);
    expect(prefix.text!.length).toBeLessThan(replacement.length / 2);
    const mine = prefix.text!.replace(G2, G2_MINE);
    page.send({ type: 'write', request: 1, baseVersion: prefix.version, text: mine });
    const answer = await page.next('write-result');
    expect(answer).not.toMatchObject({ outcome: 'written' });

    await writing;
    // The writer's last bytes win: the file is exactly what it wrote.
    expect(readFileSync(file, 'utf8')).toBe(replacement);
    const full = answer.type === 'write-result' && answer.outcome === 'stale' && answer.disk.text === replacement ? answer.disk : await diskWhere(page, (disk) => disk.text === replacement);

    // The page merges its edit into what the writer finished, and that is written.
    const merged = mergeWorkingTexts(prefix.text!, openWorkingFile(mine).data!, full.text!);
    expect(merged.conflicts).toEqual([]);
    page.send({ type: 'write', request: 2, baseVersion: full.version, text: merged.text! });
    expect(await page.next('write-result', 10_000)).toMatchObject({ outcome: 'written' });
    expect(readFileSync(file, 'utf8')).toBe(replacement.replace(G2, G2_MINE));
  }, 30_000);

  it('a change that keeps every tree is not written over until it has been still for a moment', async () => {
    const longer = `${EXAMPLE}      - ref: t5\n        work: connect_or_explain\n      - ref: t6\n        work: test_causality\n`;
    const { server, folder, file } = await serve(longer);
    const replacement = longer.replace('Tom writes a one-page guide', 'Tom writes a two-page guide');
    const source = join(folder, 'new.yaml.src');
    writeFileSync(source, replacement);
    const page = await connect(server);
    await page.next('welcome');

    const lines = replacement.split('\n').length - 3; // everything but the last backlog entry: still a valid file
    const writing = pausingWriter(source, file, lines, 0.8);
    const prefix = await diskWhere(page, (disk) => disk.text !== null && disk.text.includes('two-page guide'));
    expect(openWorkingFile(prefix.text!).valid).toBe(true);
    page.send({ type: 'write', request: 1, baseVersion: prefix.version, text: prefix.text!.replace(G2, G2_MINE) });
    expect(await page.next('write-result', 10_000)).toMatchObject({ outcome: 'stale', disk: { text: replacement } });
    await writing;
    expect(readFileSync(file, 'utf8')).toBe(replacement);
  }, 30_000);
});

describe('an editor that connects', () => {
  it('always gets what is on disk now, even when the file changed while no editor was connected', async () => {
    const { server, file } = await serve(EXAMPLE);
    const first = await connect(server);
    expect(await first.next('welcome')).toMatchObject({ disk: { text: EXAMPLE } });
    first.socket.close();
    await first.closed;
    await pause(300); // the server has stopped watching: nobody is connected

    const changed = EXAMPLE.replace(G2, 'Changed by the assistant while the tab was closed.');
    writeFileSync(file, changed);
    await pause(1500);
    const again = await connect(server);
    expect(await again.next('welcome')).toMatchObject({ disk: { text: changed, version: versionOf(changed) } });
  });
});
