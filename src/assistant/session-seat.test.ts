// The assistant in a running group session (the workspace server of `causeway open`, in process):
// the seat asks the session for the assistant's seat, edits the shared document as a client, and
// a participant's page has the node at once, credited to the assistant, with the assistant in its
// presence strip; the file on disk follows. The session refuses an endorsement in the assistant's
// name. When the session ends, the next change is written to the file.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openWorkingFile, type Json, type WorkingFile } from '../format';
import { SAMPLES } from '../format/fixtures';
import { CollabClient } from '../collab/client';
import { writeFileToDoc } from '../collab';
import { findItem, until } from '../collab/testing';
import type { CollabServerMessage } from '../protocol/collab-protocol';
import { COLLAB_PATH, SESSION_PATH } from '../protocol/workspace-protocol';
import { GROUP_DOCUMENT } from '../protocol/workspace-protocol';
import { closeAll, codeOf, connect, get, serve } from '../server/test-server';
import type { RunningWorkspaceServer } from '../server/workspace-server';
import { fileWorkspace, type AssistantWorkspace } from './assistant-workspace';
import { createAssistantServer } from './mcp-server';
import type { SessionFinder } from './session-link';
import { TurnTracker } from './turn-tracker';

const clients: CollabClient[] = [];
const workspaces: AssistantWorkspace[] = [];
afterEach(async () => {
  for (const workspace of workspaces.splice(0)) await workspace.close();
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
  await closeAll();
});

async function page(server: RunningWorkspaceServer, credential: string): Promise<CollabClient> {
  const client = await CollabClient.start({ url: `ws://127.0.0.1:${server.port}${COLLAB_PATH}`, documentName: GROUP_DOCUMENT, credential, WebSocket, reconnectDelayMs: 50 });
  clients.push(client);
  return client;
}

