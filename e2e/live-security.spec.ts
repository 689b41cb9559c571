// `causeway open` as another local site sees it: a page of another server on this machine, in
// the same browser where the person has the editor open, tries everything it can reach and
// gets nothing of the file: no cookie to replay, no secret to read, no channel to open.
import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EXAMPLE_PATH, waitForLayout } from './helpers';
import { serve, stopAll } from './live-helpers';
import { BIN, temporaryCopy } from './workspace';

let evil: Server | undefined;
test.afterEach(async () => {
  await stopAll();
  await new Promise<void>((resolve) => (evil ? evil.close(() => resolve()) : resolve()));
  evil = undefined;
});

/** A page served from another port of 127.0.0.1 that tries the workspace server and writes down what it got. */
function evilPage(target: number, usedCode: string): string {
  return `<!doctype html><html><body><pre id="out">running</pre><script>
  const base = 'http://127.0.0.1:${target}';
  const results = { cookies: document.cookie };
  const attempt = (name, run) => run().then((v) => (results[name] = v), (e) => (results[name] = 'failed: ' + e.message));
  const channel = (protocols) => new Promise((resolve) => {
    const ws = new WebSocket('ws://127.0.0.1:${target}/live', protocols);
    ws.onmessage = (event) => { resolve('got: ' + String(event.data).slice(0, 60)); ws.close(); };
    ws.onerror = () => resolve('refused');
    setTimeout(() => resolve('no answer'), 5000);
  });
  Promise.all([
    attempt('exchange', () => fetch(base + '/session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code: '${usedCode}' }) }).then((r) => 'status ' + r.status)),
    attempt('secretCheck', () => fetch(base + '/session', { headers: { Authorization: 'Bearer guess' } }).then((r) => 'status ' + r.status)),
    attempt('plainChannel', () => channel(['causeway.live.v2'])),
    attempt('guessedChannel', () => channel(['causeway.live.v2', 'causeway.secret.guess'])),
    attempt('page', () => fetch(base + '/', { credentials: 'include' }).then((r) => r.text()).then((t) => t.slice(0, 20))),
  ]).then(() => { document.getElementById('out').textContent = JSON.stringify(results); });
  </script></body></html>`;
}

test('another local site the person visits, in the same browser, gets nothing of the file', async ({ page, context }) => {
  const path = temporaryCopy(EXAMPLE_PATH);
  const server = await serve(path);
  await page.goto(server.url);
  await waitForLayout(page, 'current_reality');
  const used = new URL(server.url).hash.replace('#code=', '');
  // The person's page holds its secret; nothing of it is in a cookie.
  expect(await context.cookies()).toEqual([]);

  evil = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(evilPage(server.port, used));
  });
  await new Promise<void>((resolve) => evil!.listen(0, '127.0.0.1', () => resolve()));
  const evilPort = (evil.address() as AddressInfo).port;
  const visit = await context.newPage();
  await visit.goto(`http://127.0.0.1:${evilPort}/`);
  await expect(visit.locator('#out')).not.toHaveText('running', { timeout: 15_000 });
  const results = JSON.parse((await visit.locator('#out').textContent())!) as Record<string, string>;
  expect(results.cookies).toBe('');
  expect(results.exchange).toMatch(/^failed/); // refused (403) before the browser would even show it
  expect(results.secretCheck).toMatch(/^failed/);
  expect(results.plainChannel).toBe('refused');
  expect(results.guessedChannel).toBe('refused');
  expect(results.page).toMatch(/^failed/); // not readable across origins
  // The person's page is still connected and unharmed.
  await expect(page.getByTestId('save-status')).toHaveText(/Saved/);
});

test('the browser that causeway open opens goes through a private file to the editor, and the file is gone once used', async ({ page }) => {
  const path = temporaryCopy(EXAMPLE_PATH);
  const scratch = mkdtempSync(join(tmpdir(), 'causeway-opener-'));
  const log = join(scratch, 'opened');
  writeFileSync(join(scratch, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > "${log}"\n`);
  chmodSync(join(scratch, 'xdg-open'), 0o755);
  const child = spawn(process.execPath, [BIN, 'open', path, '--port', '0'], { stdio: 'ignore', env: { ...process.env, PATH: `${scratch}:${process.env.PATH}` } });
  try {
    await expect.poll(() => existsSync(log), { timeout: 20_000 }).toBe(true);
    const opened = readFileSync(log, 'utf8');
    expect(opened).not.toContain('code');
    await page.goto(pathToFileURL(opened).href);
    await waitForLayout(page, 'current_reality');
    await expect(page.getByTestId('save-status')).toHaveText(/Saved/);
    expect(new URL(page.url()).hash).toBe('');
    await expect.poll(() => existsSync(opened), { timeout: 5000 }).toBe(false);
  } finally {
    child.kill('SIGINT');
  }
});
