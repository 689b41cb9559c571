// `causeway open` hosts the group session: invited people come in with a link from the driver
// (a one-time code exchanged for a secret of their own), edit through the collaboration channel
// mounted on the workspace server, and what they do reaches the file (credited to them by the
// server) and the driver's page; the driver's writes reach them. Refusals write nothing.
import { readFile, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as ops from '../format';
import { openWorkingFile, parseSource, saveWorkingFile, type Json, type WorkingFile } from '../format';
import { SAMPLES } from '../format/fixtures';
import { CollabClient } from '../collab/client';
import { writeFileToDoc } from '../collab';
import { findItem, until } from '../collab/testing';
import { COLLAB_PATH, SESSION_PATH, type ServerMessage } from '../protocol/workspace-protocol';
import { versionOf } from '../disk/disk-state';
import { GROUP_DOCUMENT } from '../protocol/workspace-protocol';
import { closeAll, codeOf, connect, get, secretFor, serve, type LiveClient } from './test-server';
import type { RunningWorkspaceServer } from './workspace-server';

const clients: CollabClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
  await closeAll();
});

type InviteResult = Extract<ServerMessage, { type: 'invite-result' }>;
let request = 1;

async function invite(driver: LiveClient, invite: { role: 'participant'; participant: string } | { role: 'observer' }): Promise<InviteResult> {
  driver.send({ type: 'invite', request: request++, invite });
  return (await driver.next('invite-result')) as InviteResult;
}

