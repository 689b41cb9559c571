// Scale-out over a real redis-server started on a free 127.0.0.1 port: two hubs linked by
// Redis, the file's process connected to one of them as the writer, people on both. An edit
// crosses from one hub to the other and reaches the file; one hub stops, its people reconnect
// (through the load balancer) to the other and lose nothing; a forged invite gets nowhere.
import type { ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ops from '../../format';
import { openWorkingFile, type Json, type WorkingFile } from '../../format';
import { writeFileToDoc } from '../write-doc';
import { SAMPLES } from '../../format/fixtures';
import { CollabClient } from '../client';
import { findItem, sleep, tempFile, until } from '../testing';
import WebSocket from 'ws';
import { connectFileToHub, type HubWriter } from './hub-writer';
import { parseRedisUrl, startHub } from './hub';
import { signInvite } from './invites';
import { REDIS_SERVER, freePort, startRedis } from '../local-redis';
import type { RunningCollabServer } from './collab-server';

const SECRET = 'hub-secret-for-the-tests-0123456789-abcdefghijkl';
const DOC = 'plan-on-hubs';

/** A load balancer in front of the hubs: each connection goes to the first hub that takes it. */
async function balancer(ports: () => number[]): Promise<{ port: number; server: Server }> {
  const server = createServer((client: Socket) => {
    client.pause();
    const tryNext = (list: number[]) => {
      if (list.length === 0) return client.destroy();
      const upstream = createConnection(list[0], '127.0.0.1');
      upstream.once('connect', () => {
        client.pipe(upstream).pipe(client);
        client.resume();
      });
      upstream.once('error', () => {
        upstream.destroy();
        tryNext(list.slice(1));
      });
      upstream.on('close', () => client.destroy());
      client.on('close', () => upstream.destroy());
      client.on('error', () => upstream.destroy());
    };
    tryNext(ports());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { port: (server.address() as { port: number }).port, server };
}

const invite = (id: string, role: 'driver' | 'participant' | 'observer') => signInvite({ doc: DOC, id, role, invite: `inv-${id}`, exp: Date.now() + 3_600_000 }, SECRET);

describe.skipIf(!REDIS_SERVER)('hubs linked by Redis', () => {
  let redis: { port: number; process: ChildProcess };
  let hubA: RunningCollabServer;
  let hubB: RunningCollabServer;
  let lb: { port: number; server: Server };
  let writer: HubWriter;
  let file: Awaited<ReturnType<typeof tempFile>>;
  const clients: CollabClient[] = [];
  let aAlive = true;

  beforeAll(async () => {
    redis = await startRedis(tmpdir());
    const url = `redis://127.0.0.1:${redis.port}`;
    hubA = await startHub({ redis: url, host: '127.0.0.1', port: 0, secret: SECRET });
    hubB = await startHub({ redis: url, host: '127.0.0.1', port: 0, secret: SECRET });
    lb = await balancer(() => (aAlive ? [hubA.port, hubB.port] : [hubB.port]));
    file = await tempFile(SAMPLES.workshop);
    writer = await connectFileToHub({ hub: hubB.url, secret: SECRET, path: file.path, documentName: DOC, writeDelayMs: 50 });
  }, 30_000);

  afterAll(async () => {
    for (const client of clients) await client.close().catch(() => undefined);
    await writer?.close().catch(() => undefined);
    await hubB?.close().catch(() => undefined);
    if (aAlive) await hubA?.close().catch(() => undefined);
    lb?.server.close();
    redis?.process.kill();
    await file?.remove();
  });

  const join = async (url: string, token: string) => {
    const client = await CollabClient.start({ url, documentName: DOC, credential: token, WebSocket, reconnectDelayMs: 50 });
    clients.push(client);
    return client;
  };
  const itemIn = (client: CollabClient, id: string) => findItem(client.data as unknown as WorkingFile, id);

  it('reads a Redis address, and refuses what is not one', () => {
    expect(parseRedisUrl('redis://127.0.0.1:6380')).toEqual({ ok: true, address: { host: '127.0.0.1', port: 6380, tls: false } });
    expect(parseRedisUrl('rediss://u:p%40ss@cache.example.org/2')).toEqual({ ok: true, address: { host: 'cache.example.org', port: 6379, username: 'u', password: 'p@ss', db: 2, tls: true } });
    expect(parseRedisUrl('http://x:1')).toMatchObject({ ok: false });
    expect(parseRedisUrl('localhost:6379')).toMatchObject({ ok: false });
  });

  it('carries an edit made through one hub to the people on the other, and to the file, credited', async () => {
    const ann = await join(`ws://127.0.0.1:${lb.port}/collab`, invite('bob', 'participant')); // through the balancer: hub A
    const tom = await join(hubB.url, invite('alice', 'driver'));
    await Promise.all([ann.whenConnected(), tom.whenConnected()]);
    expect(ann.edit((f) => ops.addNode(f, 'current_reality', { kind: 'cause', text: 'Crossed the hubs.', id: 'n60' })).ok).toBe(true);
    await until(() => itemIn(tom, 'n60'), 3000, 'the edit on the other hub');
    const onDisk = await until(async () => findItem(await file.file(), 'n60'), 3000, 'the edit on disk');
    expect(onDisk!.contributions).toEqual([{ by: 'bob', attribution: 'explicit', mode: 'text' }]);
  });

  it('refuses a second file process for the same session, naming why, and writes nothing', async () => {
    const before = await file.read();
    await expect(connectFileToHub({ hub: hubA.url, secret: SECRET, path: file.path, documentName: DOC, writeDelayMs: 50, timeoutMs: 5000 })).rejects.toThrow(/already the writer of the session "plan-on-hubs"/);
    expect(await file.read()).toBe(before);
  });

  it('says which address it could not reach when no hub answers there', async () => {
    const port = await freePort();
    await expect(connectFileToHub({ hub: `ws://127.0.0.1:${port}/collab`, secret: SECRET, path: file.path, documentName: 'elsewhere' })).rejects.toThrow(`cannot reach the hub at ws://127.0.0.1:${port}/collab (connection refused)`);
  });

  it('refuses a forged invite at the hub', async () => {
    const forged = await join(hubA.url, signInvite({ doc: DOC, id: 'alice', role: 'driver', invite: 'x', exp: Date.now() + 60_000 }, 'another-secret-another-secret-another-secret'));
    await until(() => forged.status === 'refused', 3000, 'the refusal');
  });

  it('takes the assistant in with its own signed seat: its node reaches the file credited to it, and it cannot endorse', async () => {
    const seat = signInvite({ doc: DOC, id: 'assistant', role: 'assistant', invite: 'inv-assistant', exp: Date.now() + 60_000, client: 'claude-desktop' }, SECRET);
    const assistant = await join(hubA.url, seat);
    await assistant.whenConnected();
    expect(assistant.identity).toMatchObject({ id: 'assistant', role: 'assistant', client: 'claude-desktop' });
    expect(assistant.edit((f) => ops.addNode(f, 'current_reality', { kind: 'cause', text: 'Proposed by the assistant.', id: 'n61', contributor: 'assistant', attribution: 'assistant' })).ok).toBe(true);
    const onDisk = await until(async () => findItem(await file.file(), 'n61'), 4000, 'the assistant’s node on disk');
    expect(onDisk!.contributions).toEqual([{ by: 'assistant', attribution: 'assistant', mode: 'text' }]);
    // Only the assistant's own seat: a signed invite may not make anyone else the assistant.
    const posing = await join(hubA.url, signInvite({ doc: DOC, id: 'bob', role: 'assistant', invite: 'inv-posing', exp: Date.now() + 60_000 }, SECRET));
    await until(() => posing.status === 'refused', 3000, 'an assistant seat for someone else refused');
    // Endorsing as the assistant is refused, and nothing of it is written.
    const refusals: string[] = [];
    assistant.on('message', (message) => message.type === 'refused' && refusals.push(message.reason));
    // The operations never let the assistant endorse; a client written around them tries anyway.
    expect(ops.accept(assistant.data as unknown as WorkingFile, ['n61'], ['assistant']).ok).toBe(false);
    const view = assistant.view();
    const forged = structuredClone(view.data) as unknown as WorkingFile;
    Object.assign(findItem(forged, 'n61')!, { status: 'accepted', accepted_by: ['assistant'] });
    writeFileToDoc(assistant.doc, view, forged as unknown as Json);
    await until(() => refusals.length > 0, 4000, 'the refusal');
    await sleep(300);
    expect(findItem(await file.file(), 'n61')!.status).toBe('proposed');
    await assistant.close();
  });

  it('passes the driver’s requests to the file’s process: a snapshot, and a revocation that closes the invite on every hub', async () => {
    const tom = clients[1]; // the driver, on hub B
    const ann = clients[0]; // a participant, on hub A
    const carol = await join(hubA.url, invite('carol', 'participant'));
    await carol.whenConnected();
    const result = await tom.snapshot('Through the hubs');
    expect(result).toMatchObject({ ok: true, revision: 1 });
    tom.revoke('inv-carol');
    await until(() => carol.status === 'refused', 4000, 'carol refused on the other hub');
    expect(ann.status).toBe('connected');
  });

  it('when a hub stops, its people reconnect to the other and lose nothing', async () => {
    const ann = clients[0];
    const tom = clients[1];
    await hubA.close();
    aAlive = false;
    await until(() => ann.status !== 'connected', 3000, 'ann noticing');
    // Typed while the hub was gone: kept on the page, merged when back.
    expect(ann.edit((f) => ops.updateNode(f, 'n60', { text: 'Typed while a hub was down.' })).ok).toBe(true);
    await until(() => ann.status === 'connected', 6000, 'ann back, through the other hub');
    await until(() => itemIn(tom, 'n60')?.text === 'Typed while a hub was down.', 3000, 'the edit on the other page');
    await until(async () => findItem(await file.file(), 'n60')?.text === 'Typed while a hub was down.', 3000, 'the edit on disk');
    expect(openWorkingFile(await file.read()).valid).toBe(true);
    await sleep(50);
  });

  it('lets another file process write the session once the first has stopped', async () => {
    await writer.close();
    writer = await connectFileToHub({ hub: hubB.url, secret: SECRET, path: file.path, documentName: DOC, writeDelayMs: 50, timeoutMs: 5000 });
    expect(writer.connected).toBe(true);
    // It took the session the hubs kept, with what was typed while a hub was down.
    expect(findItem(await file.file(), 'n60')?.text).toBe('Typed while a hub was down.');
  });
});
