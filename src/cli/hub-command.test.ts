// `causeway hub`: its usage errors, its refusals (no secret, a weak one, no Redis), and a real
// hub on a real redis-server that takes a signed invite and stops cleanly on Ctrl+C.
import { request } from 'node:http';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CollabClient } from '../collab/client';
import { signInvite } from '../collab/server';
import { until } from '../collab/testing';
import { hubCommand } from './hub-command';
import { UsageError } from './args';

const SECRET = 'hub-secret-for-the-cli-test-0123456789-abcdefgh';
const REDIS = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path));

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) } };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('causeway hub', () => {
  it('is a usage error without --redis, with a bad address, a bad port or a file', async () => {
    for (const argv of [[], ['--redis', 'localhost:6379'], ['--redis', 'redis://h:1', '--port', 'x'], ['plan.yaml', '--redis', 'redis://h:1'], ['--redis', 'redis://h:1', '--origin', 'plan.example.org']]) {
      await expect(hubCommand(argv, io().io, Promise.resolve(), { CAUSEWAY_HUB_SECRET: SECRET })).rejects.toBeInstanceOf(UsageError);
    }
  });

  it('refuses to start without a strong CAUSEWAY_HUB_SECRET, or when Redis does not answer', async () => {
    const noSecret = io();
    expect(await hubCommand(['--redis', 'redis://127.0.0.1:1'], noSecret.io, Promise.resolve(), {})).toBe(1);
    expect(noSecret.err[0]).toMatch(/^causeway hub: CAUSEWAY_HUB_SECRET is not set/);
    const weak = io();
    expect(await hubCommand(['--redis', 'redis://127.0.0.1:1'], weak.io, Promise.resolve(), { CAUSEWAY_HUB_SECRET: 'abc' })).toBe(1);
    expect(weak.err[0]).toMatch(/too short/);
    const port = await freePort();
    const noRedis = io();
    expect(await hubCommand(['--redis', `redis://127.0.0.1:${port}`], noRedis.io, Promise.resolve(), { CAUSEWAY_HUB_SECRET: SECRET })).toBe(1);
    expect(noRedis.err[0]).toBe(`causeway hub: cannot reach Redis at 127.0.0.1:${port} (connection refused). Start it, or give its address with --redis.`);
  });

  it.skipIf(!REDIS)('serves invites on a real Redis and stops on Ctrl+C', async () => {
    const redisPort = await freePort();
    const redis = spawn(REDIS!, ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    try {
      let stop!: () => void;
      const stopped = new Promise<void>((resolve) => (stop = resolve));
      const run = io();
      await until(async () => (await hubCommand(['--redis', `redis://127.0.0.1:${redisPort}`, '--port', '0'], io().io, Promise.resolve(), { CAUSEWAY_HUB_SECRET: SECRET })) === 0, 5000, 'redis-server');
      const exit = hubCommand(['--redis', `redis://127.0.0.1:${redisPort}`, '--port', '0'], run.io, stopped, { CAUSEWAY_HUB_SECRET: SECRET });
      const address = await until(() => run.out.join('\n').match(/listening on (ws:\/\/127\.0\.0\.1:\d+) /)?.[1], 5000, 'the hub');
      // The page an invite link opens, under the editor's policy; nothing else is served.
      const page = await fetch(`${address!.replace('ws:', 'http:')}/`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(await page.text()).toContain('<meta name="causeway-live"');
      expect((await fetch(`${address!.replace('ws:', 'http:')}/../../etc/passwd`)).status).toBe(404);
      const rebound = await new Promise<number | undefined>((resolve) => {
        const url = new URL(address!.replace('ws:', 'http:'));
        request({ host: url.hostname, port: url.port, path: '/', headers: { Host: 'evil.example' } }, (response) => {
          response.resume();
          resolve(response.statusCode);
        }).end();
      });
      expect(rebound).toBe(403); // a page under another host name (DNS rebinding) is refused
      // With no file's process connected yet, a person is let in and waits for the session.
      const token = signInvite({ doc: 'plan', id: 'bob', role: 'participant', invite: 'i1', exp: Date.now() + 60_000 }, SECRET);
      const client = await CollabClient.start({ url: `${address!}/collab`, documentName: 'plan', credential: token, WebSocket });
      await until(() => client.identity?.id === 'bob', 3000, 'the welcome');
      expect(client.status).toBe('connecting');
      await client.close();
      stop();
      expect(await exit).toBe(0);
      expect(run.out.at(-1)).toBe('Stopped. The people on this hub reconnect through the others.');
    } finally {
      redis.kill();
    }
  });
});
