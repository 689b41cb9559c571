// Scale-out, as a team runs it: a real redis-server, two `causeway hub` processes behind load
// balancers, and `causeway open FILE --hub` as the file's one writer. Tom's invite link opens the
// editor through one balancer (hub A), Priya's through the other (hub B). An edit crosses from one
// hub to the other and reaches the file, credited to its author; then hub A stops, the balancer in
// front of it has no backend for a moment (Tom types meanwhile), then sends him to hub B: his page
// reconnects and nothing he typed is lost; the file's process fails over the same way.
//
// The load balancer is a small TCP proxy in this test (what a real deployment has in front of the
// hubs: nginx, HAProxy, a cloud balancer). Each balancer prefers one hub and takes the other when
// it is gone; the invite links name the balancer the file's process was given (`--hub`), and the
// second person's link is the same invite through the other balancer, as a team's DNS would spread
// people over the hubs.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { EXAMPLE_PATH, waitForLayout } from './helpers';
import { card, read, selectNode, side, status, textField } from './live-helpers';
import { closeOtherBrowsers, otherBrowser } from './other-browsers';
import { BIN, startCauseway, temporaryCopy, type RunningCauseway } from './workspace';
import { REDIS_SERVER, startRedis } from '../src/collab/local-redis';

const SECRET = 'scale-out-test-secret-0123456789-abcdefghijklmnop';

interface Hub {
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startHub(redisPort: number): Promise<Hub> {
  const child = spawn(process.execPath, [BIN, 'hub', '--redis', `redis://127.0.0.1:${redisPort}`, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CAUSEWAY_HUB_SECRET: SECRET } });
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`causeway hub printed no address:\n${out}`)), 20_000);
    child.stdout!.on('data', () => {
      const match = out.match(/listening on ws:\/\/127\.0\.0\.1:(\d+)/);
      if (match) (clearTimeout(timer), resolve(Number(match[1])));
    });
    child.once('exit', (code) => reject(new Error(`causeway hub exited (${code}):\n${out}`)));
  });
  return {
    port,
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGINT');
      await exited;
    },
  };
}

/** A load balancer: each connection goes to the first backend that takes it; none while `backends` is empty. */
interface Balancer {
  port: number;
  backends: number[];
  close(): void;
}

async function startBalancer(backends: number[]): Promise<Balancer> {
  const balancer: Balancer = { port: 0, backends, close: () => undefined };
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    open.add(client);
    client.pause();
    client.on('error', () => undefined);
    client.on('close', () => open.delete(client));
    const tryNext = (list: number[]) => {
      if (list.length === 0) return client.destroy();
      const upstream = createConnection(list[0]!, '127.0.0.1');
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        client.pipe(upstream).pipe(client);
        client.resume();
      });
      upstream.on('error', () => {
        upstream.destroy();
        if (!connected) tryNext(list.slice(1));
      });
      upstream.on('close', () => client.destroy());
      client.on('close', () => upstream.destroy());
    };
    tryNext([...balancer.backends]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  balancer.port = (server.address() as { port: number }).port;
  balancer.close = () => {
    for (const socket of open) socket.destroy();
    server.close();
  };
  return balancer;
}

/** Runs the command line without blocking this process (the balancers live here). */
function causeway(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CAUSEWAY_HUB_SECRET: SECRET } });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, stdout, stderr })));
}

async function invite(path: string, who: string): Promise<string> {
  const run = await causeway('invite', path, who);
  if (run.status !== 0) throw new Error(`causeway invite ${who} failed (${run.status}): ${run.stderr}`);
  return run.stdout.trim();
}

async function joinWith(browser: Browser, link: string): Promise<Page> {
  const page = await (await otherBrowser(browser, { viewport: { width: 1440, height: 900 } })).newPage();
  await page.goto(link);
  await page.getByRole('tab', { name: /Current Reality Tree/ }).click();
  await waitForLayout(page, 'current_reality');
  return page;
}

const SHOTS = fileURLToPath(new URL('screenshots', import.meta.url));

/** The page at a desktop's size and a phone's, for a person to look at. */
async function shots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(SHOTS, `${name}-phone.png`) });
  await page.setViewportSize({ width: 1440, height: 900 });
}

function creditOf(path: string, id: string): unknown {
  const file = parse(read(path)) as { trees: { current_reality: { nodes: { id: string; text: string; contributions?: unknown[] }[] } } };
  return file.trees.current_reality.nodes.find((node) => node.id === id);
}

