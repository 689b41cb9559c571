// Group sessions (issue 24): an edit made by one participant → seen by another, p95, with 2 and
// with 20 participants typing on a 600-node file; on one process (`causeway open`, the session
// mounted at /collab) and across two hubs (`causeway hub` ×2 on a redis-server, `causeway open
// --hub` as the file's writer; the sender on one hub, the receiver on the other). The servers are
// the real commands, each its own process, so their memory (resident set) is theirs alone. The
// participants are the session's own client (`CollabClient`, as the invited page runs it) in this
// process: "seen" is the moment the receiver's copy holds the change, not a browser's paint.
// Each simulated participant retypes a statement of its own once a second.
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
import { BENCH_DIR, oneTreeFile } from '../lib/files';
import { megabytes, ratio, seconds, verdict, type BenchRow, type RowContext, type RowModule } from '../lib/table';

const ROW_ID = 'group-edit-seen';
const SECRET = 'bench-hub-secret-0123456789-abcdefghijklmnopqrstuv';
const NODES = 600;
const PEOPLE = 20;

interface Session {
  /** Links for participants p1…pN (a local link is exchanged for a secret first). */
  credential(who: string): Promise<{ url: string; token: string; document: string }>;
  /** Resident memory of the server processes, in bytes. */
  memory(): number[];
  stop(): Promise<void>;
}

function rss(pid: number | undefined): number {
  const status = pid === undefined ? '' : readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0) * 1024;
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
    memory: () => [rss(server.child.pid)],
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
    memory: () => [rss(server.child.pid), ...hubs.map((hub) => rss(hub.child.pid))],
    stop: async () => {
      await server.stop();
      await Promise.all(hubs.map((hub) => new Promise((resolve) => (hub.child.once('exit', resolve), hub.child.kill('SIGINT')))));
      redis.kill();
    },
  };
}

const textOf = (client: CollabClient, id: string) => (client.data as unknown as WorkingFile).trees.current_reality?.nodes.find((node) => node.id === id)?.text ?? '';

/** p95 of edit (sender) → change held by the receiver, with `typists` others typing meanwhile. */
async function measure(session: Session, typists: number, samples: number): Promise<{ p95: number; median: number; memory: number[] }> {
  const join = async (who: string) => {
    const { url, token, document } = await session.credential(who);
    const client = await CollabClient.start({ url, documentName: document, credential: token, WebSocket: webSocketFrom(new URL(url.replace('ws:', 'http:')).origin) });
    await client.whenConnected();
    return client;
  };
  const sender = await join('p0');
  const receiver = await join('p1');
  const others: CollabClient[] = [];
  for (let i = 2; i < typists; i++) others.push(await join(`p${i}`));
  const nodes = (sender.data as unknown as WorkingFile).trees.current_reality!.nodes;
  const typing = others.map((client, i) => {
    const id = nodes[10 + i]!.id;
    let n = 0;
    return setInterval(() => void client.edit((file) => ops.updateNode(file, id, { text: `Typed by p${i + 2}, keystroke ${n++}.` })), 1000);
  });
  const times: number[] = [];
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
    for (const timer of typing) clearInterval(timer);
  }
  const memory = session.memory();
  for (const client of [sender, receiver, ...others]) await client.close();
  const sorted = [...times].sort((a, b) => a - b);
  return { p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!, median: sorted[Math.floor(sorted.length / 2)]!, memory };
}

export const module: RowModule = {
  ids: [ROW_ID],
  async rows(context: RowContext): Promise<BenchRow[]> {
    const samples = context.quick ? 15 : 40;
    const runs: { where: string; people: number; p95: number; median: number; memory: number[] }[] = [];
    const kinds: [string, () => Promise<Session>][] = [['one process', oneProcess]];
    if (REDIS_SERVER) kinds.push(['two hubs', twoHubs]);
    for (const [where, start] of kinds) {
      for (const people of [2, PEOPLE]) {
        context.log(`group session, ${where}, ${people} participants`);
        const session = await start();
        try {
          runs.push({ where, people, ...(await measure(session, people, samples)) });
        } finally {
          await session.stop();
        }
      }
    }
    const base = runs[0]!.p95;
    const worstP95 = Math.max(...runs.map((run) => run.p95));
    const worstMemory = Math.max(...runs.filter((run) => run.people === PEOPLE).map((run) => Math.max(...run.memory)));
    return [
      {
        id: ROW_ID,
        work: `group session (issue 24): edit → seen by another participant, ${NODES}-node file, p95`,
        measured:
          runs.map((run) => `${run.where}, ${run.people} typing: p95 ${seconds(run.p95)} (median ${seconds(run.median)}), server ${run.memory.map(megabytes).join(' + ')}`).join('; ') +
          (REDIS_SERVER ? '' : '; two hubs not measured: redis-server is not installed'),
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
