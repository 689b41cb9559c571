// Group sessions (issue 24): an edit made by one participant → seen by another, p95, with 2 and
// with 20 participants typing on a 600-node file; on one process (`causeway open`, the session
// mounted at /collab) and across two hubs (`causeway hub` ×2 on a redis-server, `causeway open
// --hub` as the file's writer; the sender on one hub, the receiver on the other). The servers are
// the real commands, each its own process, so their memory (resident set) is theirs alone. The
// participants are the session's own client (`CollabClient`, as the invited page runs it) in this
// process: "seen" is the moment the receiver's copy holds the change, not a browser's paint.
// Each simulated participant retypes a statement of its own once a second. Each server process's
// memory (resident set) is reported, and its share of a core while the edits went on.
// Then the same as a person feels it, on one process and across the two hubs (one page on each):
// a key typed in a statement in one browser → the card drawn with it in another browser (two
// participants' pages, each its own context), with the simulated participants typing meanwhile;
// with nobody else typing, also the part of it spent on the receiving page (from the first
// message it gets after the key).
import { chromium, type Browser, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import * as ops from '../../src/format';
import { REDIS_SERVER, startRedis } from '../../src/collab/local-redis';
import type { WorkingFile } from '../../src/format';
import { CollabClient } from '../../src/collab/client';
import { askForInvite } from '../../src/cli/invite-socket';
import { BIN, startCauseway, type RunningCauseway } from '../../e2e/workspace';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/find-chromium.mjs';
import { BENCH_DIR, oneTreeFile } from '../lib/files';
import { visibleCards } from './browser';
import { median, megabytes, p95, ratio, seconds, verdict, type BenchRow, type RowContext, type RowModule } from '../lib/table';

const ROW_ID = 'group-edit-seen';
const SECRET = 'bench-hub-secret-0123456789-abcdefghijklmnopqrstuv';
const NODES = 600;
const PEOPLE = 20;

interface Session {
  /** Links for participants p1…pN (a local link is exchanged for a secret first). */
  credential(who: string): Promise<{ url: string; token: string; document: string }>;
  /** The invite link a person opens in a browser. */
  link(who: string): Promise<string>;
  /** The same person's link through another of the session's processes (the second hub), if any. */
  otherLink?(who: string): Promise<string>;
  /** Resident memory of the server processes, in bytes. */
  memory(): number[];
  /** CPU time the server processes have used so far (all their threads), in ms. */
  cpu(): number[];
  stop(): Promise<void>;
}

function rss(pid: number | undefined): number {
  const status = pid === undefined ? '' : readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0) * 1024;
}

/** CPU time a process has used (user and system, all its threads), in ms; ticks are 10 ms on Linux. */
function cpuTime(pid: number | undefined): number {
  const fields = pid === undefined ? [] : readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
}

function sessionFile(name: string): string {
  const people = Array.from({ length: PEOPLE + 1 }, (_, i) => `p${i}: Person ${i}`).join(', ');
  const path = join(BENCH_DIR, `${name}.yaml`);
  writeFileSync(path, oneTreeFile(NODES).replace('participants: {alice: Alice}', `participants: {alice: Alice, ${people}}`));
  return path;
}

/** A page's origin, as a browser sends it (the local server checks it). */
function webSocketFrom(origin: string): unknown {
  return class extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: { Origin: origin } });
      this.on('error', () => undefined);
    }
  };
}

async function inviteLink(server: RunningCauseway, who: string): Promise<string> {
  const reply = await askForInvite(server.child.pid!, { role: 'participant', participant: who });
  if (!reply.ok) throw new Error(`no invite for ${who}: ${reply.message}`);
  return reply.link;
}

async function oneProcess(): Promise<Session> {
  const server = await startCauseway(sessionFile('group-one'));
  const origin = `http://127.0.0.1:${server.port}`;
  return {
    credential: async (who) => {
      const code = new URL(await inviteLink(server, who)).hash.replace('#code=', '');
      const answer = await fetch(`${origin}/session`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify({ code }) });
      const { secret } = (await answer.json()) as { secret: string };
      return { url: `ws://127.0.0.1:${server.port}/collab`, token: secret, document: 'file' };
    },
    link: (who) => inviteLink(server, who),
    memory: () => [rss(server.child.pid)],
    cpu: () => [cpuTime(server.child.pid)],
    stop: () => server.stop(),
  };
}