/** What the invited person's page does with a link: exchanges its code, then joins the session. */
async function exchange(server: RunningWorkspaceServer, link: string): Promise<{ status: number; secret?: string; role?: string }> {
  const answer = await get(server, SESSION_PATH, { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${server.port}` }, 'POST', JSON.stringify({ code: codeOf(link) }));
  return answer.status === 200 ? { status: 200, ...(JSON.parse(answer.body) as { secret: string; role: string }) } : { status: answer.status };
}

async function join(server: RunningWorkspaceServer, secret: string): Promise<CollabClient> {
  const client = await CollabClient.start({ url: `ws://127.0.0.1:${server.port}${COLLAB_PATH}`, documentName: GROUP_DOCUMENT, credential: secret, WebSocket, reconnectDelayMs: 50 });
  clients.push(client);
  return client;
}

async function groupSession() {
  const { server, file } = await serve(SAMPLES.workshop);
  const driver = await connect(server);
  await driver.next('welcome');
  const onDisk = async () => openWorkingFile(await readFile(file, 'utf8')).data as unknown as WorkingFile;
  return { server, file, driver, onDisk };
}

/** A group session with bob in it, and the file as it stands with its version (for the driver's page's write). */
async function sessionWithBob() {
  const session = await groupSession();
  const answer = await invite(session.driver, { role: 'participant', participant: 'bob' });
  const bobSecret = (await exchange(session.server, answer.link!)).secret!;
  const bob = await join(session.server, bobSecret);
  await bob.whenConnected();
  return { ...session, bob, bobSecret };
}

/** bob adds n40 and it reaches the file; the file's text and version then. */
async function bobsNodeOnDisk({ bob, file, onDisk }: Awaited<ReturnType<typeof sessionWithBob>>) {
  expect(bob.edit((f) => ops.addNode(f, 'current_reality', { kind: 'cause', text: 'Approvers are overloaded.', id: 'n40' })).ok).toBe(true);
  await until(async () => findItem(await onDisk(), 'n40'), 4000, 'the node on disk');
  const before = await readFile(file, 'utf8');
  return { before, version: versionOf(before) };
}

/** Bob changes n40's statement; before the session writes it, another program writes its own ending. */
async function programWritesWhileBobTypes(session: Awaited<ReturnType<typeof sessionWithBob>>): Promise<void> {
  const { before } = await bobsNodeOnDisk(session);
  expect(session.bob.edit((f) => ops.updateNode(f, 'n40', { text: 'Most approvers are overloaded.' })).ok).toBe(true);
  await writeFile(session.file, before.replace('Approvers are overloaded.', 'Approvers are overloaded on Fridays.'));
}

/** The next `group` message to the driver's page that `wanted` accepts. */
async function groupMessage(driver: LiveClient, wanted: (message: Extract<ServerMessage, { type: 'group' }>) => boolean, what: string) {
  const found = await until(async () => {
    const message = (await driver.next('group')) as Extract<ServerMessage, { type: 'group' }>;
    return wanted(message) ? message : undefined;
  }, 4000, what);
  return found!;
}

describe('the group session of causeway open', () => {
  it('lets an invited participant in; their node reaches the driver and the file, credited to them', async () => {
    const { server, file, driver, onDisk } = await groupSession();
    const answer = await invite(driver, { role: 'participant', participant: 'bob' });
    expect(answer).toMatchObject({ ok: true, link: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/#code=[\w-]+$/) });
    const exchanged = await exchange(server, answer.link!);
    expect(exchanged.role).toBe('participant');
    // The link is one-time: found later in a history it lets nobody in.
    expect((await exchange(server, answer.link!)).status).toBe(401);

    const bob = await join(server, exchanged.secret!);
    await bob.whenConnected();
    expect(bob.identity).toMatchObject({ id: 'bob', role: 'participant' });
    // The driver's page is open: bob sees the driver, named from the file and marked.
    const driverSeen = await until(() => bob.presence().find((p) => p.user.role === 'driver'), 4000, 'the driver in bob’s presence');
    expect(driverSeen!.user).toMatchObject({ id: 'alice', name: 'Alice', role: 'driver' });
    expect(bob.edit((f) => ops.addNode(f, 'current_reality', { kind: 'cause', text: 'Approvers are overloaded.', id: 'n40' })).ok).toBe(true);
    const node = await until(async () => findItem(await onDisk(), 'n40'), 4000, 'the node on disk');
    expect(node!.contributions).toEqual([{ by: 'bob', attribution: 'explicit', mode: 'text' }]);
    // The driver's page hears of it as of any write to the file.
    const disk = await until(async () => {
      const message = (await driver.next('disk')) as Extract<ServerMessage, { type: 'disk' }>;
      return message.disk.text?.includes('Approvers are overloaded.') ? message : undefined;
    }, 4000, 'the driver told');
    expect(disk!.cause).toBe('write');

    // The driver's own write (the live channel, as today) reaches the participant.
    const text = await readFile(file, 'utf8');
    const version = versionOf(text);
    driver.send({ type: 'write', request: 99, baseVersion: version, text: text.replace('Approvers are overloaded.', 'Approvers are overloaded on Mondays.') });
    expect(await driver.next('write-result')).toMatchObject({ outcome: 'written' });
    await until(() => (findItem(bob.data as unknown as WorkingFile, 'n40')?.text === 'Approvers are overloaded on Mondays.' ? true : undefined), 4000, 'the driver’s edit on bob’s page');

    // The driver's People panel lists the invite (used) and who is here.
    const group = await until(async () => {
      const message = (await driver.next('group')) as Extract<ServerMessage, { type: 'group' }>;
      return message.invites.some((i) => i.used) ? message : undefined;
    }, 4000, 'the group state');
    expect(group!.invites).toEqual([{ id: expect.any(String), identity: 'bob', name: 'Bob', role: 'participant', used: true }]);
  });

  it('adds ten new people asked for at the same moment, each with their name, and invites them all; the rest of the file stays', async () => {
    const { server, file, onDisk } = await groupSession();
    const people = Array.from({ length: 10 }, (_, i) => `p${i}`);
    const answers = await Promise.all(people.map((id) => server.group!.invite({ role: 'participant', participant: id, name: `Person ${id}` })));
    expect(answers.map((answer) => (answer.ok ? answer.added : answer.message))).toEqual(people.map(() => true));
    const participants = (await onDisk()).participants as Record<string, string>;
    for (const id of people) expect(participants[id]).toBe(`Person ${id}`);
    const text = await readFile(file, 'utf8');
    expect(text.replace(/\n  p\d: Person p\d/g, '')).toBe(SAMPLES.workshop);
  });

  it('merges the driver’s and a participant’s typing in one statement word by word, instead of a conflict', async () => {
    const session = await sessionWithBob();
    const { driver, onDisk, bob } = session;
    const { before, version } = await bobsNodeOnDisk(session);

    // Bob types at the start; before the session writes it, the driver's page writes a change at the end.
    expect(bob.edit((f) => ops.updateNode(f, 'n40', { text: 'Most approvers are overloaded.' })).ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    driver.send({ type: 'write', request: 7, baseVersion: version, text: before.replace('Approvers are overloaded.', 'Approvers are overloaded on Mondays.') });
    expect(await driver.next('write-result')).toMatchObject({ outcome: 'written' });

    const merged = 'Most approvers are overloaded on Mondays.';
    await until(async () => (findItem(await onDisk(), 'n40')?.text === merged ? true : undefined), 4000, 'both changes in the file');
    expect(findItem(bob.data as unknown as WorkingFile, 'n40')?.text).toBe(merged);
    expect(bob.conflicts).toEqual([]);
  });

  it('keeps the assumption the driver and a participant each added to one link at the same moment', async () => {
    const { file, driver, onDisk, bob } = await sessionWithBob();
    const before = await readFile(file, 'utf8');
    const version = versionOf(before);

    // The driver's page writes an assumption on l1 while Bob adds another: the driver's write
    // lands first, Bob's reaches the session before it has seen the driver's.
    const opened = parseSource(before);
    const drivers = ops.addNote(opened.data as unknown as WorkingFile, 'l1', 'assumptions', { text: 'Approval is the slow step.', by: 'alice' });
    if (!drivers.ok) throw new Error(drivers.reason);
    driver.send({ type: 'write', request: 9, baseVersion: version, text: saveWorkingFile(opened, drivers.file as unknown as Json) });
    expect(bob.edit((f) => ops.addNote(f, 'l1', 'assumptions', { text: 'Sales cannot price alone.', by: 'bob' })).ok).toBe(true);
    expect(await driver.next('write-result')).toMatchObject({ outcome: 'written' });

    const texts = (f: WorkingFile) => (findItem(f, 'l1') as { assumptions?: { text: string }[] } | undefined)?.assumptions?.map((n) => n.text).sort();
    const both = ['Approval is the slow step.', 'Sales cannot price alone.'];
    await until(async () => (JSON.stringify(texts(await onDisk())) === JSON.stringify(both) ? true : undefined), 4000, 'both assumptions in the file');
    await until(() => (JSON.stringify(texts(bob.data as unknown as WorkingFile)) === JSON.stringify(both) ? true : undefined), 4000, 'both assumptions on bob’s page');
    expect(bob.conflicts).toEqual([]);
  });

  it('still offers a conflict, not a word merge, when another program writes the statement just after the driver’s page', async () => {
    const session = await sessionWithBob();
    const { file, driver, onDisk, bob } = session;
    const { before, version } = await bobsNodeOnDisk(session);

    expect(bob.edit((f) => ops.updateNode(f, 'n40', { text: 'Most approvers are overloaded.' })).ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const drivers = before.replace('Approvers are overloaded.', 'Approvers are overloaded on Mondays.');
    driver.send({ type: 'write', request: 8, baseVersion: version, text: drivers });
    expect(await driver.next('write-result')).toMatchObject({ outcome: 'written' });
    // At once, a text editor saves its own ending over the driver's: not a person of the session.
    await writeFile(file, drivers.replace('Approvers are overloaded on Mondays.', 'Approvers are overloaded on Fridays.'));

    const conflict = await until(() => bob.conflicts.find((c) => c.item === 'n40'), 4000, 'the conflict with the outside write');
    expect(conflict).toMatchObject({ field: 'text', theirs: { value: 'Approvers are overloaded on Fridays.' } });
    expect(findItem(await onDisk(), 'n40')?.text).toBe('Approvers are overloaded on Fridays.');
  });

  it('keeps the group’s work when another program changes the same statement: the driver is told, the session writes nothing until the driver settles, then writes it all', async () => {
    const session = await sessionWithBob();
    const { driver, onDisk, bob } = session;
    await programWritesWhileBobTypes(session);
    const [conflict] = (await groupMessage(driver, (message) => message.conflicts.length > 0, 'the driver told of the conflict')).conflicts;
    expect(conflict).toMatchObject({ item: 'n40', field: 'text', mine: { value: 'Most approvers are overloaded.' }, theirs: { value: 'Approvers are overloaded on Fridays.' } });

    // Meanwhile Bob keeps working: nothing reaches the file, and nothing is lost.
    expect(bob.edit((f) => ops.addNode(f, 'current_reality', { kind: 'cause', text: 'Nobody covers for them.', id: 'n41' })).ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(findItem(await onDisk(), 'n41')).toBeUndefined();

    // An invited page cannot settle it.
    const page = await connect(session.server, { secret: session.bobSecret });
    await page.next('welcome');
    page.send({ type: 'settle-group', conflict: conflict!.id, side: 'theirs' });
    expect(await page.next('refused')).toMatchObject({ message: 'Only the driver settles conflicts with the file.' });

    // The driver keeps the group's value: the file gets it and everything done since.
    driver.send({ type: 'settle-group', conflict: conflict!.id, side: 'mine' });
    await until(async () => {
      const now = await onDisk();
      return findItem(now, 'n40')?.text === 'Most approvers are overloaded.' && findItem(now, 'n41') ? true : undefined;
    }, 4000, 'the group’s work in the file');
    await groupMessage(driver, (message) => message.conflicts.length === 0, 'the driver told it is settled');
    expect(bob.conflicts).toEqual([]);
  });

  it('a conflict that waits through a second outside write and the driver’s page dropping its connection loses nothing once settled; a page from another origin cannot settle it', async () => {
    const session = await sessionWithBob();
    const { server, file, driver, onDisk, bob } = session;
    await programWritesWhileBobTypes(session);
    await groupMessage(driver, (message) => message.conflicts.length > 0, 'the driver told of the conflict');

    // The program writes again, elsewhere in the file, while the conflict waits: taken in at once.
    const again = await readFile(file, 'utf8');
    await writeFile(file, again.replace('Approvers are overloaded on Fridays.', 'Approvers are overloaded on Fridays and Mondays.'));
    const conflict = await until(() => bob.conflicts.find((c) => c.item === 'n40' && (c.theirs?.value as string | undefined)?.includes('Mondays')), 4000, 'the conflict brought up to date with the second write');
    expect(bob.edit((f) => ops.addNode(f, 'current_reality', { kind: 'cause', text: 'Nobody covers for them.', id: 'n41' })).ok).toBe(true);

    // The driver's page drops its connection and comes back: it is told of the conflict again.
    driver.socket.terminate();
    await driver.closed;
    const back = await connect(server);
    await back.next('welcome');
    const told = await groupMessage(back, (message) => message.conflicts.some((c) => c.id === conflict!.id), 'the conflict told again');
    expect(told.conflicts).toHaveLength(1);

    // A page of another origin (another local port) cannot even open the channel to settle it.
    await expect(connect(server, { headers: { Origin: 'http://127.0.0.1:9' } })).rejects.toThrow();

    back.send({ type: 'settle-group', conflict: conflict!.id, side: 'mine' });
    await until(async () => {
      const now = await onDisk();
      return findItem(now, 'n40')?.text === 'Most approvers are overloaded.' && findItem(now, 'n41') ? true : undefined;
    }, 4000, 'the group’s work in the file');
  });

  it('takes the file’s value when the driver chooses it, and writes the rest of the group’s work', async () => {
    const session = await sessionWithBob();
    const { driver, onDisk, bob } = session;
    await programWritesWhileBobTypes(session);
    const conflict = await until(() => bob.conflicts.find((c) => c.item === 'n40'), 4000, 'the conflict');
    expect(bob.edit((f) => ops.addNode(f, 'current_reality', { kind: 'cause', text: 'Nobody covers for them.', id: 'n41' })).ok).toBe(true);
    driver.send({ type: 'settle-group', conflict: conflict!.id, side: 'theirs' });
    await until(async () => {
      const now = await onDisk();
      return findItem(now, 'n40')?.text === 'Approvers are overloaded on Fridays.' && findItem(now, 'n41') ? true : undefined;
    }, 4000, 'the file’s value and the new node in the file');
    await until(() => (findItem(bob.data as unknown as WorkingFile, 'n40')?.text === 'Approvers are overloaded on Fridays.' ? true : undefined), 4000, 'the file’s value on bob’s page');
  });

  it('shows the driver once, with their selection and typing, when the driver’s page joins the session with its own secret; and its edits reach the file as the driver made them', async () => {
    const { server, driver, onDisk } = await groupSession();
    const answer = await invite(driver, { role: 'participant', participant: 'bob' });
    const bob = await join(server, (await exchange(server, answer.link!)).secret!);
    await bob.whenConnected();
    await until(() => bob.presence().find((p) => p.user.role === 'driver'), 4000, 'the server’s stand-in for the driver');
    // The driver's page, with a secret of its own (a driver's grant), joins the session.
    const secret = await secretFor(server);
    const page = await CollabClient.start({ url: `ws://127.0.0.1:${server.port}${COLLAB_PATH}`, documentName: GROUP_DOCUMENT, credential: secret, WebSocket, reconnectDelayMs: 50 });
    clients.push(page);
    await page.whenConnected();
    expect(page.identity).toMatchObject({ id: 'alice', role: 'driver' });
    page.select(['n5']);
    page.editing('n5');
    const seen = await until(() => {
      const drivers = bob.presence().filter((p) => p.user.role === 'driver');
      return drivers.length === 1 && drivers[0]!.editing === 'n5' ? drivers[0] : undefined;
    }, 4000, 'the driver once, editing n5');
    expect(seen).toEqual({ user: { id: 'alice', name: 'Alice', colour: expect.any(String), role: 'driver' }, selection: ['n5'], editing: 'n5' });
    // Its edit reaches the others and the file, with the credit the driver gave (the driver's power).
    const retyped = ops.updateNode(page.data as unknown as WorkingFile, 'n5', { text: 'Said by Bob, typed by the driver.' });
    expect(retyped.ok).toBe(true);
    const credited = ops.addContribution((retyped as { file: WorkingFile }).file, 'n5', { by: 'bob', attribution: 'speaker_label', mode: 'text' });
    expect(credited.ok).toBe(true);
    expect(page.write((credited as { file: WorkingFile }).file as unknown as Json)).toMatchObject({ ok: true });
    await until(async () => (findItem(await onDisk(), 'n5')?.text === 'Said by Bob, typed by the driver.' ? true : undefined), 4000, 'the driver’s edit in the file');
    expect(findItem(await onDisk(), 'n5')?.contributions).toContainEqual({ by: 'bob', attribution: 'speaker_label', mode: 'text' });
    await until(() => (findItem(bob.data as unknown as WorkingFile, 'n5')?.text === 'Said by Bob, typed by the driver.' ? true : undefined), 4000, 'the driver’s edit on bob’s page');
    // Gone again: the server's stand-in comes back, so the others still see the driver.
    await page.close();
    await until(() => {
      const drivers = bob.presence().filter((p) => p.user.role === 'driver');
      return drivers.length === 1 && drivers[0]!.editing === null ? true : undefined;
    }, 4000, 'the stand-in back');
  });

  it('tells the driver’s page who is here when that changes, not at every selection or keystroke of someone else', async () => {
    const { bob, driver } = await sessionWithBob();
    await groupMessage(driver, (message) => message.people.some((person) => person.id === 'bob'), 'bob among the people');
    const heard = () => driver.pending().filter((message) => message.type === 'group').length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = heard();
    for (const id of ['n1', 'n2', 'n3']) {
      bob.select([id]);
      bob.editing(id);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard()).toBe(before);
    // Someone leaving is told.
    await bob.close();
    await groupMessage(driver, (message) => !message.people.some((person) => person.id === 'bob'), 'bob gone from the people');
  });

  it('refuses an invite for someone the file does not name, and invites from anyone but the driver', async () => {
    const { server, driver } = await groupSession();
    expect(await invite(driver, { role: 'participant', participant: 'mallory' })).toMatchObject({ ok: false, message: expect.stringContaining('"mallory" is not among the file’s participants'.replace('’', "'")) });
    const observerLink = await invite(driver, { role: 'observer' });
    const observer = await exchange(server, observerLink.link!);
    // An invited page on the live channel: it may neither invite nor write the file there.
    const page = await connect(server, { secret: observer.secret! });
    await page.next('welcome');
    expect(await invite(page, { role: 'observer' })).toMatchObject({ ok: false, message: 'Only the driver invites people.' });
    page.send({ type: 'write', request: 5, baseVersion: 'x', text: 'schema_version: 1\n' });
    expect(await page.next('write-result')).toMatchObject({ outcome: 'failed' });
  });

  it("refuses a forged credential, an observer's update, a participant crediting someone else and a revoked link, writing nothing", async () => {
    const { server, file, driver } = await groupSession();
    const before = await readFile(file, 'utf8');
    const watch = await exchange(server, (await invite(driver, { role: 'observer' })).link!);
    // Forged: a secret the table never gave.
    const forger = await join(server, 'x'.repeat(43));
    await until(() => (forger.status === 'refused' ? true : undefined), 4000, 'the forged credential refused');

    const observer = await join(server, watch.secret!);
    await observer.whenConnected();
    const view = observer.view();
    const added = ops.addNode(view.data as unknown as WorkingFile, 'current_reality', { kind: 'cause', text: 'From an observer.', id: 'n42' });
    writeFileToDoc(observer.doc, view, (added as { file: WorkingFile }).file as unknown as Json);

    const bobLink = await invite(driver, { role: 'participant', participant: 'bob' });
    const bob = await join(server, (await exchange(server, bobLink.link!)).secret!);
    await bob.whenConnected();
    const refusals: string[] = [];
    bob.on('message', (message) => message.type === 'refused' && refusals.push(message.reason));
    const bobView = bob.view();
    const forged = ops.accept(bobView.data as unknown as WorkingFile, ['n5'], ['carol']);
    writeFileToDoc(bob.doc, bobView, (forged as { file: WorkingFile }).file as unknown as Json);
    await until(() => (refusals.length > 0 ? true : undefined), 4000, 'the refusal');
    expect(refusals[0]).toBe('bob can endorse only as bob, not as carol.');

    // Revoked: disconnected at once, and the secret no longer gets in.
    const latest = await until(async () => {
      const message = (await driver.next('group')) as Extract<ServerMessage, { type: 'group' }>;
      return message.invites.some((i) => i.identity === 'bob') ? message : undefined;
    }, 4000, 'bob’s invite listed');
    await until(() => (bob.status === 'connected' ? true : undefined), 4000, 'bob back in step after the refusal');
    driver.send({ type: 'revoke-invite', invite: latest!.invites.find((i) => i.identity === 'bob')!.id });
    await until(() => (bob.status !== 'connected' ? true : undefined), 2000, 'bob disconnected');
    bob.edit((f) => ops.updateNode(f, 'n5', { text: 'After the revocation.' }));
    await until(() => (bob.status === 'refused' ? true : undefined), 4000, 'the revoked link refused');

    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await readFile(file, 'utf8')).toBe(before);
  });
});
