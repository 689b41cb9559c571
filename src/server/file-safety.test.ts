// What the workspace server may touch on disk, tried as an adversary and as a careful person
// would: links out of the folder, pipes, read-only files, other owners, hard links, and a link
// swapped in while the file is open.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, linkSync, lstatSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture } from '../format/fixtures';
import type { ServerMessage } from '../protocol/workspace-protocol';
import { versionOf } from '../disk/disk-state';
import { closeAll, connect, serve, type LiveClient } from './test-server';

const TEXT = fixture('commented.yaml');
const EDITED = TEXT.replace('three days', 'a whole week');
const isRoot = process.getuid?.() === 0;

afterEach(closeAll);

type Listing = Extract<ServerMessage, { type: 'welcome'; mode: 'folder' }>;

async function listing(client: LiveClient): Promise<Listing> {
  const welcome = await client.next('welcome');
  if (welcome.type !== 'welcome' || welcome.mode !== 'folder') throw new Error('expected a listing');
  return welcome;
}

async function writeThrough(client: LiveClient, baseText: string, text: string, request = 1) {
  client.send({ type: 'write', request, baseVersion: versionOf(baseText), text });
  return client.next('write-result');
}

describe('a folder: only regular files inside it are listed, read or written', () => {
  it('lists a link out of the folder as refused, and never reads or writes its target', async () => {
    const { server, folder } = await serve(TEXT, 'folder', (inside) => {
      const outside = join(dirname(inside), `${inside.split('/').pop()}-outside`);
      mkdirSync(outside);
      writeFileSync(join(outside, 'victim.yaml'), TEXT);
      symlinkSync(join(outside, 'victim.yaml'), join(inside, 'escape.yaml'));
      symlinkSync('/etc/hostname', join(inside, 'host.yaml'));
      symlinkSync('work.yaml', join(inside, 'alias.yaml')); // inside: the same file under another name
    });
    const victim = join(`${folder}-outside`, 'victim.yaml');
    const client = await connect(server);
    const files = (await listing(client)).files;
    const entry = (name: string) => files.find((f) => f.name === name);
    expect(entry('escape.yaml')?.problem).toMatch(/outside the folder/);
    expect(entry('host.yaml')?.problem).toMatch(/outside the folder/);
    expect(entry('work.yaml')?.problem).toBeUndefined();
    expect(entry('alias.yaml')?.problem).toMatch(/work\.yaml/);
    // No id is handed out twice, and a refused entry cannot be chosen.
    expect(new Set(files.map((f) => f.id)).size).toBe(files.length);
    client.send({ type: 'choose', id: entry('escape.yaml')!.id });
    expect(await client.next('refused')).toMatchObject({ message: expect.stringMatching(/outside the folder/) });
    expect(readFileSync(victim, 'utf8')).toBe(TEXT);
  });

  it('a link swapped to point out of the folder after it was chosen is neither read nor written', async () => {
    const { server, folder } = await serve(TEXT, 'folder', (inside) => writeFileSync(join(inside, 'plan.yaml'), TEXT));
    const outside = join(`${folder}-elsewhere`);
    mkdirSync(outside);
    writeFileSync(join(outside, 'victim.yaml'), TEXT.replace('three days', 'secret'));
    const client = await connect(server);
    const files = (await listing(client)).files;
    client.send({ type: 'choose', id: files.find((f) => f.name === 'plan.yaml')!.id });
    await client.next('welcome');
    // Someone replaces plan.yaml with a link to a file elsewhere.
    const plan = join(folder, 'plan.yaml');
    symlinkSync(join(outside, 'victim.yaml'), `${plan}.swap`);
    renameSync(`${plan}.swap`, plan);
    const news = await client.next('disk');
    expect(news).toMatchObject({ disk: { text: null, problem: expect.stringMatching(/outside the folder/) } });
    client.send({ type: 'write', request: 4, baseVersion: versionOf(TEXT), text: EDITED });
    expect(await client.next('write-result')).not.toMatchObject({ outcome: 'written' });
    client.send({ type: 'write', request: 5, baseVersion: (news as { disk: { version: string } }).disk.version, text: EDITED, overwriteProblem: true });
    expect(await client.next('write-result')).toMatchObject({ outcome: 'failed', reason: expect.stringMatching(/outside the folder/) });
    expect(readFileSync(join(outside, 'victim.yaml'), 'utf8')).toBe(TEXT.replace('three days', 'secret'));
    expect(lstatSync(plan).isSymbolicLink()).toBe(true);
  });

  it('a pipe (or a link to one) never blocks the listing, and the server still stops', async () => {
    const { server } = await serve(TEXT, 'folder', (inside) => {
      execFileSync('mkfifo', [join(inside, 'pipe.yaml')]);
      symlinkSync('pipe.yaml', join(inside, 'to-pipe.yaml'));
    });
    const client = await connect(server);
    const started = Date.now();
    const files = (await listing(client)).files;
    expect(Date.now() - started).toBeLessThan(3000);
    expect(files.find((f) => f.name === 'pipe.yaml')?.problem).toMatch(/not a regular file/);
    expect(files.find((f) => f.name === 'to-pipe.yaml')?.problem).toMatch(/not a regular file/);
    expect(files.find((f) => f.name === 'work.yaml')?.problem).toBeUndefined();
    client.send({ type: 'choose', id: files.find((f) => f.name === 'pipe.yaml')!.id });
    expect(await client.next('refused')).toMatchObject({ message: expect.stringMatching(/not a regular file/) });
    const stopping = Date.now();
    await closeAll();
    expect(Date.now() - stopping).toBeLessThan(3000);
  });
});

