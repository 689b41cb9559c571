// A file server with real pages (Hocuspocus providers over WebSockets) on a temporary working
// file: an edit by one is seen by the others and written to disk credited to its author; a claim
// to be someone else, an observer's update, a revoked invite and a forged one are each refused
// with nothing written; presence is stamped by the server; an outside write reaches everyone.
import { readdir, writeFile } from 'node:fs/promises';
import { join as joinPath } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import * as ops from '../../format';
import { openWorkingFile, saveWorkingFile, type Json, type WorkingFile } from '../../format';
import { SAMPLES } from '../../format/fixtures';
import { readDoc, writeFileToDoc } from '../index';
import type { CollabClient } from '../client';
import { fileServer, findItem, page, sleep, tempFile, until } from '../testing';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function session(options: Parameters<typeof fileServer>[1] = {}) {
  const file = await tempFile(SAMPLES.workshop);
  cleanups.push(() => file.remove());
  const server = await fileServer(file.path, options);
  cleanups.push(() => server.close());
  const join = async (token: string) => {
    const client = await page(server.url, token);
    cleanups.push(() => client.close());
    return client;
  };
  return { file, server, join };
}

const itemIn = (client: CollabClient, id: string) => findItem(client.data as unknown as WorkingFile, id);

/** Bob changes n5's statement in the session; before it is written, another program writes its own. */
async function conflictWithDisk() {
  const { file, server, join } = await session({ writeDelayMs: 60_000 });
  const [alice, bob] = await Promise.all([join('token-alice'), join('token-bob')]);
  await Promise.all([alice.whenConnected(), bob.whenConnected()]);
  bob.edit((f) => ops.updateNode(f, 'n5', { text: 'Group wording.' }));
  await until(() => itemIn(alice, 'n5')?.text === 'Group wording.');
  const opened = openWorkingFile(await file.read());
  const theirs = saveWorkingFile(opened.source, (ops.updateNode(opened.data as unknown as WorkingFile, 'n5', { text: 'Disk wording.' }) as { file: WorkingFile }).file as unknown as Json);
  await writeFile(file.path, theirs);
  const conflict = await until(() => alice.conflicts[0], 3000, 'the conflict on the driver’s page');
  return { file, server, alice, bob, theirs, conflict };
}

