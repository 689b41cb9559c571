// The workspace server as a browser and other local programs meet it: who gets in, what a
// request may name, and how writes treat the file on disk.
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { fixture } from '../format/fixtures';
import { parseServerMessage, type ClientMessage, type ServerMessage } from '../protocol/workspace-protocol';
import { versionOf } from './disk-state';
import { lockAgainstWrites } from './unwritable';
import { fileWorkspace, folderWorkspace } from './workspace';
import { startWorkspaceServer, type RunningWorkspaceServer } from './workspace-server';

const SECRET = 'test-secret-0123456789abcdef';
const webRoot = mkdtempSync(join(tmpdir(), 'causeway-web-'));
mkdirSync(join(webRoot, 'assets'));
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><html><head><title>Causeway</title></head><body></body></html>');
writeFileSync(join(webRoot, 'assets', 'app-1234.js'), 'console.log("editor")');

const TEXT = fixture('commented.yaml');

let folder: string;
let file: string;
let server: RunningWorkspaceServer;
const open: WebSocket[] = [];

async function serve(target: 'file' | 'folder' = 'file'): Promise<RunningWorkspaceServer> {
  folder = mkdtempSync(join(tmpdir(), 'causeway-ws-'));
  file = join(folder, 'work.yaml');
  writeFileSync(file, TEXT);
  server = await startWorkspaceServer({ workspace: target === 'file' ? fileWorkspace(file) : folderWorkspace(folder), webRoot, host: '127.0.0.1', port: 0, secret: SECRET });
  return server;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, path, method, headers: { Host: `127.0.0.1:${server.port}`, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A live-channel client that collects what the server says. */
function connect(headers: Record<string, string> = { Cookie: `causeway-${server.port}=${SECRET}` }): Promise<{ socket: WebSocket; next(type: ServerMessage['type']): Promise<ServerMessage>; send(m: ClientMessage): void }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/live`, { headers });
    open.push(socket);
    const received: ServerMessage[] = [];
    const waiting: { type: string; resolve(m: ServerMessage): void }[] = [];
    socket.on('message', (data) => {
      const parsed = parseServerMessage(data.toString());
      if (!parsed.ok) throw new Error(parsed.reason);
      const waiter = waiting.findIndex((w) => w.type === parsed.message.type);
      if (waiter >= 0) waiting.splice(waiter, 1)[0]!.resolve(parsed.message);
      else received.push(parsed.message);
    });
    socket.on('open', () =>
      resolve({
        socket,
        next: (type) => {
          const index = received.findIndex((m) => m.type === type);
          if (index >= 0) return Promise.resolve(received.splice(index, 1)[0]!);
          return new Promise((res) => waiting.push({ type, resolve: res }));
        },
        send: (m) => socket.send(JSON.stringify(m)),
      }),
    );
    socket.on('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    socket.on('error', reject);
  });
}

afterEach(async () => {
  for (const socket of open.splice(0)) socket.terminate();
  await server?.close();
});

describe('who may use the workspace server', () => {
  it('serves the editor only with the secret, and moves the secret into a cookie', async () => {
    await serve();
    expect((await get('/')).status).toBe(401);
    expect((await get('/?token=wrong')).status).toBe(401);
    expect((await get('/assets/app-1234.js')).status).toBe(401);
    const page = await get(`/?token=${SECRET}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<meta name="causeway-live"');
    expect(String(page.headers['set-cookie'])).toMatch(new RegExp(`causeway-${server.port}=${SECRET}; HttpOnly; SameSite=Strict`));
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'; script-src 'self'/);
    expect((await get('/assets/app-1234.js', { Cookie: `causeway-${server.port}=${SECRET}` })).status).toBe(200);
    expect((await get('/assets/app-1234.js', { Authorization: `Bearer ${SECRET}` })).status).toBe(200);
  });

  it('refuses another Host (DNS rebinding) and requests from other sites', async () => {
    await serve();
    expect((await get(`/?token=${SECRET}`, { Host: `evil.example:${server.port}` })).status).toBe(403);
    expect((await get(`/?token=${SECRET}`, { Host: '127.0.0.1:1' })).status).toBe(403);
    expect((await get(`/?token=${SECRET}`, { Origin: 'http://evil.example' })).status).toBe(403);
    expect((await get(`/?token=${SECRET}`, { Origin: `http://127.0.0.1:${server.port + 1}` })).status).toBe(403);
    expect((await get(`/?token=${SECRET}`, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await get(`/?token=${SECRET}`, { Host: `localhost:${server.port}` })).status).toBe(200);
  });

  it('takes no path from a request: traversal, parameters and unknown files are refused', async () => {
    await serve();
    const auth = { Cookie: `causeway-${server.port}=${SECRET}` };
    for (const path of ['/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fwork.yaml', '/?file=/etc/passwd', `/?token=${SECRET}&path=work.yaml`, '//etc/passwd', '/assets\\..\\index.html']) {
      const answer = await get(path, auth);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.body).not.toContain('schema_version');
    }
    expect((await get('/work.yaml', auth)).status).toBe(404);
    expect((await get('/etc/passwd', auth)).status).toBe(404);
    expect((await get('/', auth, 'POST')).status).toBe(405);
  });

  it('opens the live channel only with the secret, from its own page', async () => {
    await serve();
    await expect(connect({})).rejects.toThrow(/401/);
    await expect(connect({ Cookie: `causeway-${server.port}=nope` })).rejects.toThrow(/401/);
    await expect(connect({ Cookie: `causeway-${server.port}=${SECRET}`, Origin: 'http://evil.example' })).rejects.toThrow(/403/);
    const client = await connect({ Cookie: `causeway-${server.port}=${SECRET}`, Origin: `http://127.0.0.1:${server.port}` });
    const welcome = await client.next('welcome');
    expect(welcome).toMatchObject({ mode: 'file', file: { name: 'work.yaml' }, disk: { text: TEXT, version: versionOf(TEXT) } });
  });
});