/** Bob's page, invited by the driver: the way a participant joins. */
async function bobsPage(server: RunningWorkspaceServer): Promise<CollabClient> {
  const invited = await server.group!.invite({ role: 'participant', participant: 'bob' });
  if (!invited.ok) throw new Error(invited.message);
  const answer = await get(server, SESSION_PATH, { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${server.port}` }, 'POST', JSON.stringify({ code: codeOf(invited.link) }));
  const bob = await page(server, (JSON.parse(answer.body) as { secret: string }).secret);
  await bob.whenConnected();
  return bob;
}

/** The assistant's MCP server on `file`, finding the session as `causeway mcp` does (here in process, not over the socket). */
async function assistant(file: string, server: RunningWorkspaceServer) {
  let open = true;
  const findSession: SessionFinder = async (_path, client) => {
    if (!open) return undefined;
    const seat = await server.group!.assistantSeat(client);
    return seat.ok ? { ...seat, label: 'causeway open (test)' } : undefined;
  };
  const turns = new TurnTracker();
  const workspace = fileWorkspace(file, { turns, client: () => 'test-client', settleMs: 0, findSession });
  workspaces.push(workspace);
  const mcp = createAssistantServer(workspace, turns, 'test');
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([mcp.connect(b), client.connect(a)]);
  return {
    sessionGone: () => (open = false),
    async call(name: string, args: Record<string, unknown> = {}) {
      const result = await client.callTool({ name, arguments: args });
      return { text: (result.content as { text: string }[]).map((c) => c.text).join('\n'), error: result.isError === true, data: result.structuredContent as Record<string, unknown> | undefined };
    },
  };
}

const onDisk = async (file: string) => openWorkingFile(await readFile(file, 'utf8')).data as unknown as WorkingFile;

describe('the assistant in a group session', () => {
  it('adds a node every page has at once, credited to the assistant, shows the assistant at work, and the file follows', async () => {
    const { server, file } = await serve(SAMPLES.workshop);
    const bob = await bobsPage(server);
    const ai = await assistant(file, server);

    // An assistant starts by reading; it joins the session then, and says so.
    expect((await ai.call('summary')).text).toMatch(/Working live in the group session of causeway open \(test\)/);
    const started = Date.now();
    const reply = await ai.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'Approvers travel a lot.' });
    expect(reply.error).toBe(false);
    expect(reply.text).toMatch(/Written to the group session/);
    expect(reply.data).toMatchObject({ via: 'session', created: [expect.any(String)] });
    const id = (reply.data!.created as string[])[0]!;

    // "At once": through the session, not after the file's write; a busy test machine may take a
    // moment (the speed itself is measured by npm run bench -- assistant).
    const seen = await until(() => findItem(bob.data as unknown as WorkingFile, id), 2500, "the assistant's node on Bob's page");
    expect(Date.now() - started).toBeLessThan(2500);
    expect(seen).toMatchObject({ text: 'Approvers travel a lot.', status: 'proposed', contributions: [{ by: 'assistant', attribution: 'assistant' }] });

    const present = await until(() => bob.presence().find((p) => p.user.id === 'assistant' && p.editing === id), 1000, 'the assistant at its node in the presence');
    expect(present).toMatchObject({ user: { name: 'Assistant (test-client)', role: 'assistant' }, editing: id });

    const written = await until(async () => findItem(await onDisk(file), id), 4000, 'the node in the file');
    expect(written).toMatchObject({ contributions: [{ by: 'assistant', attribution: 'assistant' }] });

    // A person's idea it records is theirs; reads come from the session's document.
    const bobs = await ai.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'Bob said budgets are frozen.', credit: { idea_from: 'person', person: 'bob' } });
    const bobsId = (bobs.data!.created as string[])[0]!;
    expect(findItem(bob.data as unknown as WorkingFile, bobsId) ?? (await until(() => findItem(bob.data as unknown as WorkingFile, bobsId), 1000))).toMatchObject({ contributions: [{ by: 'bob', attribution: 'speaker_label' }] });
    expect((await ai.call('read_item', { id })).text).toContain('Approvers travel a lot.');

    await ai.call('end_turn', { summary: 'Please confirm.' });
    await until(() => !bob.presence().some((p) => p.user.id === 'assistant'), 1000, 'the assistant out of the presence once its turn ended');
  });

  it('refuses an endorsement in the assistant’s name, whatever its client sends', async () => {
    const { server, file } = await serve(SAMPLES.workshop);
    await server.group!.invite({ role: 'observer' }); // the session runs
    const seat = await server.group!.assistantSeat('forger');
    if (!seat.ok) throw new Error(seat.message);
    const forger = await page(server, seat.credential);
    await forger.whenConnected();
    expect(forger.identity).toMatchObject({ id: 'assistant', role: 'assistant' });
    // Its secret opens the group session only, never the driver's live channel.
    await expect(connect(server, { secret: seat.credential })).rejects.toThrow(/401/);
    // Its own client checks first (an honest assistant is never refused by the server)...
    const data = forger.data as unknown as WorkingFile;
    const node = data.trees.current_reality!.nodes![0]!;
    const endorsed = (file: Json) => JSON.parse(JSON.stringify(file).replace(JSON.stringify(node), JSON.stringify({ ...node, status: 'accepted', accepted_by: ['assistant'] })));
    expect(forger.write(endorsed(forger.data))).toMatchObject({ ok: false, reason: expect.stringMatching(/never endorses/) });
    // ...and the session refuses what a client sends around that check: nothing reaches the document or the file.
    const messages: CollabServerMessage[] = [];
    forger.on('message', (message) => messages.push(message));
    const before = forger.view();
    writeFileToDoc(forger.doc, before, endorsed(forger.data));
    await until(() => messages.find((m) => m.type === 'refused'), 2000, 'the refusal');
    expect(messages.find((m) => m.type === 'refused')).toMatchObject({ reason: expect.stringMatching(/never endorses/) });
    const collab = await server.group!.server();
    const shared = collab.session!.reader.view().data as unknown as WorkingFile;
    expect(findItem(shared, node.id)).not.toHaveProperty('accepted_by', ['assistant']);
    expect((await readFile(file, 'utf8')).includes('- assistant\n')).toBe(false);
  });

  it('writes the file when the session has ended, without losing the change', async () => {
    const { server, file } = await serve(SAMPLES.workshop);
    await bobsPage(server);
    const ai = await assistant(file, server);
    const first = await ai.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'In the session.' });
    expect(first.data).toMatchObject({ via: 'session' });
    const firstId = (first.data!.created as string[])[0]!;

    ai.sessionGone();
    await closeAll(); // causeway open stops: the session writes what waits and closes
    const second = await ai.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'After the session.' });
    expect(second.error).toBe(false);
    expect(second.text).toMatch(/Written to the file/);
    const secondId = (second.data!.created as string[])[0]!;
    const data = await onDisk(file);
    expect(findItem(data, firstId)).toMatchObject({ text: 'In the session.' });
    expect(findItem(data, secondId)).toMatchObject({ text: 'After the session.', contributions: [{ by: 'assistant', attribution: 'assistant' }] });
    expect(secondId).not.toBe(firstId);
  });

  it('writes the change to the file, once, when the session ends while the change is being sent', async () => {
    const { server, file } = await serve(SAMPLES.workshop);
    const ai = await assistant(file, server);
    expect((await ai.call('summary')).text).toMatch(/Working live in the group session/);
    // causeway open goes away the moment the change arrives, before it can confirm it.
    const collab = await server.group!.server();
    const document = collab.hocuspocus.documents.get(GROUP_DOCUMENT)!;
    document.once('update', () => {
      ai.sessionGone();
      for (const connection of document.getConnections()) (connection.webSocket as unknown as { terminate(): void }).terminate();
      void closeAll();
    });
    const reply = await ai.call('add_node', { tree: 'current_reality', kind: 'cause', text: 'Sent as the session ended.' });
    expect(reply.error).toBe(false);
    expect(reply.text).toMatch(/The group session did not confirm this change \(it ended, or did not answer in time\); it was written to the file instead/);
    expect(reply.data).toMatchObject({ via: 'file' });
    await closeAll();
    const nodes = Object.values((await onDisk(file)).trees).flatMap((tree) => tree?.nodes ?? []);
    expect(nodes.filter((node) => node.text === 'Sent as the session ended.')).toHaveLength(1);
  });
});