describe('a group session on one working file', () => {
  it('shows a node added by one person to the others and writes it to the file, credited to them', async () => {
    const { file, join } = await session();
    const [alice, bob] = await Promise.all([join('token-alice'), join('token-bob')]);
    await Promise.all([alice.whenConnected(), bob.whenConnected()]);
    expect(bob.identity).toEqual({ id: 'bob', role: 'participant', invite: 'inv-bob' });
    // The page asks for the driver's default credit, as the editor does; the credit is bob's.
    const result = bob.edit((f) => ops.addNode(f, 'current_reality', { kind: 'cause', text: 'Approvers are overloaded.', id: 'n40' }));
    expect(result.ok).toBe(true);
    await until(() => itemIn(alice, 'n40'), 2000, 'the node on the driver’s page');
    const onDisk = await until(async () => findItem(await file.file(), 'n40'), 2000, 'the node on disk');
    expect(onDisk).toMatchObject({ text: 'Approvers are overloaded.', status: 'proposed', contributions: [{ by: 'bob', attribution: 'explicit', mode: 'text' }] });
    // The rest of the file is as it was: comments, unknown keys and order kept.
    const text = await file.read();
    expect(text).toContain('x_meeting: 2024-03-18');
    expect(openWorkingFile(text).valid).toBe(true);
  });

  it('an acceptance by a participant endorses as that participant', async () => {
    const { file, join } = await session();
    const bob = await join('token-bob');
    await bob.whenConnected();
    expect(bob.edit((f) => ops.accept(f, ['n5'], ['bob'])).ok).toBe(true);
    const node = await until(async () => {
      const found = findItem(await file.file(), 'n5');
      return found?.status === 'accepted' ? found : undefined;
    });
    expect(node!.accepted_by).toEqual(['bob']);
  });

  it('refuses a page that endorses in someone else’s name, and nothing of it is written', async () => {
    const { file, server, join } = await session();
    const bob = await join('token-bob');
    await bob.whenConnected();
    const before = await file.read();
    // A page that skips the client's own check and writes straight into its copy.
    const messages: string[] = [];
    bob.on('message', (message) => message.type === 'refused' && messages.push(message.reason));
    const view = bob.view();
    const forged = ops.accept(view.data as unknown as WorkingFile, ['n5'], ['carol']);
    writeFileToDoc(bob.doc, view, (forged as { file: WorkingFile }).file as unknown as Json);
    await until(() => messages.length > 0, 2000, 'the refusal');
    expect(messages[0]).toBe('bob can endorse only as bob, not as carol.');
    expect(server.refusals).toEqual(['bob can endorse only as bob, not as carol.']);
    await sleep(300);
    expect(await file.read()).toBe(before);
    const served = readDoc(server.session!.doc).data as unknown as WorkingFile;
    expect(findItem(served, 'n5')!.status).toBe('proposed');
    // The page starts again from the server's copy and can go on working.
    await until(() => bob.status === 'connected' && findItem(bob.data as unknown as WorkingFile, 'n5')!.status === 'proposed', 4000, 'the page back in step');
  });

  it('rewrites the credit of a page that credits its new node to someone else: the server decides', async () => {
    const { file, join } = await session();
    const bob = await join('token-bob');
    await bob.whenConnected();
    const told: string[][] = [];
    bob.on('message', (message) => message.type === 'corrected' && told.push(message.notes));
    const view = bob.view();
    const added = ops.addNode(view.data as unknown as WorkingFile, 'current_reality', { kind: 'cause', text: 'Forged credit.', id: 'n41', contributor: 'carol' });
    writeFileToDoc(bob.doc, view, (added as { file: WorkingFile }).file as unknown as Json);
    const node = await until(async () => findItem(await file.file(), 'n41'));
    expect(node!.contributions).toEqual([{ by: 'bob', attribution: 'explicit', mode: 'text' }]);
    await until(() => itemIn(bob, 'n41')?.contributions[0].by === 'bob', 2000, 'the corrected credit on the page');
    // The page that credited someone else is told.
    expect(told).toEqual([['Credited to bob: node n41.']]);
  });

  it("drops an observer's update: nothing changes in the session or on disk", async () => {
    const { file, server, join } = await session();
    const watcher = await join('token-watch');
    await watcher.whenConnected();
    const before = await file.read();
    const view = watcher.view();
    const added = ops.addNode(view.data as unknown as WorkingFile, 'current_reality', { kind: 'cause', text: 'From an observer.', id: 'n42' });
    // The client itself refuses: an observer changes nothing.
    expect(watcher.edit(() => added)).toEqual({ ok: false, reason: 'An observer can follow the session but not change it.' });
    // A page that writes anyway is dropped by the server.
    writeFileToDoc(watcher.doc, view, (added as { file: WorkingFile }).file as unknown as Json);
    await sleep(400);
    expect(findItem(readDoc(server.session!.doc).data as unknown as WorkingFile, 'n42')).toBeUndefined();
    expect(await file.read()).toBe(before);
  });

  it('refuses a forged invite and a page claiming another identity in presence', async () => {
    const { file, server, join } = await session();
    const before = await file.read();
    const forger = await join('token-mallory');
    await until(() => forger.status === 'refused', 2000, 'the refusal of the forged invite');
    expect(server.hocuspocus.getConnectionsCount()).toBe(1); // the server's own hold on the file

    const [alice, bob] = await Promise.all([join('token-alice'), join('token-bob')]);
    await Promise.all([alice.whenConnected(), bob.whenConnected()]);
    // bob's page says it is alice; the others see bob, with bob's name and colour.
    (bob as unknown as { provider: { awareness: { setLocalState(state: unknown): void } } }).provider.awareness.setLocalState({ user: { id: 'alice', name: 'Alice', colour: '#000', role: 'driver' }, selection: ['n1', 'n2'], editing: 'n1', secret: 'x'.repeat(10) });
    const seen = await until(() => alice.presence().find((p) => p.selection.length === 2), 2000, 'bob’s presence');
    expect(seen).toEqual({ user: { id: 'bob', name: 'Bob', colour: expect.stringMatching(/^#[0-9a-f]{6}$/), role: 'participant' }, selection: ['n1', 'n2'], editing: 'n1' });
    expect(await file.read()).toBe(before);
  });

  it('disconnects a revoked invite at once, and it no longer gets in', async () => {
    const { file, server, join } = await session();
    const bob = await join('token-bob');
    await bob.whenConnected();
    const before = await file.read();
    expect(server.revoke('inv-bob')).toBe(1);
    await until(() => bob.status !== 'connected', 2000, 'bob disconnected');
    // The page tries again on its own, and is refused; what it does meanwhile is never written.
    bob.edit((f) => ops.updateNode(f, 'n5', { text: 'After the revocation.' }));
    await until(() => bob.status === 'refused', 3000, 'the revoked invite refused');
    await sleep(200);
    expect(await file.read()).toBe(before);
  });

  it('an outside write reaches every page within a second, merged with the group’s work', async () => {
    const { file, join } = await session();
    const [alice, bob] = await Promise.all([join('token-alice'), join('token-bob')]);
    await Promise.all([alice.whenConnected(), bob.whenConnected()]);
    bob.edit((f) => ops.updateNode(f, 'n5', { text: 'Three big customers left in March.' }));
    await until(async () => findItem(await file.file(), 'n5')?.text === 'Three big customers left in March.');
    // The assistant rewrites the file: a new node and a changed statement elsewhere.
    const opened = openWorkingFile(await file.read());
    const changed = ops.updateNode(opened.data as unknown as WorkingFile, 'n3', { text: 'Approvers meet every morning.' });
    const added = ops.addNode((changed as { file: WorkingFile }).file, 'current_reality', { kind: 'cause', text: 'From the assistant.', id: 'n50', contributor: 'assistant' });
    const started = Date.now();
    await writeFile(file.path, saveWorkingFile(opened.source, (added as { file: WorkingFile }).file as unknown as Json));
    await until(() => itemIn(alice, 'n50') && itemIn(bob, 'n50') && itemIn(bob, 'n3')?.text === 'Approvers meet every morning.', 3000, 'the outside write on both pages');
    expect(Date.now() - started).toBeLessThan(1500);
    expect(itemIn(alice, 'n5')!.text).toBe('Three big customers left in March.');
  });

  it('keeps a conflict with an outside write for the driver, writes nothing until it is settled, then writes the choice', async () => {
    const { file, server, alice, theirs, conflict } = await conflictWithDisk();
    expect(conflict).toMatchObject({ item: 'n5', field: 'text', mine: { value: 'Group wording.' }, theirs: { value: 'Disk wording.' } });
    await server.session!.flush();
    expect(await file.read()).toBe(theirs);
    alice.settle(conflict.id, 'mine');
    await until(async () => findItem(await file.file(), 'n5')?.text === 'Group wording.', 3000, 'the settled text on disk');
    await until(() => alice.conflicts.length === 0);
  });

  it('keeps a waiting conflict up to date with what the group does since, and lets it go when the group comes to the file’s value', async () => {
    const { file, server, alice, bob, theirs } = await conflictWithDisk();
    // Bob goes on typing: the driver is shown the group's value as it is now, not as it was.
    bob.edit((f) => ops.updateNode(f, 'n5', { text: 'Group wording, revised.' }));
    await server.session!.flush();
    await until(() => (alice.conflicts[0]?.mine as { value?: unknown } | null)?.value === 'Group wording, revised.', 3000, 'the conflict brought up to date');
    expect(await file.read()).toBe(theirs);
    // Bob takes the file's wording himself: nothing is left to settle, and the session writes again.
    bob.edit((f) => ops.updateNode(f, 'n5', { text: 'Disk wording.' }));
    bob.edit((f) => ops.addNode(f, 'current_reality', { kind: 'cause', text: 'Written once settled.', id: 'n51' }));
    await server.session!.flush();
    await until(() => (alice.conflicts.length === 0 ? true : undefined), 3000, 'no conflict left');
    await until(async () => findItem(await file.file(), 'n51'), 3000, 'the group’s new node on disk');
  });

  it('writes what the group did while the file could not be read as soon as the file is put right, without waiting for another change', async () => {
    const { file, join } = await session({ writeDelayMs: 50 });
    const bob = await join('token-bob');
    await bob.whenConnected();
    bob.edit((f) => ops.updateNode(f, 'n5', { text: 'Before the break.' }));
    await until(async () => findItem(await file.file(), 'n5')?.text === 'Before the break.', 3000, 'the first edit on disk');
    const good = await file.read();
    await writeFile(file.path, `${good}\n  broken: [unclosed\n`);
    await until(() => bob.diskProblem ?? undefined, 3000, 'the problem told to the page');
    bob.edit((f) => ops.updateNode(f, 'n5', { text: 'Typed while it was broken.' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await file.read()).toContain('broken: [unclosed');
    // Someone puts back the text the session last wrote: the problem is over and the edit is written.
    await writeFile(file.path, good);
    await until(async () => findItem(await file.file(), 'n5')?.text === 'Typed while it was broken.', 4000, 'the edit made meanwhile on disk');
    await until(() => (bob.diskProblem === null ? true : undefined), 3000, 'the problem gone from the page');
  });

  it('records a snapshot for the driver, and refuses it to a participant', async () => {
    const { file, join } = await session();
    const [alice, bob] = await Promise.all([join('token-alice'), join('token-bob')]);
    await Promise.all([alice.whenConnected(), bob.whenConnected()]);
    expect(await bob.snapshot()).toMatchObject({ ok: false, message: 'Only the driver records snapshots.' });
    const result = await alice.snapshot('First record');
    expect(result).toMatchObject({ ok: true, revision: 1 });
    expect(await readdir(joinPath(file.dir, '.plan', 'history'))).toEqual(['000001.yaml']);
  });

  it('keeps a participant’s edits made offline and merges them when they are back', async () => {
    const { file, join } = await session();
    const [alice, bob] = await Promise.all([join('token-alice'), join('token-bob')]);
    await Promise.all([alice.whenConnected(), bob.whenConnected()]);
    bob.disconnect();
    expect(bob.edit((f) => ops.updateNode(f, 'n5', { text: 'Written offline.' })).ok).toBe(true);
    expect(alice.edit((f) => ops.updateNode(f, 'n3', { text: 'Written online.' })).ok).toBe(true);
    await sleep(200);
    expect(itemIn(alice, 'n5')!.text).not.toBe('Written offline.');
    bob.reconnect();
    await until(() => itemIn(alice, 'n5')?.text === 'Written offline.' && itemIn(bob, 'n3')?.text === 'Written online.', 4000, 'both edits everywhere');
    await until(async () => findItem(await file.file(), 'n5')?.text === 'Written offline.');
    expect(bob.lost).toEqual([]);
  });

  it('gives the second of two nodes made offline with one id a new id, and the file stays valid', async () => {
    const { file, join } = await session();
    const [bob, carol] = await Promise.all([join('token-bob'), join('token-carol')]);
    await Promise.all([bob.whenConnected(), carol.whenConnected()]);
    carol.disconnect();
    bob.edit((f) => ops.addNode(f, 'current_reality', { kind: 'cause', text: 'Bob’s n40.', id: 'n40' }));
    carol.edit((f) => ops.addNode(f, 'current_reality', { kind: 'cause', text: 'Carol’s n40.', id: 'n40' }));
    carol.edit((f) => ops.addLink(f, 'current_reality', ['n40'], 'n1', 'causes', { id: 'l40' }));
    await sleep(150);
    carol.reconnect();
    const disk = await until(async () => {
      const f = await file.file();
      const nodes = f.trees.current_reality!.nodes.filter((n) => n.text.endsWith('n40.'));
      return nodes.length === 2 && nodes[0].id !== nodes[1].id ? f : undefined;
    }, 4000, 'both nodes on disk with different ids');
    const carols = disk!.trees.current_reality!.nodes.find((n) => n.text === 'Carol’s n40.')!;
    expect(carols.id).not.toBe('n40');
    expect(findItem(disk!, 'l40')).toMatchObject({ from: [carols.id], to: 'n1' });
    expect(openWorkingFile(await file.read()).valid).toBe(true);
  });
});

