// For the assistant's tests: a working file in a temporary folder and an MCP client (the SDK's
// own) talking to `causeway mcp`'s server in memory, as a real client would over stdio.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { fileWorkspace, folderWorkspace } from './assistant-workspace';
import type { SeatOptions } from './file-seat';
import { createAssistantServer } from './mcp-server';
import { TurnTracker } from './turn-tracker';

export interface TestSession {
  client: Client;
  path: string;
  folder: string;
  /** Calls a tool; the text of its reply, and whether it was an error. */
  call(name: string, args?: Record<string, unknown>): Promise<{ text: string; error: boolean; data?: Record<string, unknown> }>;
  /** The file as data, read from disk. */
  data(): Record<string, any>;
  text(): string;
  close(): Promise<void>;
}

export async function startSession(content: string | undefined, options: { name?: string; folder?: boolean; seat?: Partial<SeatOptions>; turns?: TurnTracker } = {}): Promise<TestSession> {
  const folder = mkdtempSync(join(tmpdir(), 'causeway-mcp-'));
  const path = join(folder, options.name ?? 'plan.yaml');
  if (content !== undefined) writeFileSync(path, content);
  const turns = options.turns ?? new TurnTracker();
  const seatOptions: SeatOptions = { turns, client: () => 'test-client', settleMs: 0, ...options.seat };
  const workspace = options.folder ? folderWorkspace(folder, seatOptions) : fileWorkspace(path, seatOptions);
  const server = createAssistantServer(workspace, turns, 'test');
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return {
    client,
    path,
    folder,
    async call(name, args = {}) {
      const result = await client.callTool({ name, arguments: args });
      const content = result.content as { type: string; text?: string }[];
      return { text: content.map((c) => c.text ?? '').join('\n'), error: result.isError === true, data: result.structuredContent as Record<string, unknown> | undefined };
    },
    data: () => parse(readFileSync(path, 'utf8')),
    text: () => readFileSync(path, 'utf8'),
    async close() {
      await client.close();
      await server.close();
    },
  };
}
