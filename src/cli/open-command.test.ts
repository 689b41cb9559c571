// `causeway open` run as a user runs it: refusals, --new, the printed address, and Ctrl+C.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { openWorkingFile } from '../format';
import { LIVE_PROTOCOL, SECRET_PROTOCOL_PREFIX } from '../protocol/workspace-protocol';
import { fixture } from '../format/fixtures';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = join(ROOT, 'bin/causeway.js');
const folder = () => mkdtempSync(join(tmpdir(), 'causeway-open-'));
const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 30_000 });

/** Starts `causeway open`, waits for the address it prints. */
function start(...args: string[]) {
  return startWith({}, ...args, '--no-browser');
}

function startWith(env: Record<string, string>, ...args: string[]) {
  const child = spawn(process.execPath, [BIN, 'open', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const address = new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address printed:\n${out}\n${err}`)), 20_000);
    child.stdout.on('data', () => {
      const match = out.match(/http:\/\/127\.0\.0\.1:\d+\/#code=[\w-]+/);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[0]);
      }
    });
    child.on('exit', () => reject(new Error(`exited early:\n${out}\n${err}`)));
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, address, exited, output: () => out, errors: () => err };
}

function status(url: string): Promise<number> {
  return new Promise((done, fail) => request(url, (res) => done(res.statusCode ?? 0)).on('error', fail).end());
}

/** Exchanges the one-time code of `address` as the page does; the HTTP status of the answer. */
function exchange(address: string, host?: string): Promise<number> {
  const url = new URL(address);
  const code = url.hash.replace(/^#code=/, '');
  return new Promise((done, fail) =>
    request(
      { host: '127.0.0.1', port: url.port, path: '/session', method: 'POST', headers: { 'Content-Type': 'application/json', Origin: url.origin, Host: host ?? url.host } },
      (res) => {
        res.resume();
        done(res.statusCode ?? 0);
      },
    )
      .on('error', fail)
      .end(JSON.stringify({ code })),
  );
}

/** A stand-in for xdg-open that records what it was given. */
function fakeOpener(): { bin: string; log: string } {
  const dir = folder();
  const log = join(dir, 'opened.log');
  const bin = join(dir, 'xdg-open');
  writeFileSync(bin, `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a" >> "${log}"; done\n`);
  chmodSync(bin, 0o755);
  return { bin: dir, log };
}

async function until<T>(look: () => T | undefined, ms = 10_000): Promise<T> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
    const found = look();
    if (found !== undefined) return found;
  }
  throw new Error('timed out');
}

