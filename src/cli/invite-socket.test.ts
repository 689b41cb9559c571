// The private socket of a `causeway open` run, asked for the assistant's seat as `causeway mcp`
// asks: the answer is the session's, the MCP client's name reaches the session as one short line,
// and a request of any other shape gets no seat; an invite reaches the session as asked (a name
// for someone new included), and one of another shape does not.
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { privateFolder } from '../disk/private-folder';
import type { GroupSession } from '../server/group-session';
import { askForAssistantSeat, inviteSocketName, serveInvites } from './invite-socket';

/** A stand-in for the session: it answers with what it was asked for. */
const session = {
  assistantSeat: async (client: string | undefined) => ({ ok: true as const, url: 'ws://127.0.0.1:1/collab', documentName: 'file', credential: `secret-for-${client ?? 'nobody'}` }),
  invite: async (request: unknown) => ({ ok: false as const, message: `asked for ${JSON.stringify(request)}` }),
} as unknown as GroupSession;

async function raw(pid: number, line: string): Promise<string> {
  const folder = (await privateFolder())!;
  return new Promise((done) => {
    let answer = '';
    const socket = createConnection(join(folder, inviteSocketName(pid)));
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    socket.on('connect', () => socket.write(`${line}\n`));
    socket.on('close', () => done(answer));
  });
}

describe('the session socket', () => {
  it('answers with the session’s seat, the client named in one short line; passes invites on as asked; other shapes get nothing', async () => {
    const pid = 900_000 + Math.floor(Math.random() * 90_000);
    const stop = await serveInvites(session, pid);
    expect(stop).toBeDefined();
    try {
      const seat = await askForAssistantSeat(pid, `claude\u0007\n desktop${'x'.repeat(500)}`);
      expect(seat).toMatchObject({ ok: true, url: 'ws://127.0.0.1:1/collab', documentName: 'file' });
      const credential = seat.ok ? seat.credential : '';
      expect(credential).toMatch(/^secret-for-claude desktopx+$/);
      expect(credential.length).toBeLessThanOrEqual('secret-for-'.length + 60);
      for (const line of [
        '{"seat":"assistant","client":7}',
        '{"seat":"assistant","role":"driver"}',
        '{"seat":"driver"}',
        'not json',
        '{"role":"participant","participant":"zoe","name":7}',
        `{"role":"participant","participant":"zoe","name":"${'z'.repeat(201)}"}`,
        '{"role":"participant","participant":"zoe","name":"Zoe","role2":"driver"}',
        '{"role":"observer","name":"Zoe"}',
      ]) {
        expect(JSON.parse(await raw(pid, line))).toEqual({ ok: false, message: 'a malformed request' });
      }
      // An invite, with a name for someone new or without: the session is asked exactly that.
      expect(JSON.parse(await raw(pid, '{"role":"participant","participant":"zoe","name":"Zoe Park"}')).message).toBe('asked for {"role":"participant","participant":"zoe","name":"Zoe Park"}');
      expect(JSON.parse(await raw(pid, '{"role":"participant","participant":"zoe"}')).message).toBe('asked for {"role":"participant","participant":"zoe"}');
    } finally {
      await stop?.();
    }
  });
});
