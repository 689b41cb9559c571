// `causeway hub --redis redis://HOST:PORT`: one hub of group sessions, for a team that outgrows
// one process. Hubs are stateless relays: run as many as needed behind a load balancer, all on
// one Redis; the working file's own process connects to one of them as the session's writer.
import { createConnection } from 'node:net';
import { DEFAULT_HUB_PORT, defaultHostNames, hubSecretFrom, parseRedisUrl, startHub } from '../collab/server';
import { hubPages } from '../server/hub-pages';
import { findWebRoot } from './web-root';
import { parseArgs, UsageError } from './args';
import type { CommandIO } from './io';
import { interrupted } from './interrupted';

export const HUB_HELP = `Usage: causeway hub --redis redis://HOST:PORT [--port N] [--host ADDRESS] [--origin URL]

Starts one hub of group sessions: a stateless relay that people's editors and
the working file's own process connect to ("causeway open FILE --hub
ws://HOST:PORT"). It serves the editor's pages to the people an invite link
brings to it, and the collaboration channel at /collab beside them. Run as many hubs as you need
behind a load balancer; every hub of a deployment uses the same Redis, which
carries each edit to the people on the other hubs. A hub keeps nothing on
disk.

Invites are signed and checked with a secret shared by every hub and by the
file's process: set CAUSEWAY_HUB_SECRET (at least 32 characters, for example
from "openssl rand -base64 48") in the environment of each.

Options:
  --redis URL     the Redis server: redis://[USER:PASSWORD@]HOST:PORT[/DB], or
                  rediss:// for TLS (required)
  --port N        listen on port N (default: ${DEFAULT_HUB_PORT}; 0: any free port)
  --host ADDRESS  listen on ADDRESS instead of 127.0.0.1 (a warning is printed;
                  put the hubs behind a TLS reverse proxy for remote people)
  --origin URLS   addresses of the editor pages allowed to connect from another
                  site, separated by commas (https://plan.example.org)
  --help          show this help

Stop the hub with Ctrl+C.

Exit status: 0 after Ctrl+C, 1 when the secret is missing or weak, Redis
cannot be reached or the port is taken, 2 for a usage error.`;

export async function hubCommand(argv: readonly string[], io: CommandIO, stopSignal?: Promise<unknown>, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const args = parseArgs(argv, { withValue: ['--redis', '--port', '--host', '--origin'], switches: ['--help'] });
  if (args.switches.has('--help')) {
    io.out(HUB_HELP);
    return 0;
  }
  if (args.positional.length > 0) throw new UsageError(`a hub takes no file (got "${args.positional[0]}"); the file's own process connects to the hub`);
  const redisUrl = args.values.get('--redis');
  if (!redisUrl) throw new UsageError('name the Redis server with --redis redis://HOST:PORT');
  const redis = parseRedisUrl(redisUrl);
  if (!redis.ok) throw new UsageError(`--redis: ${redis.reason}`);
  const port = args.values.has('--port') ? parsePort(args.values.get('--port')!) : DEFAULT_HUB_PORT;
  const host = args.values.get('--host') ?? '127.0.0.1';
  const origins = (args.values.get('--origin') ?? '').split(',').map((origin) => origin.trim()).filter(Boolean);
  for (const origin of origins) if (!/^https?:\/\/[^/]+$/i.test(origin)) throw new UsageError(`--origin needs page addresses like https://plan.example.org (got "${origin}")`);

  const secret = hubSecretFrom(env);
  if (!secret.ok) {
    io.err(`causeway hub: ${secret.reason}`);
    return 1;
  }
  const reachable = await redisAnswers(redis.address.host, redis.address.port);
  if (reachable !== true) {
    io.err(`causeway hub: cannot reach Redis at ${redis.address.host}:${redis.address.port} (${reachable}). Start it, or give its address with --redis.`);
    return 1;
  }
  let hub;
  try {
    // Invite links open the editor here, and its page connects to this hub's channel beside it.
    const pages = hubPages(findWebRoot(), { hostNames: defaultHostNames(host), origins });
    hub = await startHub({ redis: redisUrl, host, port, secret: secret.secret, origins, pages });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    io.err(`causeway hub: ${code === 'EADDRINUSE' ? `port ${port} is in use; choose another with --port` : code === 'EADDRNOTAVAIL' ? `this computer has no address ${host}` : (error as Error).message}.`);
    return 1;
  }
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1') {
    io.err(`Warning: listening on ${host}, not only on this computer. Only people with a valid invite get in, but put the hub behind a TLS reverse proxy (wss://) so that invites and edits do not cross the network in the clear.`);
  }
  const stopped = stopSignal ?? interrupted();
  io.out(`Causeway hub listening on ${hub.url.replace(/\/collab$/, '')} (Redis at ${redis.address.host}:${redis.address.port})`);
  io.out('Press Ctrl+C to stop.');
  await stopped;
  await hub.close();
  io.out('Stopped. The people on this hub reconnect through the others.');
  return 0;
}

function parsePort(value: string): number {
  const port = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port needs a port number from 1 to 65535, or 0 for any free port (got "${value}")`);
  return port;
}

/** true when something that speaks Redis answers at the address; otherwise why not. */
function redisAnswers(host: string, port: number): Promise<true | string> {
  return new Promise((resolve) => {
    const socket = createConnection(port, host);
    const done = (result: true | string) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(3000, () => done('no answer within 3 s'));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED' ? 'connection refused' : error.message));
    socket.once('connect', () => socket.write('PING\r\n'));
    // "+PONG", or "-NOAUTH…" from a server that wants a password (the URL may carry it).
    socket.once('data', (data) => done(/^[+-]/.test(data.toString()) ? true : 'it does not speak Redis'));
  });
}
