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
import { COLLAB_PATH, GROUP_DOCUMENT, type ServerMessage } from '../protocol/workspace-protocol';
import { closeAll, connect, secretFor, serve } from './test-server';

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

  it('lets the driver’s page type into the session through this server: its words and Bob’s, at one place, merge character by character; each sees the other’s presence', async () => {
    const { server, file } = await serve(SAMPLES.workshop, 'file', undefined, { address: { socket: hub.url, pages: `http://127.0.0.1:${hub.port}` }, secret: SECRET, documentName: `${DOC}-typing` });
    await server.group!.connect();
    const onDisk = async () => openWorkingFile(await readFile(file, 'utf8')).data as unknown as WorkingFile;
    const driver = await connect(server);
    await driver.next('welcome');
    driver.send({ type: 'invite', request: 1, invite: { role: 'participant', participant: 'bob' } });
    const answer = (await driver.next('invite-result')) as Extract<ServerMessage, { type: 'invite-result' }>;
    const bob = await CollabClient.start({ url: hub.url, documentName: `${DOC}-typing`, credential: new URL(answer.link!).hash.replace('#invite=', ''), WebSocket, reconnectDelayMs: 50 });
    clients.push(bob);
    // The driver's page joins on this server, with its own secret, under the name it always uses.
    const page = await CollabClient.start({ url: `ws://127.0.0.1:${server.port}${COLLAB_PATH}`, documentName: GROUP_DOCUMENT, credential: await secretFor(server), WebSocket, reconnectDelayMs: 50 });
    clients.push(page);
    await Promise.all([bob.whenConnected(), page.whenConnected()]);
    expect(page.identity).toMatchObject({ id: 'alice', role: 'driver' });

    // Presence crosses both ways: Bob sees the driver once, selecting and typing; the driver sees Bob.
    page.select(['n5']);
    page.editing('n5');
    bob.select(['n4']);
    const seen = await until(() => {
      const drivers = bob.presence().filter((p) => p.user.role === 'driver');
      return drivers.length === 1 && drivers[0]!.editing === 'n5' ? drivers[0] : undefined;
    }, 6000, 'the driver once on the hub, editing n5');
    expect(seen).toEqual({ user: { id: 'alice', name: 'Alice', colour: expect.any(String), role: 'driver' }, selection: ['n5'], editing: 'n5' });
    await until(() => page.presence().find((p) => p.user.id === 'bob' && p.selection.includes('n4')), 6000, 'bob on the driver’s page');
    expect(page.presence().filter((p) => p.user.role === 'driver')).toEqual([]);

    // Both type at the end of one statement at the same moment: each one's words stay whole.
    const before = (findItem(page.data as unknown as WorkingFile, 'n5') as { text: string }).text;
    expect(page.edit((f) => ops.updateNode(f, 'n5', { text: `${before} driver words` })).ok).toBe(true);
    expect(bob.edit((f) => ops.updateNode(f, 'n5', { text: `${before} bob words` })).ok).toBe(true);
    const merged = [`${before} driver words bob words`, `${before} bob words driver words`];
    const textOnDisk = async () => String(findItem(await onDisk(), 'n5')?.text);
    await until(async () => (merged.includes(await textOnDisk()) ? true : undefined), 6000, 'both people’s words in the file');
    const text = await textOnDisk();
    await until(() => (findItem(page.data as unknown as WorkingFile, 'n5')?.text === text && findItem(bob.data as unknown as WorkingFile, 'n5')?.text === text ? true : undefined), 6000, 'the same words on both pages');

    // Someone who is not the driver cannot come in this way: the session is on the hubs for them.
    const stranger = await CollabClient.start({ url: `ws://127.0.0.1:${server.port}${COLLAB_PATH}`, documentName: GROUP_DOCUMENT, credential: new URL(answer.link!).hash.replace('#invite=', ''), WebSocket, reconnectDelayMs: 50 });
    clients.push(stranger);
    await until(() => (stranger.status === 'refused' ? true : undefined), 4000, 'the invite refused here');
    expect(stranger.identity).toBeUndefined();
    // Nor can a page of another site: refused at the upgrade, before any secret is looked at.
    const refusedStatus = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`ws://127.0.0.1:${server.port}${COLLAB_PATH}`, { headers: { Origin: 'http://127.0.0.1:1' } });
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => resolve(101));
      socket.on('error', () => undefined);
    });
    expect(refusedStatus).toBe(403);
    // And what the driver and Bob wrote is all there, once.
    expect(findItem(await onDisk(), 'n5')!.text).toBe(text);
  }, 40_000);
});