function startHub(redisPort: number): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, [BIN, 'hub', '--redis', `redis://127.0.0.1:${redisPort}`, '--port', '0'], { stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, CAUSEWAY_HUB_SECRET: SECRET } });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = out.match(/listening on ws:\/\/127\.0\.0\.1:(\d+)/);
      if (match) resolve({ port: Number(match[1]), child });
    });
    child.once('exit', (code) => reject(new Error(`causeway hub exited (${code})`)));
  });
}

async function twoHubs(): Promise<Session> {
  const { port: redisPort, process: redis } = await startRedis(BENCH_DIR);
  const hubs = await Promise.all([startHub(redisPort), startHub(redisPort)]);
  process.env.CAUSEWAY_HUB_SECRET = SECRET;
  const server = await startCauseway(sessionFile('group-hubs'), '--hub', `ws://127.0.0.1:${hubs[0].port}`);
  delete process.env.CAUSEWAY_HUB_SECRET;
  let next = 0;
  return {
    credential: async (who) => {
      const token = new URL(await inviteLink(server, who)).hash.replace('#invite=', '');
      // Spread over the hubs: the first person on hub 1, the second on hub 2, and so on.
      return { url: `ws://127.0.0.1:${hubs[next++ % 2]!.port}/collab`, token, document: 'group-hubs' };
    },
    link: (who) => inviteLink(server, who),
    otherLink: async (who) => {
      // The invite is signed with the hubs' shared secret: any hub's page takes it.
      const link = new URL(await inviteLink(server, who));
      link.port = String(hubs[1]!.port);
      return link.toString();
    },
    memory: () => [rss(server.child.pid), ...hubs.map((hub) => rss(hub.child.pid))],
    cpu: () => [cpuTime(server.child.pid), ...hubs.map((hub) => cpuTime(hub.child.pid))],
    stop: async () => {
      await server.stop();
      await Promise.all(hubs.map((hub) => new Promise((resolve) => (hub.child.once('exit', resolve), hub.child.kill('SIGINT')))));
      redis.kill();
    },
  };
}

const textOf = (client: CollabClient, id: string) => (client.data as unknown as WorkingFile).trees.current_reality?.nodes.find((node) => node.id === id)?.text ?? '';

/** A simulated participant: the session's own client, in this process. */
async function joinAs(session: Session, who: string): Promise<CollabClient> {
  const { url, token, document } = await session.credential(who);
  const client = await CollabClient.start({ url, documentName: document, credential: token, WebSocket: webSocketFrom(new URL(url.replace('ws:', 'http:')).origin) });
  await client.whenConnected();
  return client;
}

/** Participants p2… retyping a statement of their own (nodes 10… of the tree) once a second; returns how to stop them. */
async function othersTyping(session: Session, typists: number): Promise<{ clients: CollabClient[]; stop(): void }> {
  const clients: CollabClient[] = [];
  for (let i = 2; i < typists; i++) clients.push(await joinAs(session, `p${i}`));
  const timers = clients.map((client, i) => {
    const id = (client.data as unknown as WorkingFile).trees.current_reality!.nodes[10 + i]!.id;
    let n = 0;
    return setInterval(() => void client.edit((file) => ops.updateNode(file, id, { text: `Typed by p${i + 2}, keystroke ${n++}.` })), 1000);
  });
  return { clients, stop: () => timers.forEach((timer) => clearInterval(timer)) };
}

function percentiles(times: number[]): { p95: number; median: number } {
  return { p95: p95(times), median: median(times) };
}

