// The page's client with real providers against the real server, and IndexedDB (fake-indexeddb
// in Node): edits made offline survive closing the page and reach the file when it is back; a
// server started again (a new session) gets the page's offline work as data, without doubling
// anything; an edit overridden while away is reported; presence says who is editing what.
import 'fake-indexeddb/auto';
import { writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import * as ops from '../../format';
import { openWorkingFile, type WorkingFile } from '../../format';
import { SAMPLES } from '../../format/fixtures';
import { fileServer, findItem, page, sleep, tempFile, until } from '../testing';
import type { CollabClient } from './collab-client';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

const itemIn = (client: CollabClient, id: string) => findItem(client.data as unknown as WorkingFile, id);
let stores = 0;

async function setup() {
  const file = await tempFile(SAMPLES.workshop);
  cleanups.push(() => file.remove());
  let server = await fileServer(file.path);
  cleanups.push(() => server.close());
  const join = async (token: string, storage?: string) => {
    const client = await page(server.url, token, storage ? { storage } : {});
    cleanups.push(() => client.close());
    return client;
  };
  /** Stops the server and starts a new one on the same file and port: a new session. */
  const restart = async (between: () => Promise<void> = async () => undefined) => {
    const port = server.port;
    await server.close();
    await between();
    server = await fileServer(file.path, { port });
    cleanups.push(() => server.close());
  };
  return { file, join, restart, server: () => server };
}

describe('the page’s client', () => {
  it('keeps edits made offline through closing the page, and writes them when it is back', async () => {
    const { file, join, server } = await setup();
    const storage = `store-${++stores}`;
    const first = await join('token-bob', storage);
    await first.whenConnected();
    first.disconnect();
    expect(first.edit((f) => ops.updateNode(f, 'n5', { text: 'Typed on a train.' })).ok).toBe(true);
    await sleep(100); // the browser keeps it
    await first.close();
    expect(findItem(await file.file(), 'n5')!.text).not.toBe('Typed on a train.');

    const again = await join('token-bob', storage);
    expect(itemIn(again, 'n5')!.text).toBe('Typed on a train.'); // there at once, before any connection
    await again.whenConnected();
    await until(async () => findItem(await file.file(), 'n5')?.text === 'Typed on a train.', 3000, 'the offline edit on disk');
    expect(findItem(readServer(server()), 'n5')!.contributions).toEqual(findItem(openWorkingFile(SAMPLES.workshop).data as unknown as WorkingFile, 'n5')!.contributions);
  });

  it('carries offline work over to a server started again (a new session), with nothing doubled', async () => {
    const { file, join, restart } = await setup();
    const bob = await join('token-bob', `store-${++stores}`);
    await bob.whenConnected();
    await restart(async () => {
      await until(() => bob.status === 'offline', 3000, 'bob offline');
      bob.edit((f) => ops.addNode(f, 'current_reality', { kind: 'cause', text: 'Added while the server was down.', id: 'n70' }));
      bob.edit((f) => ops.updateNode(f, 'n5', { text: 'Changed while the server was down.' }));
    });
    await until(() => bob.status === 'connected', 5000, 'bob back');
    const disk = await until(async () => {
      const f = await file.file();
      return findItem(f, 'n70') && findItem(f, 'n5')?.text === 'Changed while the server was down.' ? f : undefined;
    }, 4000, 'the offline work on disk');
    const count = (f: WorkingFile) => Object.values(f.trees).reduce((n, t) => n + t!.nodes.length + t!.links.length + t!.backlog.length, 0);
    const original = openWorkingFile(SAMPLES.workshop).data as unknown as WorkingFile;
    expect(count(disk!)).toBe(count(original) + 1);
    expect(count(bob.data as unknown as WorkingFile)).toBe(count(original) + 1);
    expect(findItem(disk!, 'n70')!.contributions).toEqual([{ by: 'bob', attribution: 'explicit', mode: 'text' }]);
  });

  it('does not carry over, to a server started again, edits the last session already had, nor report them as lost: a closed page left nothing unsent', async () => {
    const { file, join, restart } = await setup();
    const storage = `store-${++stores}`;
    const bob = await join('token-bob', storage);
    await bob.whenConnected();
    const n5 = itemIn(bob, 'n5')!.text;
    expect(bob.edit((f) => ops.updateNode(f, 'n5', { text: `${n5} Typed online.` })).ok).toBe(true);
    await until(async () => findItem(await file.file(), 'n5')?.text === `${n5} Typed online.`, 3000, 'the edit on disk');
    await sleep(1500); // a pause in typing: the page keeps what it is in step with
    await bob.close(); // the tab closed, with nothing unsent
    // The server stops; another program goes on writing the statement; the server starts again.
    await restart(async () => {
      const text = await file.read();
      await writeFile(file.path, text.replace(`${n5} Typed online.`, `${n5} Typed online. Then the assistant.`));
    });
    const again = await join('token-bob', storage);
    await again.whenConnected();
    await sleep(500);
    expect(itemIn(again, 'n5')!.text).toBe(`${n5} Typed online. Then the assistant.`);
    expect(findItem(await file.file(), 'n5')!.text).toBe(`${n5} Typed online. Then the assistant.`);
    // Nothing of bob's was lost, so nothing is reported as lost.
    expect(again.lost).toEqual([]);
  });

  it('keeps the others’ value where an edit made offline met theirs of the same field, and reports it', async () => {
    const { join } = await setup();
    const [alice, bob] = await Promise.all([join('token-alice'), join('token-bob')]);
    await Promise.all([alice.whenConnected(), bob.whenConnected()]);
    bob.disconnect();
    bob.edit((f) => ops.updateLink(f, 'l2', { relation: 'contributes_to' }));
    alice.edit((f) => ops.updateLink(f, 'l2', { relation: 'precedes' }));
    await sleep(100);
    bob.reconnect();
    await bob.whenConnected();
    await until(() => findItem(alice.data as unknown as WorkingFile, 'l2')!.relation === findItem(bob.data as unknown as WorkingFile, 'l2')!.relation);
    // The value the others already saw stands, whichever of the two Yjs would have picked; bob is told his.
    expect(findItem(bob.data as unknown as WorkingFile, 'l2')!.relation).toBe('precedes');
    expect(bob.lost).toMatchObject([{ item: 'l2', field: 'relation', mine: 'contributes_to', theirs: 'precedes' }]);
  });

  it('tells the person whose value went when two people online change one field at the same moment', async () => {
    const { join } = await setup();
    const [alice, bob] = await Promise.all([join('token-alice'), join('token-bob')]);
    await Promise.all([alice.whenConnected(), bob.whenConnected()]);
    const told = { alice: [] as string[], bob: [] as string[] };
    alice.on('lost', (lost, when) => told.alice.push(...lost.map((c) => `${when} ${c.item} ${c.field} ${String(c.mine)}`)));
    bob.on('lost', (lost, when) => told.bob.push(...lost.map((c) => `${when} ${c.item} ${c.field} ${String(c.mine)}`)));
    // Both edit before either hears of the other's edit.
    bob.edit((f) => ops.updateLink(f, 'l2', { relation: 'contributes_to' }));
    alice.edit((f) => ops.updateLink(f, 'l2', { relation: 'precedes' }));
    const relation = (client: CollabClient) => findItem(client.data as unknown as WorkingFile, 'l2')!.relation;
    await until(() => relation(alice) === relation(bob) && told.alice.length + told.bob.length > 0, 4000, 'one value on both pages, and someone told');
    const kept = relation(alice);
    const [winner, loser] = kept === 'precedes' ? [told.alice, told.bob] : [told.bob, told.alice];
    expect(loser).toEqual([`together l2 relation ${kept === 'precedes' ? 'contributes_to' : 'precedes'}`]);
    expect(winner).toEqual([]);
    // A change made after seeing the other's value is an ordinary edit: nobody is told.
    await sleep(200);
    bob.edit((f) => ops.updateLink(f, 'l2', { relation: 'necessary_for' }));
    await until(() => relation(alice) === 'necessary_for', 4000, 'bob’s later change on alice’s page');
    await sleep(200);
    expect(told.alice.length + told.bob.length).toBe(1);
  });

  it('shows who is here and what they are editing, stamped by the server', async () => {
    const { join } = await setup();
    const [alice, bob, watcher] = await Promise.all([join('token-alice'), join('token-bob'), join('token-watch')]);
    await Promise.all([alice.whenConnected(), bob.whenConnected(), watcher.whenConnected()]);
    bob.select(['n1']);
    bob.editing('n1');
    const seen = await until(() => alice.presence().find((p) => p.user.id === 'bob' && p.editing === 'n1'), 3000, 'bob editing n1');
    expect(seen).toEqual({ user: { id: 'bob', name: 'Bob', colour: expect.any(String), role: 'participant' }, selection: ['n1'], editing: 'n1' });
    await until(() => alice.presence().some((p) => p.user.role === 'observer'), 3000, 'the observer counted');
    expect(alice.presence().find((p) => p.user.role === 'observer')!.user.name).toBe('Observer');
  });
});

function readServer(server: { session: { reader: { view(): { data: unknown } } } | undefined }): WorkingFile {
  return server.session!.reader.view().data as WorkingFile;
}
