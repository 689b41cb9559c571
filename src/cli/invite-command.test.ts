// `causeway invite` as a user runs it, beside a real `causeway open`: a link for a participant and
// one for an observer, each letting one browser in once; someone new added to the participants
// with --name; clear refusals when no session runs or the id is not a participant. The request
// goes through a socket only this user can reach.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import WebSocket from 'ws';
import { SAMPLES } from '../format/fixtures';
import * as ops from '../format';
import { displayName, type WorkingFile } from '../format';
import { CollabClient } from '../collab/client';
import { GROUP_DOCUMENT } from '../protocol/workspace-protocol';
import { privateFolder } from '../disk/private-folder';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = join(ROOT, 'bin/causeway.js');
const invite = (...args: string[]) => spawnSync(process.execPath, [BIN, 'invite', ...args], { encoding: 'utf8', timeout: 30_000 });
/** The same, without waiting: several people invited at the same moment. */
const inviteAtOnce = (...args: string[]) =>
  new Promise<number | null>((done) => spawn(process.execPath, [BIN, 'invite', ...args], { stdio: 'ignore' }).on('exit', (code) => done(code)));

function exchange(link: string): Promise<{ status: number; body: string }> {
  const url = new URL(link);
  return new Promise((done, fail) =>
    request({ host: '127.0.0.1', port: url.port, path: '/session', method: 'POST', headers: { 'Content-Type': 'application/json', Origin: url.origin } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, body }));
    })
      .on('error', fail)
      .end(JSON.stringify({ code: url.hash.replace(/^#code=/, '') })),
  );
}

/** A WebSocket that says it comes from `origin`, as a browser's page does (the server checks it). */
function fromOrigin(origin: string): unknown {
  return class extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: { Origin: origin } });
      this.on('error', () => undefined);
    }
  };
}

describe('causeway invite', () => {
  it('prints one-time links for a participant and an observer of the session running on the file', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'causeway-invite-'));
    const file = join(folder, 'plan.yaml');
    writeFileSync(file, SAMPLES.workshop);
    const other = join(folder, 'other.yaml');
    writeFileSync(other, SAMPLES.workshop);

    const none = invite(other, 'bob');
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('no group session runs on');

    const child = spawn(process.execPath, [BIN, 'open', file, '--no-browser'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      await new Promise<void>((done, fail) => {
        let out = '';
        const timer = setTimeout(() => fail(new Error(`causeway open did not start:\n${out}`)), 20_000);
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          out += chunk;
          if (out.includes('Press Ctrl+C')) (clearTimeout(timer), done());
        });
      });
      const bob = invite(file, 'bob');
      expect(bob.stderr).toBe('');
      expect(bob.status).toBe(0);
      const link = bob.stdout.trim();
      expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#code=[\w-]+$/);
      const exchanged = await exchange(link);
      expect(exchanged.status).toBe(200);
      expect(JSON.parse(exchanged.body)).toMatchObject({ role: 'participant' });
      expect((await exchange(link)).status).toBe(401); // once only

      const observer = invite(file, '--observer');
      expect(observer.status).toBe(0);
      expect(JSON.parse((await exchange(observer.stdout.trim())).body)).toMatchObject({ role: 'observer' });

      const stranger = invite(file, 'mallory');
      expect(stranger.status).toBe(1);
      expect(stranger.stderr).toContain('"mallory" is not among the file\'s participants');
      expect(stranger.stderr).toContain('--name');
      expect(readFileSync(file, 'utf8')).toBe(SAMPLES.workshop);
      expect(invite(file).status).toBe(2);
      expect(invite(file, '--observer', '--name', 'Mallory').status).toBe(2);

      // Someone new, with their name: added to the file's participants (nothing else of the file
      // changes), then invited; their edits in the session are credited to them.
      const added = invite(file, 'mallory', '--name', 'Mallory Reyes');
      expect(added.status).toBe(0);
      expect(added.stderr).toContain('mallory (Mallory Reyes) is now among the participants');
      const written = readFileSync(file, 'utf8');
      expect(written).toBe(SAMPLES.workshop.replace('  erin: Erin\n', '  erin: Erin\n  mallory: Mallory Reyes\n'));
      const mallory = await exchange(added.stdout.trim());
      expect(mallory.status).toBe(200);
      const { secret } = JSON.parse(mallory.body) as { secret: string };
      const port = new URL(added.stdout.trim()).port;
      const client = await CollabClient.start({ url: `ws://127.0.0.1:${port}/collab`, documentName: GROUP_DOCUMENT, credential: secret, WebSocket: fromOrigin(`http://127.0.0.1:${port}`) });
      try {
        await client.whenConnected();
        await expect.poll(() => displayName(client.data, 'mallory'), { timeout: 10_000 }).toBe('Mallory Reyes');
        expect(client.edit((data) => ops.addNode(data as WorkingFile, 'current_reality', { kind: 'cause', text: 'Quotes wait for a second signature.' })).ok).toBe(true);
        await expect.poll(() => readFileSync(file, 'utf8'), { timeout: 15_000 }).toContain('Quotes wait for a second signature.');
        const node = (parse(readFileSync(file, 'utf8')) as WorkingFile).trees.current_reality!.nodes.find((n) => n.text === 'Quotes wait for a second signature.');
        expect(node?.contributions).toEqual([{ by: 'mallory', attribution: 'explicit', mode: 'text' }]);
      } finally {
        await client.close();
      }

      // Already a participant: --name changes nothing. Reserved or blank: refused, nothing written.
      const again = invite(file, 'bob', '--name', 'Robert');
      expect(again.status).toBe(0);
      expect(again.stderr).toBe('');
      const before = readFileSync(file, 'utf8');
      const reserved = invite(file, 'assistant', '--name', 'Helper');
      expect(reserved.status).toBe(1);
      expect(reserved.stderr).toContain('reserved');
      expect(invite(file, 'zed', '--name', '  ').status).toBe(2);
      expect(readFileSync(file, 'utf8')).toBe(before);

      // Three new people invited at the same moment: each is added, none refused for the others' writes.
      const people = ['ana', 'ben', 'cy'];
      expect(await Promise.all(people.map((id) => inviteAtOnce(file, id, '--name', `Person ${id}`)))).toEqual([0, 0, 0]);
      const named = (parse(readFileSync(file, 'utf8')) as { participants: Record<string, string> }).participants;
      for (const id of people) expect(named[id]).toBe(`Person ${id}`);

      // The socket is this user's alone.
      const privateDir = (await privateFolder())!;
      const socket = readdirSync(privateDir).find((name) => name === `invite-${child.pid}.sock`);
      expect(socket).toBeDefined();
      expect(statSync(join(privateDir, socket!)).mode & 0o077).toBe(0);
      expect(statSync(privateDir).mode & 0o077).toBe(0);
    } finally {
      child.kill('SIGINT');
      await new Promise((done) => child.on('exit', done));
    }
  }, 60_000);
});