/** p95 of edit (sender) → change held by the receiver, with `typists` others typing meanwhile. */
async function measure(session: Session, typists: number, samples: number): Promise<{ p95: number; median: number; memory: number[]; cpu: number[] }> {
  const sender = await joinAs(session, 'p0');
  const receiver = await joinAs(session, 'p1');
  const others = await othersTyping(session, typists);
  const nodes = (sender.data as unknown as WorkingFile).trees.current_reality!.nodes;
  const times: number[] = [];
  const [cpuBefore, since] = [session.cpu(), performance.now()];
  try {
    for (let i = 0; i < samples; i++) {
      const text = `Sample ${i}: edited by p0.`;
      const seen = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('an edit was not seen within 10 s')), 10_000);
        const stop = receiver.on('change', () => {
          if (textOf(receiver, nodes[0]!.id) !== text) return;
          clearTimeout(timer);
          stop();
          resolve(performance.now());
        });
      });
      const started = performance.now();
      if (!sender.edit((file) => ops.updateNode(file, nodes[0]!.id, { text })).ok) throw new Error('the sender’s edit was refused');
      times.push((await seen) - started);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  } finally {
    others.stop();
  }
  const memory = session.memory();
  // Each server process's share of one core while the edits went on.
  const cpu = session.cpu().map((used, i) => (used - cpuBefore[i]!) / (performance.now() - since));
  for (const client of [sender, receiver, ...others.clients]) await client.close();
  return { ...percentiles(times), memory, cpu };
}

/** Notes when each message of the page's sockets arrives (window.receivedAt), on the machine's clock. */
const NOTE_ARRIVALS = `(() => {
  const Native = window.WebSocket;
  const times = (window.receivedAt = []);
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => times.push(performance.timeOrigin + performance.now()));
    }
  };
})()`;

/** A participant's page, opened on their invite link, with the tree drawn. */
async function pageOf(browser: Browser, session: Session, who: string, elsewhere = false): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.addInitScript(NOTE_ARRIVALS);
  await page.goto(await (elsewhere && session.otherLink ? session.otherLink(who) : session.link(who)));
  await page.waitForSelector('.cw-canvas[data-tree="current_reality"][data-view="shown"] .react-flow__node-claim', { timeout: 120_000 });
  return page;
}

/**
 * p95 of a key typed in a statement on one participant's page → the other participant's card
 * drawn with it (the frame after its text changed), timed on the machine's clock in both pages;
 * and the median of the part spent on the receiving page (its first message after the key → the
 * card drawn: exact while nobody else types).
 */