test.describe('scale-out over Redis', () => {
  test.skip(!REDIS_SERVER, 'redis-server is not installed on this machine (apt-get install redis-server; .ci/run installs it, so CI runs this test)');

  let folder: string;
  let redis: ChildProcess;
  let hubA: Hub;
  let hubB: Hub;
  let lbA: Balancer;
  let lbB: Balancer;
  let writer: RunningCauseway;
  let path: string;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    folder = mkdtempSync(join(tmpdir(), 'causeway-redis-'));
    let redisPort: number;
    ({ port: redisPort, process: redis } = await startRedis(folder));
    [hubA, hubB] = await Promise.all([startHub(redisPort), startHub(redisPort)]);
    lbA = await startBalancer([hubA.port, hubB.port]);
    lbB = await startBalancer([hubB.port, hubA.port]);
    path = temporaryCopy(EXAMPLE_PATH, 'plan.yaml');
    process.env.CAUSEWAY_HUB_SECRET = SECRET; // for the file's process started below
    writer = await startCauseway(path, '--hub', `ws://127.0.0.1:${lbA.port}`);
    delete process.env.CAUSEWAY_HUB_SECRET;
  });

  test.afterAll(async () => {
    await closeOtherBrowsers();
    await writer?.stop();
    await hubA?.stop();
    await hubB?.stop();
    lbA?.close();
    lbB?.close();
    redis?.kill();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  test('an edit crosses the hubs to the file, credited; a hub stops and its person reconnects to the other, losing nothing', async ({ browser, page: driver }) => {
    test.setTimeout(180_000);
    expect(writer.output()).toContain(`Group session "plan" on the hubs at ws://127.0.0.1:${lbA.port}`);
    // A second file process for the same session is refused, with the reason.
    const second = await causeway('open', path, '--no-browser', '--port', '0', '--hub', `ws://127.0.0.1:${lbB.port}`);
    expect(second.status).toBe(1);
    expect(second.stderr).toContain('another causeway open is already the writer of the session "plan"');

    const tomLink = await invite(path, 'tom');
    expect(tomLink).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${lbA.port}/#invite=cw1\\.`));
    const priyaLink = (await invite(path, 'priya')).replace(`:${lbA.port}/`, `:${lbB.port}/`);
    const [tom, priya] = await Promise.all([joinWith(browser, tomLink), joinWith(browser, priyaLink)]); // hub A, hub B
    await expect(tom.getByTestId('presence-strip')).toContainText('Tom (you)');
    await expect(tom.getByTestId('presence-strip')).toContainText('Priya');
    await expect(priya.getByTestId('presence-strip')).toContainText('Tom');
    // The driver's own page stays on this computer; it sees who is on the hubs and invites to them.
    await driver.goto(writer.url);
    await waitForLayout(driver, 'current_reality');
    await expect(driver.getByTestId('presence-strip')).toContainText('Tom');
    await expect(driver.getByTestId('presence-strip')).toContainText('Priya');
    await expect(tom.getByTestId('presence-strip')).toContainText('Maya'); // the driver, named by the file
    await side(driver).getByRole('button', { name: 'People' }).click();
    await side(driver).getByRole('button', { name: 'Observer link', exact: true }).click();
    await expect(side(driver).getByRole('group', { name: 'Link for an observer' }).getByTestId('invite-link')).toHaveValue(new RegExp(`^http://127\\.0\\.0\\.1:${lbA.port}/#invite=cw1\\.`));
    await expect(side(driver).locator('[data-invite="tom"]')).toContainText('joined');
    await expect(side(driver).getByRole('group', { name: 'Link for an observer' })).toContainText('works until revoked');
    await expect(side(driver).getByTestId('group-invites')).toContainText(`on the hubs at http://127.0.0.1:${lbA.port}`);
    await shots(driver, 'hub-driver-invites');
    await shots(tom, 'hub-participant');

    // Tom adds a node on hub A: Priya sees it on hub B, the file has it credited to Tom.
    await tom.getByRole('button', { name: '+ Add node' }).click();
    const dialog = tom.getByRole('dialog', { name: /Add a node/ });
    await dialog.getByLabel('Kind').selectOption({ label: 'Cause' });
    await dialog.getByLabel('Statement').fill('Volunteers arrive after the queue has formed.');
    await dialog.getByRole('button', { name: 'Add node' }).click();
    const added = tom.locator('[data-node-id]', { hasText: 'Volunteers arrive after the queue has formed.' });
    await expect(added).toBeVisible();
    const id = (await added.getAttribute('data-node-id'))!;
    await expect(card(priya, id)).toBeVisible({ timeout: 3000 });
    await expect.poll(() => (creditOf(path, id) as { contributions?: unknown } | undefined)?.contributions, { timeout: 5000 }).toEqual([{ by: 'tom', attribution: 'explicit', mode: 'text' }]);

    // Hub A stops; its balancer has no backend for a moment. Tom keeps typing.
    lbA.backends = [];
    await hubA.stop();
    await expect(status(tom)).toHaveText(/Offline|Disconnected|Connecting/, { timeout: 10_000 });
    const text = tom.getByRole('textbox', { name: 'Text', exact: true });
    await text.press('Control+End');
    await text.pressSequentially(' Typed while hub A was down.', { timeout: 60_000 }); // many keystrokes: more than one click's budget on a busy machine
    await tom.waitForTimeout(500);
    expect((creditOf(path, id) as { text: string }).text).not.toContain('hub A was down');
    // The driver works on meanwhile: the file's process holds the session, so the file gets it
    // now, and the hubs once the process is back with them.
    await selectNode(driver, 'r1');
    await textField(driver, 'r1').press('Control+End');
    await textField(driver, 'r1').pressSequentially(' Noted while the hubs were away.');
    await expect.poll(() => (creditOf(path, 'r1') as { text: string }).text, { timeout: 10_000 }).toMatch(/ Noted while the hubs were away\.$/);
    await expect(status(driver)).toHaveText(/Saved/, { timeout: 10_000 });

    // The balancer sends Tom (and the file's process) to hub B: nothing typed is lost.
    lbA.backends = [hubB.port];
    // Tom's page tries again at most 10 s apart (it backed off while no hub answered).
    await expect(card(priya, id)).toContainText('has formed. Typed while hub A was down.', { timeout: 30_000 });
    await expect.poll(() => (creditOf(path, id) as { text: string }).text, { timeout: 10_000 }).toBe('Volunteers arrive after the queue has formed. Typed while hub A was down.');
    await expect(status(tom)).toHaveText(/Saved/, { timeout: 10_000 });
    await expect(card(priya, 'r1')).toContainText('Noted while the hubs were away.', { timeout: 10_000 });
    // And the other way, after the failover: Priya's edit reaches Tom and the file.
    await selectNode(priya, id);
    await textField(priya, id).press('Control+End');
    await textField(priya, id).pressSequentially(' Both agree.');
    await expect(card(tom, id)).toContainText('hub A was down. Both agree.', { timeout: 5000 });
    await expect.poll(() => (creditOf(path, id) as { text: string }).text, { timeout: 10_000 }).toContain('Both agree.');

    // The driver types into the same statement from this computer: the words reach both hubs and
    // the file, and the others see the driver's selection and typing as they happen.
    // (The inspector shows the card once it is selected: the keys go to its field, not the last one.)
    await selectNode(driver, id);
    await expect(card(tom, id)).toHaveAttribute('data-selected-by', /Maya/, { timeout: 5000 });
    await textField(driver, id).press('Control+End');
    await textField(driver, id).pressSequentially(' Maya notes it.');
    await expect(priya.getByTestId('presence-strip')).toContainText(`is editing ${id}`);
    await expect(card(tom, id)).toContainText('Both agree. Maya notes it.', { timeout: 5000 });
    await expect(card(priya, id)).toContainText('Both agree. Maya notes it.', { timeout: 5000 });
    await expect.poll(() => (creditOf(path, id) as { text: string }).text, { timeout: 10_000 }).toBe('Volunteers arrive after the queue has formed. Typed while hub A was down. Both agree. Maya notes it.');
    await expect(status(driver)).toHaveText(/Saved/, { timeout: 10_000 });

    // The driver revokes Tom's link: he is disconnected on whichever hub he is, at once.
    await side(driver).getByRole('button', { name: 'People' }).click();
    await side(driver).getByRole('button', { name: 'Revoke the invite of Tom' }).click();
    await expect(status(tom)).toHaveText(/Disconnected|Connecting/, { timeout: 5000 });
    await expect(priya.getByTestId('presence-strip')).not.toContainText('Tom', { timeout: 5000 });
  });
});