describe('a file the editor writes keeps what protects it', () => {
  it('a read-only file (chmod 444) is not replaced: "read-only", and the file is as it was', async () => {
    const { server, file, folder } = await serve(TEXT);
    chmodSync(file, 0o444);
    const client = await connect(server);
    await client.next('welcome');
    expect(await writeThrough(client, TEXT, EDITED)).toMatchObject({ outcome: 'failed', reason: expect.stringMatching(/read-only/) });
    expect(readFileSync(file, 'utf8')).toBe(TEXT);
    expect(statSync(file).mode & 0o777).toBe(0o444);
    expect(readdirSync(folder)).toEqual(['work.yaml']);
    chmodSync(file, 0o644);
  });

  it.skipIf(!isRoot)("keeps the file's owner, group and mode", async () => {
    const { server, file } = await serve(TEXT);
    chownSync(file, 1234, 2345);
    chmodSync(file, 0o640);
    const client = await connect(server);
    await client.next('welcome');
    expect(await writeThrough(client, TEXT, EDITED)).toMatchObject({ outcome: 'written' });
    const info = statSync(file);
    expect([info.uid, info.gid, info.mode & 0o7777]).toEqual([1234, 2345, 0o640]);
    expect(readFileSync(file, 'utf8')).toBe(EDITED);
  });

  it('a hard link keeps receiving the edits', async () => {
    const { server, file, folder } = await serve(TEXT);
    const other = join(folder, 'other-name.yaml');
    linkSync(file, other);
    const client = await connect(server);
    await client.next('welcome');
    expect(await writeThrough(client, TEXT, EDITED)).toMatchObject({ outcome: 'written' });
    expect(readFileSync(file, 'utf8')).toBe(EDITED);
    expect(readFileSync(other, 'utf8')).toBe(EDITED);
    expect(statSync(file).ino).toBe(statSync(other).ino);
    expect(readdirSync(folder).sort()).toEqual(['other-name.yaml', 'work.yaml']);
  });

  it('a link swapped in while the file is open is written through to its target, never replaced', async () => {
    const { server, file, folder } = await serve(TEXT);
    const client = await connect(server);
    await client.next('welcome');
    // Someone moves the file aside and leaves a link to it in its place.
    const target = join(folder, 'kept.yaml');
    renameSync(file, target);
    symlinkSync('kept.yaml', file);
    expect(await writeThrough(client, TEXT, EDITED)).toMatchObject({ outcome: 'written' });
    expect(lstatSync(file).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe(EDITED);
  });
});
