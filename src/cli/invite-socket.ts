// How `causeway invite` obtains a link from the `causeway open` running on the file: each run
// with a group session listens on a Unix socket in this user's private folder (mode 0700, the
// socket 0600), so only this user's programs can ask, and no secret ever sits on a command line
// or in a file. A request is one JSON line; the answer is one JSON line: a link carrying a
// one-time code (history-safe, like every address `causeway open` prints), or why not.
import { createConnection, createServer, type Server } from 'node:net';
import { chmod, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { privateFolder } from '../disk/private-folder';
import type { InviteRequest } from '../protocol/workspace-protocol';
import type { GroupSession } from '../server/group-session';

export type InviteReply = { ok: true; link: string } | { ok: false; message: string };

/** A request is a short line: anything longer is not one. */
const MAX_REQUEST = 1024;

export const inviteSocketName = (pid: number) => `invite-${pid}.sock`;

/** Listens for invite requests for `group`; returns a function that stops (and removes the socket). */
export async function serveInvites(group: GroupSession, pid = process.pid): Promise<(() => Promise<void>) | undefined> {
  const folder = await privateFolder();
  if (!folder || process.platform === 'win32') return undefined;
  const path = join(folder, inviteSocketName(pid));
  await unlink(path).catch(() => undefined); // left by a run of the same pid that was killed
  const server: Server = createServer((socket) => {
    let line = '';
    socket.setEncoding('utf8');
    socket.setTimeout(5000, () => socket.destroy());
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      line += chunk;
      if (line.length > MAX_REQUEST) return socket.destroy();
      const end = line.indexOf('\n');
      if (end < 0) return;
      const request = parseRequest(line.slice(0, end));
      const reply = request ? group.invite(request).then((answer): InviteReply => (answer.ok ? { ok: true, link: answer.link } : answer)) : Promise.resolve<InviteReply>({ ok: false, message: 'a malformed invite request' });
      void reply.then((answer) => socket.end(`${JSON.stringify(answer)}\n`));
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => resolve());
    });
    await chmod(path, 0o600);
  } catch {
    server.close();
    return undefined;
  }
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await unlink(path).catch(() => undefined);
  };
}

/** Asks the run with process id `pid` for an invite. */
export async function askForInvite(pid: number, request: InviteRequest): Promise<InviteReply> {
  const folder = await privateFolder();
  if (!folder) return { ok: false, message: 'this user has no private folder to reach the session through' };
  return new Promise((resolve) => {
    const socket = createConnection(join(folder, inviteSocketName(pid)));
    let answer = '';
    socket.setEncoding('utf8');
    socket.setTimeout(10_000, () => socket.destroy(new Error('the session did not answer')));
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', (error) => resolve({ ok: false, message: `the session could not be reached (${error.message})` }));
    socket.on('close', () => {
      try {
        const value = JSON.parse(answer) as InviteReply;
        if (value.ok === true && typeof value.link === 'string') resolve(value);
        else if (value.ok === false && typeof value.message === 'string') resolve(value);
        else resolve({ ok: false, message: 'the session gave an answer this command does not understand' });
      } catch {
        resolve({ ok: false, message: 'the session closed without an answer (it may be one without group sessions: restart it with this version)' });
      }
    });
  });
}

function parseRequest(line: string): InviteRequest | undefined {
  try {
    const value = JSON.parse(line) as Record<string, unknown>;
    if (value.role === 'observer' && Object.keys(value).length === 1) return { role: 'observer' };
    if (value.role === 'participant' && typeof value.participant === 'string' && value.participant.length > 0 && value.participant.length <= 200 && Object.keys(value).length === 2) return { role: 'participant', participant: value.participant };
  } catch {
    // not JSON
  }
  return undefined;
}
