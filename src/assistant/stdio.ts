// `causeway mcp` on stdin/stdout: the server for one file or folder, until the client leaves.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { fileWorkspace, folderWorkspace } from './assistant-workspace';
import type { SeatMode } from './file-seat';
import { createAssistantServer } from './mcp-server';
import type { SessionFinder } from './session-link';
import { TurnTracker } from './turn-tracker';

/** The version the server tells its clients. */
const VERSION = '0.1.0';

export interface StdioOptions {
  turnGapMs?: number;
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** Finds a `causeway open` group session on a file, to work through it as a client. */
  findSession?: SessionFinder;
  /** Told when a file's seat joins a session or goes back to the file. */
  onMode?: (path: string, mode: SeatMode) => void;
}

export async function serveOverStdio(target: { kind: 'file' | 'folder'; path: string }, options: StdioOptions): Promise<void> {
  const turns = new TurnTracker(Date.now, options.turnGapMs);
  let client: string | undefined;
  const seatOptions = { turns, client: () => client, findSession: options.findSession, onMode: options.onMode };
  const workspace = target.kind === 'folder' ? folderWorkspace(target.path, seatOptions) : fileWorkspace(target.path, seatOptions);
  const server = createAssistantServer(workspace, turns, VERSION);
  server.server.oninitialized = () => {
    client = server.server.getClientVersion()?.name;
  };
  const transport = new StdioServerTransport(options.input as NodeJS.ReadStream, options.output as NodeJS.WriteStream);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    options.input.once('end', () => resolve());
    options.input.once('close', () => resolve());
  });
  await server.connect(transport);
  await closed;
  await workspace.close().catch(() => undefined);
  await server.close().catch(() => undefined);
}
