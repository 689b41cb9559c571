// A redis-server of its own, for the tests and the bench of hubs (nothing that ships imports it):
// on a free 127.0.0.1 port, keeping nothing on disk, answering once started.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';

/** Debian's redis-server (or a hand-built one), when this machine has it. */
export const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something answers on the port; throws, naming `what`, after `ms`. */
async function waitForPort(port: number, what: string, ms = 10_000): Promise<void> {
  for (const deadline = Date.now() + ms; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection(port, '127.0.0.1');
      socket.once('connect', () => (socket.end(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${what} did not start on port ${port}`);
  }
}

/** Starts redis-server (REDIS_SERVER must be set) with its working folder in `dir`. */
export async function startRedis(dir: string): Promise<{ port: number; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(REDIS_SERVER!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  await waitForPort(port, 'redis-server');
  return { port, process: child };
}
