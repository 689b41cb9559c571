// The driver leads a presentation in the group session of `causeway open`: the driver's page says
// which tree and step on its live channel, the server keeps it in the session's records, and every
// invited page (participant and observer) follows it. Only the driver leads: a participant's
// message, or a participant writing the record straight into the shared document, is refused and
// changes nothing. The presentation carries a tree key and a step, no text.
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SAMPLES } from '../format/fixtures';
import { CollabClient } from '../collab/client';
import { rootsOf } from '../collab';
import { sleep, until } from '../collab/testing';
import type { SharedPresentation } from '../protocol/collab-protocol';
import { COLLAB_PATH, SESSION_PATH, type ServerMessage } from '../protocol/workspace-protocol';
import { GROUP_DOCUMENT } from '../protocol/workspace-protocol';
import { closeAll, codeOf, connect, get, serve, type LiveClient } from './test-server';
import type { RunningWorkspaceServer } from './workspace-server';

const clients: CollabClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
  await closeAll();
});

let request = 1;

/** A link from the driver, exchanged as the invited person's page does: their own secret. */
async function invited(server: RunningWorkspaceServer, driver: LiveClient, invite: { role: 'participant'; participant: string } | { role: 'observer' }): Promise<string> {
  driver.send({ type: 'invite', request: request++, invite });
  const answer = (await driver.next('invite-result')) as Extract<ServerMessage, { type: 'invite-result' }>;
  expect(answer.ok).toBe(true);
  const exchanged = await get(server, SESSION_PATH, { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${server.port}` }, 'POST', JSON.stringify({ code: codeOf(answer.link!) }));
  return (JSON.parse(exchanged.body) as { secret: string }).secret;
}

async function join(server: RunningWorkspaceServer, secret: string): Promise<CollabClient> {
  const client = await CollabClient.start({ url: `ws://127.0.0.1:${server.port}${COLLAB_PATH}`, documentName: GROUP_DOCUMENT, credential: secret, WebSocket, reconnectDelayMs: 50 });
  clients.push(client);
  await client.whenConnected();
  return client;
}

/** Waits until `page` follows `expected` (null: no presentation). */
async function follows(page: CollabClient, expected: SharedPresentation | null, what: string): Promise<void> {
  await until(() => (JSON.stringify(page.presenting) === JSON.stringify(expected) ? true : undefined), 4000, what);
}

async function session() {
  const { server, file } = await serve(SAMPLES.workshop);
  const driver = await connect(server);
  await driver.next('welcome');
  const bobSecret = await invited(server, driver, { role: 'participant', participant: 'bob' });
  const bob = await join(server, bobSecret);
  const observer = await join(server, await invited(server, driver, { role: 'observer' }));
  return { server, file, driver, bob, bobSecret, observer };
}

describe('the driver leads a presentation in a group session', () => {
  it('reaches every invited page, step by step, and ends for everyone when the driver ends it', async () => {
    const { driver, bob, observer } = await session();
    expect(bob.presenting).toBeNull();
    driver.send({ type: 'present', presenting: { tree: 'current_reality', step: 0 } });
    await follows(bob, { tree: 'current_reality', step: 0 }, 'bob follows the first step');
    await follows(observer, { tree: 'current_reality', step: 0 }, 'the observer follows the first step');
    for (const step of [1, 2, 1]) {
      driver.send({ type: 'present', presenting: { tree: 'current_reality', step } });
      await follows(bob, { tree: 'current_reality', step }, `bob at step ${step}`);
      await follows(observer, { tree: 'current_reality', step }, `the observer at step ${step}`);
    }
    // Only a tree key and a step are in the session's records: no statement, no name.
    expect(rootsOf(bob.doc).session.toJSON().presenting).toEqual({ tree: 'current_reality', step: 1 });
    driver.send({ type: 'present', presenting: null });
    await follows(bob, null, 'the presentation ended on bob’s page');
    await follows(observer, null, 'the presentation ended on the observer’s page');
  });

  it('refuses a participant who tries to lead, on the live channel or in the shared document, and keeps the driver’s step', async () => {
    const { server, file, driver, bob, bobSecret, observer } = await session();
    const before = await readFile(file, 'utf8');
    driver.send({ type: 'present', presenting: { tree: 'current_reality', step: 2 } });
    await follows(observer, { tree: 'current_reality', step: 2 }, 'the driver’s step');

    // Bob's page on the live channel, with his own secret: refused, whatever it says.
    const bobLive = await connect(server, { secret: bobSecret });
    await bobLive.next('welcome');
    bobLive.send({ type: 'present', presenting: { tree: 'current_reality', step: 5 } });
    expect(await bobLive.next('refused')).toMatchObject({ message: 'Only the driver leads a presentation in a group session.' });
    bobLive.send({ type: 'present', presenting: null });
    expect(await bobLive.next('refused')).toMatchObject({ message: 'Only the driver leads a presentation in a group session.' });

    // Bob's page writing the record into the shared document itself: the update is refused.
    const refusals: string[] = [];
    bob.on('message', (message) => message.type === 'refused' && refusals.push(message.reason));
    bob.doc.transact(() => rootsOf(bob.doc).session.set('presenting', { tree: 'future_reality', step: 0 }));
    await until(() => (refusals.length > 0 ? true : undefined), 4000, 'the refusal');
    expect(refusals[0]).toBe('Only the server writes the session’s own records.');
    await until(() => (bob.status === 'connected' ? true : undefined), 4000, 'bob back in step after the refusal');
    await follows(bob, { tree: 'current_reality', step: 2 }, 'bob follows the driver again');
    await sleep(300);
    expect(observer.presenting).toEqual({ tree: 'current_reality', step: 2 });
    // A presentation is not the file: nothing was written.
    expect(await readFile(file, 'utf8')).toBe(before);
  });

  it('refuses a malformed presentation: a tree the format does not have, a step out of range, anything more than tree and step', async () => {
    const { server } = await serve(SAMPLES.workshop);
    const driver = await connect(server);
    await driver.next('welcome');
    for (const presenting of [{ tree: 'nonsense', step: 0 }, { tree: 'current_reality', step: -1 }, { tree: 'current_reality', step: 1.5 }, { tree: 'current_reality', step: 0, caption: 'Hello' }, 'current_reality']) {
      driver.socket.send(JSON.stringify({ type: 'present', presenting }));
      expect(await driver.next('refused')).toMatchObject({ message: 'The server refused a malformed presentation.' });
    }
  });

  it('a presentation begun before the first invite is followed from the start; it ends when the driver’s page goes', async () => {
    const { server } = await serve(SAMPLES.workshop);
    const driver = await connect(server);
    await driver.next('welcome');
    driver.send({ type: 'present', presenting: { tree: 'current_reality', step: 3 } });
    const bob = await join(server, await invited(server, driver, { role: 'participant', participant: 'bob' }));
    await follows(bob, { tree: 'current_reality', step: 3 }, 'bob joins at the step presented');

    // Another page of the driver's takes over; the first one closing does not end it.
    const second = await connect(server);
    await second.next('welcome');
    second.send({ type: 'present', presenting: { tree: 'current_reality', step: 4 } });
    await follows(bob, { tree: 'current_reality', step: 4 }, 'the second page leads');
    driver.socket.close();
    await driver.closed;
    await sleep(300);
    expect(bob.presenting).toEqual({ tree: 'current_reality', step: 4 });
    // The page leading it goes: the presentation ends for everyone.
    second.socket.close();
    await follows(bob, null, 'the presentation ended with the driver’s page');
  });
});
