// `causeway open` run as a user runs it: refusals, --new, the printed address, and Ctrl+C.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openWorkingFile } from '../format';
import { fixture } from '../format/fixtures';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = join(ROOT, 'bin/causeway.js');
const folder = () => mkdtempSync(join(tmpdir(), 'causeway-open-'));
const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 30_000 });

/** Starts `causeway open`, waits for the address it prints. */
function start(...args: string[]) {
  const child = spawn(process.execPath, [BIN, 'open', ...args, '--no-browser'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const address = new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address printed:\n${out}\n${err}`)), 20_000);
    child.stdout.on('data', () => {
      const match = out.match(/http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+/);
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

  it('prints an address on 127.0.0.1 carrying the secret, serves it, and stops cleanly on Ctrl+C', async () => {
    const path = join(folder(), 'work.yaml');
    writeFileSync(path, fixture('two-trees.yaml'));
    const server = start(path, '--port', '0');
    const url = await server.address;
    expect(server.output()).toContain(`Causeway is editing ${path}`);
    expect(await status(url)).toBe(200);
    expect(await status(url.replace(/\?token=.*/, ''))).toBe(401);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('Stopped.');
    expect(readFileSync(path, 'utf8')).toBe(fixture('two-trees.yaml'));
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

  it('warns when it listens beyond this computer', async () => {
    const path = join(folder(), 'work.yaml');
    writeFileSync(path, fixture('two-trees.yaml'));
    const server = start(path, '--port', '0', '--host', '0.0.0.0');
    await server.address;
    expect(server.errors()).toMatch(/^Warning: listening on 0\.0\.0\.0/m);
    server.child.kill('SIGINT');
    await server.exited;
  });
});
