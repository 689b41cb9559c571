// An invited person's page is not trusted: whatever bytes it sends down the collaboration
// socket, the session goes on for everyone else, nothing of it reaches the file, and the file on
// disk stays a valid working file.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as encoding from 'lib0/encoding';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import * as ops from '../format';
import { openWorkingFile, type WorkingFile } from '../format';
import { SAMPLES } from '../format/fixtures';
import { CollabClient } from '../collab/client';
import { findItem, until } from '../collab/testing';
import { COLLAB_PATH, SESSION_PATH, type ServerMessage } from '../protocol/workspace-protocol';
import { GROUP_DOCUMENT } from '../protocol/workspace-protocol';
import { closeAll, codeOf, connect, get, serve, type LiveClient } from './test-server';
import type { RunningWorkspaceServer } from './workspace-server';

// Hocuspocus's message types, as its provider writes them.
const SYNC = 0;
const AWARENESS = 1;
const AUTH = 2;
const STATELESS = 5;
const YJS_UPDATE = 2; // y-protocols' sync step for an update

const clients: CollabClient[] = [];
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
  await closeAll();
});

let request = 1;
async function secretFor(server: RunningWorkspaceServer, driver: LiveClient, participant: string): Promise<string> {
  driver.send({ type: 'invite', request: request++, invite: { role: 'participant', participant } });
  const answer = (await driver.next('invite-result')) as Extract<ServerMessage, { type: 'invite-result' }>;
  const exchanged = await get(server, SESSION_PATH, { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${server.port}` }, 'POST', JSON.stringify({ code: codeOf(answer.link!) }));
  return (JSON.parse(exchanged.body) as { secret: string }).secret;
}

function message(type: number, write: (encoder: encoding.Encoder) => void, documentName = GROUP_DOCUMENT): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, documentName);
  encoding.writeVarUint(encoder, type);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

/** A raw socket that signs in as an invited person, then sends what it likes. */
async function rawPeer(server: RunningWorkspaceServer, secret: string): Promise<WebSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}${COLLAB_PATH}`, { headers: { Origin: `http://127.0.0.1:${server.port}` } });
  sockets.push(socket);
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(message(AUTH, (e) => {
    encoding.writeVarUint(e, 0);
    encoding.writeVarString(e, secret);
  }));
  return socket;
}

describe('a hostile page in the group session of causeway open', () => {
  it('sends garbage, malformed updates, forged presence and floods; the others carry on and the file stays valid', async () => {
    const { server, file } = await serve(SAMPLES.workshop);
    const driver = await connect(server);
    await driver.next('welcome');
    const before = await readFile(file, 'utf8');
    // What the driver's terminal shows: a refusal, not a screenful per hostile frame.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    const mallory = await rawPeer(server, await secretFor(server, driver, 'bob'));
    const honest = await CollabClient.start({ url: `ws://127.0.0.1:${server.port}${COLLAB_PATH}`, documentName: GROUP_DOCUMENT, credential: await secretFor(server, driver, 'carol'), WebSocket, reconnectDelayMs: 50 });
    clients.push(honest);
    await honest.whenConnected();

    const hostile: Uint8Array[] = [
      // Bytes that are no message at all, short and long.
      ...Array.from({ length: 200 }, (_, i) => new Uint8Array(randomBytes(1 + ((i * 37) % 300)))),
      new Uint8Array(randomBytes(200_000)),
      // Well framed, but the update inside is noise.
      ...Array.from({ length: 100 }, (_, i) => message(SYNC, (e) => {
        encoding.writeVarUint(e, YJS_UPDATE);
        encoding.writeVarUint8Array(e, new Uint8Array(randomBytes(1 + i * 10)));
      })),
      // A message for another document, one for a path, and a stateless message of noise.
      message(SYNC, (e) => encoding.writeVarUint(e, YJS_UPDATE), '../../etc/passwd'),
      message(STATELESS, (e) => encoding.writeVarString(e, '{"type":"snapshot","x":'.repeat(1000))),
      // Presence claiming to be the driver, with a big state.
      message(AWARENESS, (e) => {
        const states = encoding.createEncoder();
        encoding.writeVarUint(states, 1);
        encoding.writeVarUint(states, 424242);
        encoding.writeVarUint(states, 1);
        encoding.writeVarString(states, JSON.stringify({ user: { id: 'alice', role: 'driver', name: '<img src=x onerror=alert(1)>' }, pad: 'x'.repeat(500_000) }));
        encoding.writeVarUint8Array(e, encoding.toUint8Array(states));
      }),
    ];
    // An update that is real Yjs but from a document of its own (builds on nothing the session has).
    const stranger = new Y.Doc();
    stranger.getMap('items').set('forged', 'x');
    hostile.push(message(SYNC, (e) => {
      encoding.writeVarUint(e, YJS_UPDATE);
      encoding.writeVarUint8Array(e, Y.encodeStateAsUpdate(stranger));
    }));
    for (const bytes of hostile) if (mallory.readyState === WebSocket.OPEN) mallory.send(bytes);
    // Text frames too.
    if (mallory.readyState === WebSocket.OPEN) mallory.send('{"type":"write"}');

    // The honest participant still edits, and their node reaches the file, credited to them.
    expect(honest.edit((f) => ops.addNode(f, 'current_reality', { kind: 'cause', text: 'Still working.', id: 'n77' })).ok).toBe(true);
    const onDisk = async () => openWorkingFile(await readFile(file, 'utf8'));
    const node = await until(async () => findItem((await onDisk()).data as unknown as WorkingFile, 'n77'), 6000, 'the honest node on disk');
    expect(node!.contributions).toEqual([{ by: 'carol', attribution: 'explicit', mode: 'text' }]);
    const opened = await onDisk();
    expect(opened.valid).toBe(true);
    expect(opened.source.text).not.toContain('forged');
    // Nothing else of the file changed: only the honest node was added.
    expect(opened.source.text.replace(/\n {6}- id: n77[\s\S]*?(?=\n {6}- |\n {4}\w)/, '')).toBe(before);

    // Nobody sees mallory pose as the driver: presence is stamped by the server.
    const drivers = honest.presence().filter((p) => p.user.role === 'driver');
    expect(drivers.every((p) => p.user.id === 'alice' && p.user.name === 'Alice')).toBe(true);
    expect(logged.mock.calls.length).toBeLessThanOrEqual(3);
    logged.mockRestore();
    // The driver's page is still served.
    driver.send({ type: 'invite', request: request++, invite: { role: 'observer' } });
    expect(await driver.next('invite-result')).toMatchObject({ ok: true });
  }, 60_000);
});
