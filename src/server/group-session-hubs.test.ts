// `causeway open FILE --hub`: the session runs on hubs linked by Redis, and this process is the
// file's one writer there. When another program changes a statement a participant is typing in,
// the conflict reaches the driver's page on this server, the participant on the hub reads that the
// file waits, nothing reaches the file meanwhile, and the driver's choice is written with
// everything done since.
import type { ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as ops from '../format';
import { openWorkingFile, type WorkingFile } from '../format';
import { SAMPLES } from '../format/fixtures';
import { CollabClient } from '../collab/client';
import { findItem, until } from '../collab/testing';
import { REDIS_SERVER, startRedis } from '../collab/local-redis';
import { startHub, type RunningCollabServer } from '../collab/server';
import type { ServerMessage } from '../protocol/workspace-protocol';
import { closeAll, connect, serve } from './test-server';

const SECRET = 'hub-secret-for-the-group-tests-0123456789-abcdef';
const DOC = 'plan-with-conflicts';

type GroupMessage = Extract<ServerMessage, { type: 'group' }>;

describe.skipIf(!REDIS_SERVER)('a group session on hubs, and another program writing the file', () => {
  let redis: { port: number; process: ChildProcess };
  let hub: RunningCollabServer;
  const clients: CollabClient[] = [];

  beforeAll(async () => {
    redis = await startRedis(tmpdir());
    hub = await startHub({ redis: `redis://127.0.0.1:${redis.port}`, host: '127.0.0.1', port: 0, secret: SECRET });
  }, 30_000);

  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close().catch(() => undefined);
    await closeAll();
  });

  afterAll(async () => {
    await hub?.close().catch(() => undefined);
    redis?.process.kill();
  });

  it('tells the driver (again after its page reconnects), holds the file until the driver settles, then writes the choice and what was done meanwhile', async () => {
    const { server, file } = await serve(SAMPLES.workshop, 'file', undefined, { address: { socket: hub.url, pages: `http://127.0.0.1:${hub.port}` }, secret: SECRET, documentName: DOC });
    await server.group!.connect();
    const onDisk = async () => openWorkingFile(await readFile(file, 'utf8')).data as unknown as WorkingFile;
    const driver = await connect(server);
    await driver.next('welcome');
    const nextGroup = async (wanted: (message: GroupMessage) => boolean, what: string) =>
      (await until(async () => {
        const message = (await driver.next('group')) as GroupMessage;
        return wanted(message) ? message : undefined;
      }, 6000, what))!;

    // Bob comes in on the hub with the link the driver made.
    driver.send({ type: 'invite', request: 1, invite: { role: 'participant', participant: 'bob' } });
    const answer = (await driver.next('invite-result')) as Extract<ServerMessage, { type: 'invite-result' }>;
    expect(answer.ok).toBe(true);
    const token = new URL(answer.link!).hash.replace('#invite=', '');
    const bob = await CollabClient.start({ url: hub.url, documentName: DOC, credential: token, WebSocket, reconnectDelayMs: 50 });
    clients.push(bob);
    await bob.whenConnected();

    expect(bob.edit((f) => ops.addNode(f, 'current_reality', { kind: 'cause', text: 'Approvers are overloaded.', id: 'n40' })).ok).toBe(true);
    await until(async () => findItem(await onDisk(), 'n40'), 6000, 'bob’s node on disk');
    const before = await readFile(file, 'utf8');

    // Bob changes the statement; before the session writes it, a text editor saves its own ending.
    expect(bob.edit((f) => ops.updateNode(f, 'n40', { text: 'Most approvers are overloaded.' })).ok).toBe(true);
    await writeFile(file, before.replace('Approvers are overloaded.', 'Approvers are overloaded on Fridays.'));

    const [conflict] = (await nextGroup((message) => message.conflicts.length > 0, 'the driver told of the conflict')).conflicts;
    expect(conflict).toMatchObject({ item: 'n40', field: 'text', mine: { value: 'Most approvers are overloaded.' }, theirs: { value: 'Approvers are overloaded on Fridays.' } });
    // Bob's page, on the hub, reads that the file waits for the driver.
    await until(() => (bob.conflicts.some((c) => c.id === conflict!.id) ? true : undefined), 6000, 'the conflict on bob’s page');

    // The driver's page drops its connection and comes back: it is told of the waiting conflict at once.
    driver.socket.terminate();
    const back = await connect(server);
    await back.next('welcome');
    const told = (await until(async () => {
      const message = (await back.next('group')) as GroupMessage;
      return message.conflicts.some((c) => c.id === conflict!.id) ? message : undefined;
    }, 6000, 'the conflict told again'))!;
    expect(told.conflicts).toHaveLength(1);

    // Meanwhile Bob keeps working: nothing reaches the file, and nothing is lost.
    expect(bob.edit((f) => ops.addNode(f, 'current_reality', { kind: 'cause', text: 'Nobody covers for them.', id: 'n41' })).ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(findItem(await onDisk(), 'n41')).toBeUndefined();
    expect(findItem(await onDisk(), 'n40')?.text).toBe('Approvers are overloaded on Fridays.');

    // The driver takes the file's wording: the file keeps it and gets Bob's later node.
    back.send({ type: 'settle-group', conflict: conflict!.id, side: 'theirs' });
    await until(async () => {
      const now = await onDisk();
      return findItem(now, 'n40')?.text === 'Approvers are overloaded on Fridays.' && findItem(now, 'n41') ? true : undefined;
    }, 6000, 'the settled file with bob’s later node');
    await until(async () => (((await back.next('group')) as GroupMessage).conflicts.length === 0 ? true : undefined), 6000, 'the driver told it is settled');
    await until(() => (bob.conflicts.length === 0 && findItem(bob.data as unknown as WorkingFile, 'n40')?.text === 'Approvers are overloaded on Fridays.' ? true : undefined), 6000, 'bob’s page settled');
  }, 40_000);
});