describe('causeway open', () => {
  it('refuses a file that does not exist, and says how to start one', () => {
    const missing = join(folder(), 'plan.yaml');
    const result = run('open', missing, '--no-browser');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('does not exist');
    expect(result.stderr).toContain(`causeway open --new ${missing}`);
    expect(existsSync(missing)).toBe(false);
  });

  it('--new creates a minimal valid working file, and refuses to replace one', async () => {
    const path = join(folder(), 'new-plan.yaml');
    const server = start(path, '--new', '--port', '0');
    await server.address;
    const created = readFileSync(path, 'utf8');
    const opened = openWorkingFile(created);
    expect(opened.valid).toBe(true);
    expect(opened.diagnostics).toEqual([]);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    const again = run('open', path, '--new', '--no-browser');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already exists');
    expect(readFileSync(path, 'utf8')).toBe(created);
  });

  it('prints an address on 127.0.0.1 with a one-time code, serves it, and stops cleanly on Ctrl+C', async () => {
    const path = join(folder(), 'work.yaml');
    writeFileSync(path, fixture('two-trees.yaml'));
    const server = start(path, '--port', '0');
    const url = await server.address;
    expect(server.output()).toContain(`Causeway is editing ${path}`);
    expect(await status(url)).toBe(200);
    expect(await exchange(url)).toBe(200);
    expect(await exchange(url)).toBe(401); // once only: found in a history later, it lets nobody in
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('Stopped.');
    expect(readFileSync(path, 'utf8')).toBe(fixture('two-trees.yaml'));
  });

  it('--hub needs the hubs\' secret and a ws:// address, and names the address it cannot reach', async () => {
    const dir = folder();
    const file = join(dir, 'plan.yaml');
    writeFileSync(file, fixture('two-trees.yaml'));
    const before = readFileSync(file, 'utf8');
    const openWith = (env: Record<string, string | undefined>, ...args: string[]) => spawnSync(process.execPath, [BIN, 'open', file, '--no-browser', '--port', '0', ...args], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, CAUSEWAY_HUB_SECRET: undefined, ...env } });
    const noSecret = openWith({}, '--hub', 'ws://127.0.0.1:4880');
    expect(noSecret.status).toBe(2);
    expect(noSecret.stderr).toContain('CAUSEWAY_HUB_SECRET is not set');
    const weak = openWith({ CAUSEWAY_HUB_SECRET: 'short' }, '--hub', 'ws://127.0.0.1:4880');
    expect(weak.status).toBe(2);
    expect(weak.stderr).toContain('CAUSEWAY_HUB_SECRET is too short (5 characters)');
    const secret = { CAUSEWAY_HUB_SECRET: 'a-secret-long-enough-for-the-hubs-0123456789' };
    const notWs = openWith(secret, '--hub', 'http://127.0.0.1:4880');
    expect(notWs.status).toBe(2);
    expect(notWs.stderr).toContain('is not a WebSocket address');
    const onFolder = spawnSync(process.execPath, [BIN, 'open', dir, '--no-browser', '--hub', 'ws://127.0.0.1:4880'], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, ...secret } });
    expect(onFolder.status).toBe(2);
    expect(onFolder.stderr).toContain('--hub shares one working file');
    const port = await new Promise<number>((done) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const taken = (probe.address() as { port: number }).port;
        probe.close(() => done(taken));
      });
    });
    const unreachable = openWith(secret, '--hub', `ws://127.0.0.1:${port}`);
    expect(unreachable.status).toBe(1);
    expect(unreachable.stderr).toContain(`cannot reach the hub at ws://127.0.0.1:${port}/collab (connection refused)`);
    expect(unreachable.stdout).not.toContain('#code=');
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('refuses a port that is taken', async () => {
    const path = join(folder(), 'work.yaml');
    writeFileSync(path, fixture('two-trees.yaml'));
    const first = start(path, '--port', '0');
    const port = new URL(await first.address).port;
    const second = run('open', path, '--port', port, '--no-browser');
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`port ${port} is in use`);
    first.child.kill('SIGINT');
    await first.exited;
  });

  it('warns when it listens beyond this computer, and then answers on the machine\'s own addresses', async () => {
    const path = join(folder(), 'work.yaml');
    writeFileSync(path, fixture('two-trees.yaml'));
    const server = start(path, '--port', '0', '--host', '0.0.0.0');
    const url = await server.address;
    await until(() => (server.output().includes('Press Ctrl+C') ? true : undefined)); // everything it prints at the start
    expect(server.errors()).toMatch(/^Warning: listening on 0\.0\.0\.0/m);
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    if (lan) {
      const port = new URL(url).port;
      expect(server.output()).toContain(`From another machine, the same code works once at: http://${lan}:${port}/#code=`);
      // A request to the LAN address names it as its Host: allowed, as another machine would send it.
      expect(await exchange(url, `${lan}:${port}`)).toBe(200);
      expect(await exchange(url.replace('127.0.0.1', lan), `evil.example:${port}`)).toBe(403);
    }
    server.child.kill('SIGINT');
    await server.exited;
  });

  it('opens the browser on a private file that forwards to its own one-time address: no secret on a command line', async () => {
    const path = join(folder(), 'work.yaml');
    writeFileSync(path, fixture('two-trees.yaml'));
    const opener = fakeOpener();
    const server = startWith({ PATH: `${opener.bin}:${process.env.PATH}` }, path, '--port', '0');
    const printed = await server.address;
    const given = await until(() => (existsSync(opener.log) ? readFileSync(opener.log, 'utf8').trim() : undefined));
    // The opener was given a path, nothing else: the process list shows no code.
    expect(given.split('\n')).toHaveLength(1);
    expect(given).not.toContain('code');
    expect(given).not.toContain(new URL(printed).hash.slice(6));
    expect(statSync(given).mode & 0o777).toBe(0o600);
    expect(statSync(join(given, '..')).mode & 0o777).toBe(0o700);
    const forwarded = readFileSync(given, 'utf8').match(/url=(http:\/\/127\.0\.0\.1:\d+\/#code=[\w-]+)/)![1]!;
    expect(forwarded).not.toBe(printed); // its own code: the printed one stays for another browser
    expect(await exchange(forwarded)).toBe(200);
    await until(() => (existsSync(given) ? undefined : true)); // removed once used
    expect(await exchange(printed)).toBe(200);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  });

  it('tells both runs when a second one edits the same file', async () => {
    const path = join(folder(), 'work.yaml');
    writeFileSync(path, fixture('two-trees.yaml'));
    const first = start(path, '--port', '0');
    await first.address;
    const second = start(path, '--port', '0');
    await second.address;
    const told = new RegExp(`another causeway open \\(process ${first.child.pid}, port \\d+\\) is editing this file`);
    await until(() => (told.test(second.errors()) ? true : undefined));
    await until(() => (/another causeway open \(process \d+, port \d+\) has started editing this file/.test(first.errors()) ? true : undefined));
    for (const run of [first, second]) run.child.kill('SIGINT');
    await Promise.all([first.exited, second.exited]);
  });

  it('a folder holding a pipe lists at once, and Ctrl+C still stops it', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'work.yaml'), fixture('two-trees.yaml'));
    spawnSync('mkfifo', [join(dir, 'pipe.yaml')]);
    const server = start(dir, '--port', '0');
    const url = new URL(await server.address);
    const secret = await new Promise<string>((done, fail) =>
      request({ host: '127.0.0.1', port: url.port, path: '/session', method: 'POST', headers: { 'Content-Type': 'application/json', Origin: url.origin } }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => done(JSON.parse(body).secret));
      })
        .on('error', fail)
        .end(JSON.stringify({ code: url.hash.replace('#code=', '') })),
    );
    const listing = await new Promise<string>((done, fail) => {
      const socket = new WebSocket(`ws://127.0.0.1:${url.port}/live`, [LIVE_PROTOCOL, `${SECRET_PROTOCOL_PREFIX}${secret}`]);
      socket.on('message', (data) => {
        done(String(data));
        socket.close();
      });
      socket.on('error', fail);
    });
    expect(listing).toContain('pipe.yaml is a pipe: not a regular file');
    const stopping = Date.now();
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(5000);
  });

  it('refuses to open a pipe', () => {
    const dir = folder();
    spawnSync('mkfifo', [join(dir, 'pipe.yaml')]);
    const result = run('open', join(dir, 'pipe.yaml'), '--no-browser');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('is not a regular file');
  });
});
