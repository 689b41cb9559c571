// The workspace server relays the turn log that `causeway mcp` writes beside the file, so every
// open editor can tell the assistant's writes from other changes on disk.
import { appendFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { fixture } from '../format/fixtures';
import { encodeTurnRecord, type TurnRecord } from '../protocol/turn-record';
import { parseServerMessage, type ServerMessage } from '../protocol/workspace-protocol';
import { fileWorkspace } from './workspace';
import { startWorkspaceServer, type RunningWorkspaceServer } from './workspace-server';

const SECRET = 'test-secret-turns-0123456789';
const webRoot = mkdtempSync(join(tmpdir(), 'causeway-web-'));
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><html><head></head><body></body></html>');

let server: RunningWorkspaceServer | undefined;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await server?.close();
});

function record(seq: number): TurnRecord {
  return { v: 1, turn: 't-1', seq, at: '2025-01-01T00:00:00.000Z', actor: { kind: 'assistant', client: 'claude' }, fingerprint: `f${seq}`, changes: [{ subject: 'node', key: `n${seq}`, id: `n${seq}`, tree: 'current_reality', change: 'added', after: { id: `n${seq}` }, index: 0 }] };
}

function listen(port: number): Promise<{ next(type: ServerMessage['type'], where?: (m: ServerMessage) => boolean): Promise<ServerMessage> }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/live`, { headers: { Cookie: `causeway-${port}=${SECRET}` } });
    sockets.push(socket);
    const received: ServerMessage[] = [];
    const waiting: { type: string; where: (m: ServerMessage) => boolean; resolve(m: ServerMessage): void }[] = [];
    socket.on('message', (data) => {
      const parsed = parseServerMessage(data.toString());
      if (!parsed.ok) return;
      const i = waiting.findIndex((w) => w.type === parsed.message.type && w.where(parsed.message));
      if (i >= 0) waiting.splice(i, 1)[0]!.resolve(parsed.message);
      else received.push(parsed.message);
    });
    socket.on('open', () =>
      resolve({
        next: (type, where = () => true) => {
          const i = received.findIndex((m) => m.type === type && where(m));
          if (i >= 0) return Promise.resolve(received.splice(i, 1)[0]!);
          return new Promise((res) => waiting.push({ type, where, resolve: res }));
        },
      }),
    );
    socket.on('error', reject);
  });
}

describe('the turn log', () => {
  it('is sent after the welcome and again whenever it grows, skipping lines that are not records', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'causeway-turns-'));
    const file = join(folder, 'work.yaml');
    writeFileSync(file, fixture('seed-example.yaml'));
    const log = join(folder, '.work', 'turns', 'log.jsonl');
    mkdirSync(join(folder, '.work', 'turns'), { recursive: true });
    writeFileSync(log, `${encodeTurnRecord(record(1))}\nnot a record\n{"v":1,"turn":"<script>","seq":-1}\n`);
    server = await startWorkspaceServer({ workspace: fileWorkspace(file), webRoot, host: '127.0.0.1', port: 0, secret: SECRET });
    const page = await listen(server.port);
    await page.next('welcome');
    const first = await page.next('turns', (m) => m.type === 'turns' && m.turns.length > 0);
    expect(first).toMatchObject({ type: 'turns', turns: [record(1)] });
    appendFileSync(log, `${encodeTurnRecord(record(2))}\n`);
    const second = await page.next('turns', (m) => m.type === 'turns' && m.turns.length === 2);
    expect(second).toMatchObject({ turns: [record(1), record(2)] });
  });

  it('tells a page whether a change on disk came from outside', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'causeway-turns-'));
    const file = join(folder, 'work.yaml');
    const text = fixture('seed-example.yaml');
    writeFileSync(file, text);
    server = await startWorkspaceServer({ workspace: fileWorkspace(file), webRoot, host: '127.0.0.1', port: 0, secret: SECRET });
    const page = await listen(server.port);
    await page.next('welcome');
    writeFileSync(file, text.replace('three days', 'four days'));
    expect(await page.next('disk')).toMatchObject({ cause: 'outside', disk: { text: expect.stringContaining('four days') } });
  });
});
