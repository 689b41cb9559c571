// How `causeway invite` obtains a link from the `causeway open` running on the file: each run
// with a group session listens on a Unix socket in this user's private folder (mode 0700, the
// socket 0600), so only this user's programs can ask, and no secret ever sits on a command line
// or in a file. A request is one JSON line; the answer is one JSON line: a link carrying a
// one-time code (history-safe, like every address `causeway open` prints), or why not.
// `causeway mcp` asks the same way for the assistant's seat (`{"seat": "assistant"}`): the
// channel's address and a secret whose identity, `assistant`, the session decides.
import { createConnection, createServer, type Server } from 'node:net';
import { chmod, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { privateFolder } from '../disk/private-folder';
import { clientLabel } from '../protocol/collab-protocol';
import type { InviteRequest } from '../protocol/workspace-protocol';
import type { AssistantSeatAnswer, GroupSession } from '../server/group-session';

/** `added`: the participant was new, and is now among the file's participants. */
export type InviteReply = { ok: true; link: string; added?: boolean } | { ok: false; message: string };
export type AssistantSeatReply = AssistantSeatAnswer;

type SocketRequest = { kind: 'invite'; invite: InviteRequest } | { kind: 'assistant'; client: string | undefined };

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
      // The request is in: the answer may take a write of the file (a participant added); the asker waits for it.
      socket.setTimeout(0);
      const request = parseRequest(line.slice(0, end));
      const reply: Promise<InviteReply | AssistantSeatReply> = !request
        ? Promise.resolve({ ok: false, message: 'a malformed request' })
        : request.kind === 'assistant'
          ? group.assistantSeat(request.client)
          : group.invite(request.invite).then((answer): InviteReply => (answer.ok ? { ok: true, link: answer.link, ...(answer.added ? { added: true } : {}) } : answer));
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
  const value = await ask(pid, request);
  if (!value.ok) return value;
  if (value.answer.ok === true && typeof value.answer.link === 'string') return { ok: true, link: value.answer.link, ...(value.answer.added === true ? { added: true } : {}) };
  if (value.answer.ok === false && typeof value.answer.message === 'string') return { ok: false, message: value.answer.message };
  return { ok: false, message: 'the session gave an answer this command does not understand' };
}

/** Asks the run with process id `pid` for a seat for the assistant (`client`: the MCP client's name for itself). */
export async function askForAssistantSeat(pid: number, client: string | undefined): Promise<AssistantSeatReply> {
  const label = clientLabel(client);
  const value = await ask(pid, { seat: 'assistant', ...(label ? { client: label } : {}) });
  if (!value.ok) return value;
  const answer = value.answer;
  if (answer.ok === true && typeof answer.url === 'string' && /^wss?:\/\//.test(answer.url) && typeof answer.documentName === 'string' && typeof answer.credential === 'string') {
    return { ok: true, url: answer.url, documentName: answer.documentName, credential: answer.credential };
  }
  if (answer.ok === false && typeof answer.message === 'string') return { ok: false, message: answer.message };
  return { ok: false, message: 'the session gave an answer this version does not understand' };
}

/** One request, one answer, over the run's socket. */
async function ask(pid: number, request: object): Promise<{ ok: true; answer: Record<string, unknown> } | { ok: false; message: string }> {
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
        const value = JSON.parse(answer) as unknown;
        if (typeof value === 'object' && value !== null && !Array.isArray(value)) resolve({ ok: true, answer: value as Record<string, unknown> });
        else resolve({ ok: false, message: 'the session gave an answer this command does not understand' });
      } catch {
        resolve({ ok: false, message: 'the session closed without an answer (it may be one without group sessions: restart it with this version)' });
      }
    });
  });
}

function parseRequest(line: string): SocketRequest | undefined {
  try {
    const value = JSON.parse(line) as Record<string, unknown>;
    if (value.role === 'observer' && Object.keys(value).length === 1) return { kind: 'invite', invite: { role: 'observer' } };
    if (value.role === 'participant' && typeof value.participant === 'string' && value.participant.length > 0 && value.participant.length <= 200) {
      const participant = value.participant;
      if (Object.keys(value).length === 2) return { kind: 'invite', invite: { role: 'participant', participant } };
      if (Object.keys(value).length === 3 && typeof value.name === 'string' && value.name.length > 0 && value.name.length <= 200) return { kind: 'invite', invite: { role: 'participant', participant, name: value.name } };
    }
    if (value.seat === 'assistant' && Object.keys(value).every((key) => key === 'seat' || key === 'client') && (value.client === undefined || typeof value.client === 'string')) return { kind: 'assistant', client: clientLabel(value.client) };
  } catch {
    // not JSON
  }
  return undefined;
}