async function measureInBrowsers(browser: Browser, session: Session, typists: number, samples: number): Promise<{ p95: number; median: number; onPage: number }> {
  // With two hubs, the one who types is on the first and the one who watches on the second.
  const [typist, watcher] = [await pageOf(browser, session, 'p0'), await pageOf(browser, session, 'p1', true)];
  const others = await othersTyping(session, typists);
  try {
    const watched = (await visibleCards(watcher)).map((card) => card.id);
    const id = (await visibleCards(typist)).find((card) => watched.includes(card.id))?.id;
    if (!id) throw new Error('no card is in view on both pages');
    await typist.locator(`[data-node-id="${id}"] .cw-claim-text`).click();
    const field = typist.locator(`[data-inspecting="${id}"]`).getByTestId('node-text');
    await field.click();
    await field.press('Control+End');
    await typist.evaluate(() => {
      const times: number[] = [];
      (window as unknown as { typedAt: number[] }).typedAt = times;
      document.addEventListener('keydown', (event) => times.push(performance.timeOrigin + event.timeStamp), true);
    });
    const before = (await watcher.locator(`[data-node-id="${id}"] .cw-claim-text`).textContent()) ?? '';
    await watcher.evaluate((card) => {
      const drawnAt: { length: number; at: number }[] = [];
      (window as unknown as { drawnAt: typeof drawnAt }).drawnAt = drawnAt;
      let last = document.querySelector(`[data-node-id="${CSS.escape(card)}"] .cw-claim-text`)?.textContent ?? '';
      // (No named functions in here: the bench's compiler would name them with a helper the page lacks.)
      new MutationObserver(() => {
        const text = document.querySelector(`[data-node-id="${CSS.escape(card)}"] .cw-claim-text`)?.textContent ?? '';
        if (text === last) return;
        last = text;
        requestAnimationFrame(() => drawnAt.push({ length: text.length, at: performance.timeOrigin + performance.now() }));
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, id);
    const times: number[] = [];
    const onPage: number[] = [];
    for (let i = 1; i <= samples; i++) {
      await typist.keyboard.type('x');
      const length = before.length + i;
      await watcher.waitForFunction((wanted) => (window as unknown as { drawnAt: { length: number }[] }).drawnAt.some((seen) => seen.length === wanted), length, { timeout: 10_000 });
      const typed = await typist.evaluate((n) => (window as unknown as { typedAt: number[] }).typedAt[n - 1]!, i);
      const drawn = await watcher.evaluate((wanted) => (window as unknown as { drawnAt: { length: number; at: number }[] }).drawnAt.find((seen) => seen.length === wanted)!.at, length);
      const received = await watcher.evaluate((after) => (window as unknown as { receivedAt: number[] }).receivedAt.find((at) => at >= after), typed);
      times.push(drawn - typed);
      if (received !== undefined && received <= drawn) onPage.push(drawn - received);
      await typist.waitForTimeout(150);
    }
    return { ...percentiles(times), onPage: percentiles(onPage.length > 0 ? onPage : [Number.NaN]).median };
  } finally {
    others.stop();
    for (const client of others.clients) await client.close();
    await typist.context().close();
    await watcher.context().close();
  }
}

export const module: RowModule = {
  ids: [ROW_ID],
  async rows(context: RowContext): Promise<BenchRow[]> {
    const samples = context.quick ? 20 : 40;
    const runs: { where: string; people: number; p95: number; median: number; memory: number[]; cpu: number[] }[] = [];
    const drawn: { where: string; people: number; p95: number; median: number; onPage: number }[] = [];
    const executablePath = findChromium();
    const browser = executablePath ? await chromium.launch({ executablePath, args: CHROMIUM_ARGS }) : undefined;
    const kinds: [string, () => Promise<Session>][] = [['one process', oneProcess]];
    if (REDIS_SERVER) kinds.push(['two hubs', twoHubs]);
    for (const [where, start] of kinds) {
      for (const people of [2, PEOPLE]) {
        context.log(`group session, ${where}, ${people} participants`);
        const session = await start();
        try {
          runs.push({ where, people, ...(await measure(session, people, samples)) });
          if (browser) {
            context.log(`group session, ${where}, ${people} participants: typed in one browser → drawn in another`);
            drawn.push({ where, people, ...(await measureInBrowsers(browser, session, people, context.quick ? 20 : 40)) });
          }
        } finally {
          await session.stop();
        }
      }
    }
    await browser?.close();
    const base = runs[0]!.p95;
    const worstP95 = Math.max(...runs.map((run) => run.p95), ...drawn.map((run) => run.p95));
    const worstMemory = Math.max(...runs.filter((run) => run.people === PEOPLE).map((run) => Math.max(...run.memory)));
    return [
      {
        id: ROW_ID,
        work: `group session (issue 24): edit → seen by another participant, ${NODES}-node file, p95 (and typed in one browser → drawn in another)`,
        measured:
          runs.map((run) => `${run.where}, ${run.people} typing: p95 ${seconds(run.p95)} (median ${seconds(run.median)}), server ${run.memory.map(megabytes).join(' + ')}, CPU ${run.cpu.map((share) => `${Math.round(share * 100)}%`).join(' + ')} of a core`).join('; ') +
          (REDIS_SERVER ? '' : '; two hubs not measured: redis-server is not installed') +
          (browser
            ? `; typed in one browser → drawn in another: ${drawn.map((run) => `${run.where}, ${run.people} typing p95 ${seconds(run.p95)} (median ${seconds(run.median)}${run.people === 2 ? `, of which on the receiving page ${seconds(run.onPage)}` : ''})`).join(', ')}`
            : '; browsers not measured: no Chromium'),
        ratio: runs.map((run) => `${run.where} ${run.people}: ${ratio(run.p95, base)}`).join(', ') + ' (of one process, 2)',
        target: 'p95 < 100 ms; < 200 MB a server process with 20 participants',
        verdict: verdictOf(verdict(worstP95, 100, ' ms'), verdict(worstMemory / 1048576, 200, ' MB')),
      },
    ];
  },
};

/** "met", or "missed: …" naming each target missed (the table's summary looks for "missed"). */
function verdictOf(p95: string, memory: string): string {
  if (p95 === 'met' && memory === 'met') return 'met';
  return `missed: ${[p95 === 'met' ? '' : `p95 ${p95.replace(/^missed /, '')}`, memory === 'met' ? '' : `memory ${memory.replace(/^missed /, '')}`].filter(Boolean).join('; ')}`;
}
