// The workspace server as a browser and other local programs meet it: who gets in, what a
// request may name, and how writes treat the file on disk.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture } from '../format/fixtures';
import { LIVE_PROTOCOL, SECRET_PROTOCOL_PREFIX, SESSION_PATH, type ServerMessage } from '../protocol/workspace-protocol';
import { versionOf } from '../disk/disk-state';
import { closeAll, codeOf, connect, get, pause, secretFor, serve } from './test-server';
import { lockAgainstWrites } from './unwritable';
import { REVOKED_CLOSE_CODE } from './workspace-server';

const TEXT = fixture('commented.yaml');

afterEach(closeAll);

const json = (port: number, origin = `http://127.0.0.1:${port}`) => ({ 'Content-Type': 'application/json', Origin: origin });

describe('who may use the workspace server', () => {
  it('serves the editor, and opens the file only to a page that exchanged a one-time code for a secret of its own', async () => {
    const { server } = await serve(TEXT);
    const page = await get(server, '/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<meta name="causeway-live"');
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'; script-src 'self'/);
    // Only sources a policy can spell (an IPv6 literal is not one: browsers log an error for it).
    expect(page.headers['content-security-policy']).toMatch(new RegExp(`connect-src 'self' ws://127\\.0\\.0\\.1:${server.port} ws://localhost:${server.port};`));
    expect(page.headers['set-cookie']).toBeUndefined();
    expect((await get(server, '/assets/app-1234.js')).status).toBe(200);

    const address = server.address();
    expect(address).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${server.port}/#code=[\\w-]{20,}$`));
    await expect(connect(server, { secret: null })).rejects.toThrow(/401/);
    await expect(connect(server, { secret: codeOf(address) })).rejects.toThrow(/401/); // a code is not a secret
    const exchange = await get(server, SESSION_PATH, json(server.port), 'POST', JSON.stringify({ code: codeOf(address) }));
    expect(exchange.status).toBe(200);
    expect(exchange.headers['cache-control']).toBe('no-store');
    expect(exchange.headers['set-cookie']).toBeUndefined();
    const { secret, role } = JSON.parse(exchange.body) as { secret: string; role: string };
    expect(role).toBe('driver');
    // The address works once: found again in the history, it lets nobody in.
    const again = await get(server, SESSION_PATH, json(server.port), 'POST', JSON.stringify({ code: codeOf(address) }));
    expect(again.status).toBe(401);
    expect(again.body).toContain('used already');
    const client = await connect(server, { secret });
    expect(await client.next('welcome')).toMatchObject({ mode: 'file', file: { name: 'work.yaml' }, disk: { text: TEXT, version: versionOf(TEXT) } });
    expect(client.socket.protocol).toBe(LIVE_PROTOCOL);
    // The page may ask whether its secret still holds (after a restart it does not).
    expect((await get(server, SESSION_PATH, { Authorization: `Bearer ${secret}` })).status).toBe(204);
    expect((await get(server, SESSION_PATH, { Authorization: 'Bearer not-a-secret' })).status).toBe(401);
  });

  it('another local site replaying what it can see gets nothing: no cookie, no code from another origin, no secret in an address', async () => {
    const { server } = await serve(TEXT);
    const evil = `http://127.0.0.1:${server.port + 1}`;
    // A page of another local server cannot exchange a code, even one it saw.
    const code = codeOf(server.address());
    expect((await get(server, SESSION_PATH, json(server.port, evil), 'POST', JSON.stringify({ code }))).status).toBe(403);
    expect((await get(server, SESSION_PATH, { 'Content-Type': 'application/json' }, 'POST', JSON.stringify({ code }))).status).toBe(403); // no Origin: not a page of ours
    expect((await get(server, SESSION_PATH, { ...json(server.port), 'Sec-Fetch-Site': 'cross-site' }, 'POST', JSON.stringify({ code }))).status).toBe(403);
    expect((await get(server, SESSION_PATH, { Origin: `http://127.0.0.1:${server.port}`, 'Content-Type': 'text/plain' }, 'POST', JSON.stringify({ code }))).status).toBe(400);
    // The code was never spent by those attempts: the person's browser still gets in with it.
    expect((await get(server, SESSION_PATH, json(server.port), 'POST', JSON.stringify({ code }))).status).toBe(200);

    const secret = await secretFor(server);
    await expect(connect(server, { secret, headers: { Origin: evil } })).rejects.toThrow(/403/);
    await expect(connect(server, { secret: null, headers: { Cookie: `causeway-${server.port}=${secret}` } })).rejects.toThrow(/401/);
    await expect(connect(server, { secret: null, path: `/live?secret=${secret}` })).rejects.toThrow(/400/);
    await expect(connect(server, { secret, path: '/live?x=1' })).rejects.toThrow(/400/);
    await expect(connect(server, { protocols: [`${SECRET_PROTOCOL_PREFIX}${secret}`] })).rejects.toThrow(); // not the live protocol
  });

  it('refuses another Host (DNS rebinding) and requests from other sites', async () => {
    const { server } = await serve(TEXT);
    const code = JSON.stringify({ code: codeOf(server.address()) });
    expect((await get(server, '/', { Host: `evil.example:${server.port}` })).status).toBe(403);
    expect((await get(server, '/', { Host: '127.0.0.1:1' })).status).toBe(403);
    expect((await get(server, SESSION_PATH, { ...json(server.port), Host: `evil.example:${server.port}` }, 'POST', code)).status).toBe(403);
    expect((await get(server, '/', { Origin: 'http://evil.example' })).status).toBe(403);
    expect((await get(server, '/assets/app-1234.js', { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await get(server, '/', { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'cors' })).status).toBe(403);
    // Opening the page itself from elsewhere (the browser opener's file, a link) is a navigation: the page is public.
    expect((await get(server, '/', { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' })).status).toBe(200);
    await expect(connect(server, { headers: { Host: `evil.example:${server.port}` } })).rejects.toThrow(/403/);
    expect((await get(server, '/', { Host: `localhost:${server.port}` })).status).toBe(200);
  });

  it('takes no path and no parameter from a request', async () => {
    const { server } = await serve(TEXT);
    for (const path of ['/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fwork.yaml', '/?file=/etc/passwd', '/?token=x', '//etc/passwd', '/assets\\..\\index.html']) {
      const answer = await get(server, path);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.body).not.toContain('schema_version');
    }
    expect((await get(server, '/work.yaml')).status).toBe(404);
    expect((await get(server, '/etc/passwd')).status).toBe(404);
    expect((await get(server, '/', {}, 'POST')).status).toBe(403); // a POST must say where it comes from
    expect((await get(server, '/', { Origin: `http://127.0.0.1:${server.port}` }, 'POST')).status).toBe(405);
  });

  it('a revoked identity is cut off at once and its secret no longer works', async () => {
    const { server } = await serve(TEXT);
    const secret = await secretFor(server);
    const client = await connect(server, { secret });
    await client.next('welcome');
    const closed = new Promise<number>((resolve) => client.socket.on('close', (code) => resolve(code)));
    server.access.revoke('owner');
    expect(await closed).toBe(REVOKED_CLOSE_CODE);
    await expect(connect(server, { secret })).rejects.toThrow(/401/);
  });
});

describe('writing the file', () => {
  it('writes atomically when the file is at the version the editor saw, keeping nothing half done', async () => {
    const { server, file, folder } = await serve(TEXT);
    const client = await connect(server);
    await client.next('welcome');
    const edited = TEXT.replace('three days', 'Many volunteers');
    client.send({ type: 'write', request: 1, baseVersion: versionOf(TEXT), text: edited });
    expect(await client.next('write-result')).toMatchObject({ outcome: 'written', version: versionOf(edited) });
    expect(readFileSync(file, 'utf8')).toBe(edited);
    expect(readdirSync(folder)).toEqual(['work.yaml']); // no temporary file left behind
  });

  it('never writes over a version the editor has not seen: it answers with what the file holds now', async () => {
    const { server, file } = await serve(TEXT);
    const client = await connect(server);
    await client.next('welcome');
    const outside = TEXT.replace('three days', 'Someone else');
    writeFileSync(file, outside);
    client.send({ type: 'write', request: 2, baseVersion: versionOf(TEXT), text: TEXT.replace('three days', 'Mine') });
    expect(await client.next('write-result')).toMatchObject({ outcome: 'stale', disk: { text: outside, version: versionOf(outside) } });
    expect(readFileSync(file, 'utf8')).toBe(outside);
  });

  it('tells every editor about a change made by another program, within a second', async () => {
    const { server, file } = await serve(TEXT);
    const client = await connect(server);
    await client.next('welcome');
    const started = Date.now();
    const outside = TEXT.replace('three days', 'Changed by the assistant');
    writeFileSync(file, outside);
    expect(await client.next('disk')).toMatchObject({ disk: { text: outside } });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("tells the other editors of one editor's write, but not the writer", async () => {
    const { server } = await serve(TEXT);
    const writer = await connect(server);
    const reader = await connect(server);
    await writer.next('welcome');
    await reader.next('welcome');
    const edited = TEXT.replace('three days', 'Written here');
    writer.send({ type: 'write', request: 3, baseVersion: versionOf(TEXT), text: edited });
    await writer.next('write-result');
    expect(await reader.next('disk')).toMatchObject({ disk: { text: edited } });
    await pause(200);
    expect(writer.pending().filter((m) => m.type === 'disk')).toEqual([]);
  });

  it('refuses malformed messages, and a folder request in single-file mode, and stays attached', async () => {
    const { server, file } = await serve(TEXT);
    const client = await connect(server);
    await client.next('welcome');
    client.socket.send('{"type":"write","request":1,"baseVersion":"x","text":"y","path":"/etc/passwd"}');
    expect(await client.next('refused')).toMatchObject({ message: expect.stringContaining('malformed write') });
    client.socket.send('not json');
    expect(await client.next('refused')).toMatchObject({ message: expect.stringContaining('not JSON') });
    client.send({ type: 'list' });
    expect(await client.next('refused')).toMatchObject({ message: expect.stringContaining('edits one file') });
    // Still attached: news of the file still comes, and writes still go through.
    const outside = TEXT.replace('three days', 'Still heard');
    writeFileSync(file, outside);
    expect(await client.next('disk')).toMatchObject({ disk: { text: outside } });
  });
});

describe('a folder of working files', () => {
  it('lists the working files, and the page chooses one by the id the listing gave', async () => {
    const extra = fixture('two-trees.yaml');
    const { server } = await serve(TEXT, 'folder', (folder) => {
      writeFileSync(join(folder, 'second.yaml'), extra);
      writeFileSync(join(folder, 'notes.txt'), 'not a working file');
    });
    const client = await connect(server);
    const listing = (await client.next('welcome')) as Extract<ServerMessage, { type: 'welcome'; mode: 'folder' }>;
    expect(listing.files.map((f) => f.name)).toEqual(['second.yaml', 'work.yaml']);
    client.send({ type: 'choose', id: 'not-an-id' });
    expect(await client.next('refused')).toMatchObject({ message: expect.stringContaining('no longer in the folder') });
    client.send({ type: 'choose', id: listing.files[0]!.id });
    expect(await client.next('welcome')).toMatchObject({ mode: 'file', file: { name: 'second.yaml' }, disk: { text: extra } });
  });
});

/** Whether this machine can lock a file against writes (skipped, and reported so, if not). */
const canLock = (() => {
  const probe = join(mkdtempSync(join(tmpdir(), 'causeway-lock-')), 'probe');
  writeFileSync(probe, '');
  const unlock = lockAgainstWrites(probe);
  unlock?.();
  return unlock !== undefined;
})();

describe('a write that fails', () => {
  it.skipIf(!canLock)('keeps the old file and says why', async () => {
    const { server, file, folder } = await serve(TEXT);
    const unlock = lockAgainstWrites(file)!;
    try {
      const client = await connect(server);
      await client.next('welcome');
      client.send({ type: 'write', request: 9, baseVersion: versionOf(TEXT), text: TEXT.replace('three days', 'a week') });
      expect(await client.next('write-result')).toMatchObject({ outcome: 'failed', reason: 'read-only' });
      expect(readFileSync(file, 'utf8')).toBe(TEXT);
      expect(readdirSync(folder)).toEqual(['work.yaml']);
    } finally {
      unlock();
    }
  });
});