describe('writing the file', () => {
  it('writes atomically when the file is at the version the editor saw, keeping nothing half done', async () => {
    await serve();
    const client = await connect();
    await client.next('welcome');
    const edited = TEXT.replace('three days', 'Many volunteers');
    client.send({ type: 'write', request: 1, baseVersion: versionOf(TEXT), text: edited });
    expect(await client.next('write-result')).toMatchObject({ outcome: 'written', version: versionOf(edited) });
    expect(readFileSync(file, 'utf8')).toBe(edited);
    expect(readdirSync(folder)).toEqual(['work.yaml']); // no temporary file left behind
  });

  it('never writes over a version the editor has not seen: it answers with what the file holds now', async () => {
    await serve();
    const client = await connect();
    await client.next('welcome');
    const outside = TEXT.replace('three days', 'Someone else');
    writeFileSync(file, outside);
    client.send({ type: 'write', request: 2, baseVersion: versionOf(TEXT), text: TEXT.replace('three days', 'Mine') });
    const answer = await client.next('write-result');
    expect(answer).toMatchObject({ outcome: 'stale', disk: { text: outside, version: versionOf(outside) } });
    expect(readFileSync(file, 'utf8')).toBe(outside);
  });

  it('tells every editor about a change made by another program, within a second', async () => {
    await serve();
    const client = await connect();
    await client.next('welcome');
    const started = Date.now();
    const outside = TEXT.replace('three days', 'Changed by the assistant');
    writeFileSync(file, outside);
    const news = await client.next('disk');
    expect(news).toMatchObject({ disk: { text: outside } });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("tells the other editors of one editor's write, but not the writer", async () => {
    await serve();
    const writer = await connect();
    const reader = await connect();
    await writer.next('welcome');
    await reader.next('welcome');
    const edited = TEXT.replace('three days', 'Written here');
    writer.send({ type: 'write', request: 3, baseVersion: versionOf(TEXT), text: edited });
    await writer.next('write-result');
    expect(await reader.next('disk')).toMatchObject({ disk: { text: edited } });
  });

  it('refuses malformed messages and says why', async () => {
    await serve();
    const client = await connect();
    await client.next('welcome');
    client.socket.send('{"type":"write","request":1,"baseVersion":"x","text":"y","path":"/etc/passwd"}');
    expect(await client.next('refused')).toMatchObject({ message: expect.stringContaining('malformed write') });
    client.socket.send('not json');
    expect(await client.next('refused')).toMatchObject({ message: expect.stringContaining('not JSON') });
  });
});

describe('a folder of working files', () => {
  let extra: string;
  beforeAll(() => {
    extra = fixture('two-trees.yaml');
  });
  afterAll(() => undefined);

  it('lists the working files, and the page chooses one by the id the listing gave', async () => {
    await serve('folder');
    writeFileSync(join(folder, 'second.yaml'), extra);
    writeFileSync(join(folder, 'notes.txt'), 'not a working file');
    const client = await connect();
    const listing = await client.next('welcome');
    if (listing.type !== 'welcome' || listing.mode !== 'folder') throw new Error('expected a listing');
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
    await serve();
    const unlock = lockAgainstWrites(file)!;
    try {
      const client = await connect();
      await client.next('welcome');
      client.send({ type: 'write', request: 9, baseVersion: versionOf(TEXT), text: TEXT.replace('three days', 'a week') });
      const answer = await client.next('write-result');
      expect(answer).toMatchObject({ outcome: 'failed', reason: 'read-only' });
      expect(readFileSync(file, 'utf8')).toBe(TEXT);
      expect(readdirSync(folder)).toEqual(['work.yaml']);
    } finally {
      unlock();
    }
  });
});
