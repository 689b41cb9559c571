// The workspace server relays the turn log that `causeway mcp` writes beside the file, so every
// open editor can tell the assistant's writes from other changes on disk.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture } from '../format/fixtures';
import { encodeTurnRecord, type TurnRecord } from '../protocol/turn-record';
import type { ServerMessage } from '../protocol/workspace-protocol';
import { closeAll, connect, serve, type LiveClient } from './test-server';

afterEach(closeAll);

function record(seq: number): TurnRecord {
  return { v: 1, turn: 't-1', seq, at: '2025-01-01T00:00:00.000Z', actor: { kind: 'assistant', client: 'claude' }, fingerprint: `f${seq}`, changes: [{ subject: 'node', key: `n${seq}`, id: `n${seq}`, tree: 'current_reality', change: 'added', after: { id: `n${seq}` }, index: 0 }] };
}

/** The next `turns` message that satisfies `where`, skipping earlier ones. */
async function turnsWhere(page: LiveClient, where: (m: Extract<ServerMessage, { type: 'turns' }>) => boolean): Promise<Extract<ServerMessage, { type: 'turns' }>> {
  for (;;) {
    const message = (await page.next('turns')) as Extract<ServerMessage, { type: 'turns' }>;
    if (where(message)) return message;
  }
}

describe('the turn log', () => {
  it('is sent after the welcome and again whenever it grows, skipping lines that are not records', async () => {
    let log = '';
    const { server } = await serve(fixture('seed-example.yaml'), 'file', (folder) => {
      log = join(folder, '.work', 'turns', 'log.jsonl');
      mkdirSync(join(folder, '.work', 'turns'), { recursive: true });
      writeFileSync(log, `${encodeTurnRecord(record(1))}\nnot a record\n{"v":1,"turn":"<script>","seq":-1}\n`);
    });
    const page = await connect(server);
    await page.next('welcome');
    const first = await turnsWhere(page, (m) => m.turns.length > 0);
    expect(first).toMatchObject({ type: 'turns', turns: [record(1)] });
    appendFileSync(log, `${encodeTurnRecord(record(2))}\n`);
    const second = await turnsWhere(page, (m) => m.turns.length === 2);
    expect(second).toMatchObject({ turns: [record(1), record(2)] });
  });

  it('tells a page whether a change on disk came from outside', async () => {
    const text = fixture('seed-example.yaml');
    const { server, file } = await serve(text);
    const page = await connect(server);
    await page.next('welcome');
    writeFileSync(file, text.replace('three days', 'four days'));
    expect(await page.next('disk')).toMatchObject({ cause: 'outside', disk: { text: expect.stringContaining('four days') } });
  });
});
