// `causeway mcp FILE|FOLDER`: the assistant's seat. A Model Context Protocol server on stdin and
// stdout for an AI assistant (Claude Desktop, Claude Code, any MCP client), working on one file
// or on the working files of one folder. stdout carries the protocol only; messages go to stderr.
import { realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs, UsageError } from './args';
import type { SessionSeatGrant } from '../assistant/session-link';
import { askForAssistantSeat } from './invite-socket';
import type { CommandIO } from './io';
import { runningServers, type ServerEntry } from './other-servers';

export const MCP_HELP = `Usage: causeway mcp FILE.yaml | FOLDER [--turn-gap SECONDS]

Serves a working file (or the working files of a folder) to an AI assistant over
the Model Context Protocol, on stdin and stdout. The assistant reads the file and
changes it through the format's own operations: every change follows the same
rules as the editor, ids follow the file's own style, credit follows the format
(the assistant never endorses), and the file is written safely (atomically,
comments kept, merged with what the people changed meanwhile, never over a
half-written file).

Each burst of the assistant's changes is a turn. With "causeway open" running on
the same file on this machine, the assistant joins its group session as a client:
its changes reach every open editor at once (the session writes the file and
checks the assistant's credit), and the presence strip shows it while it works.
When no session runs, or it ends, the file is written directly. Editors list each
turn in their Turns panel, where people endorse, dispute, edit or undo each item.
The turns are logged beside the file in .NAME/turns/.

FILE need not exist yet: the assistant's create_file tool starts it. With a
FOLDER, each tool call names the file (as list_files shows it).

Configure your MCP client to run it, e.g. for Claude Code:
  claude mcp add causeway -- causeway mcp /path/to/plan.yaml
(more clients in the README).

Options:
  --turn-gap SECONDS  a pause this long between two changes starts a new turn
                      (default 90)
  --help              show this help

Runs until the client closes stdin. Exit status: 0 when the client closed, 1 when
FILE's folder or FOLDER cannot be used, 2 for a usage error.`;

export async function mcpCommand(argv: readonly string[], io: CommandIO, input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stdout): Promise<number> {
  const args = parseArgs(argv, { withValue: ['--turn-gap'], switches: ['--help'] });
  if (args.switches.has('--help')) {
    io.out(MCP_HELP);
    return 0;
  }
  if (args.positional.length !== 1) throw new UsageError(args.positional.length === 0 ? 'name the working file (or a folder of them)' : 'name exactly one file or folder');
  const gap = args.values.has('--turn-gap') ? Number(args.values.get('--turn-gap')) : undefined;
  if (gap !== undefined && !(Number.isFinite(gap) && gap > 0 && gap <= 86_400)) throw new UsageError(`--turn-gap needs a number of seconds from 1 to 86400 (got "${args.values.get('--turn-gap')}")`);

  const given = args.positional[0]!;
  const path = resolve(given);
  const info = await stat(path).catch(() => undefined);
  let target: { kind: 'file' | 'folder'; path: string };
  if (info?.isDirectory()) target = { kind: 'folder', path: await realpath(path) };
  else if (info && !info.isFile()) {
    io.err(`causeway mcp: ${given} is neither a file nor a folder.`);
    return 1;
  } else {
    if (!/\.ya?ml$/i.test(path)) {
      io.err(`causeway mcp: a working file's name ends in .yaml (got ${given}).`);
      return 1;
    }
    // A link is followed to its target, so writes replace the file itself, not the link.
    const real = info ? await realpath(path) : await realpath(dirname(path)).then((folder) => join(folder, basename(path)), () => undefined);
    if (!real) {
      io.err(`causeway mcp: the folder of ${given} does not exist.`);
      return 1;
    }
    target = { kind: 'file', path: real };
  }

  // The SDK loads only here, so the other commands (and --help) start without it.
  const { serveOverStdio } = await import('../assistant/stdio');
  io.err(`causeway mcp: serving ${target.kind === 'folder' ? `the working files in ${target.path}` : target.path} to an MCP client on stdin/stdout${info ? '' : ' (the file does not exist yet: the create_file tool starts it)'}.`);
  const session = target.kind === 'file' ? await sessionOn(target.path) : undefined;
  io.err(
    session
      ? `causeway mcp: causeway open (process ${session.pid}) runs on this file: the assistant joins its group session as a client (its changes reach every open editor at once, credited to the assistant, and the session writes the file); if the session ends, changes are written to the file.`
      : `causeway mcp: ${target.kind === 'folder' ? 'each file is written directly, or changed through the group session of a causeway open running on it' : 'no causeway open runs on this file: changes are written to the file (a session started later is joined at the next call)'}.`,
  );
  await serveOverStdio(target, {
    turnGapMs: gap !== undefined ? gap * 1000 : undefined,
    input,
    output,
    findSession: (path, client) => findSession(path, client, io),
    onMode: (path, mode) => io.err(mode.kind === 'session' ? `causeway mcp: ${basename(path)}: joined the group session of ${mode.label} as the assistant.` : `causeway mcp: ${basename(path)}: the group session ended; changes are written to the file.`),
  });
  return 0;
}

/** The `causeway open` of this user running on `path`, if any (`causeway open FILE` only: a folder's run has no group session). */
async function sessionOn(path: string): Promise<ServerEntry | undefined> {
  return (await runningServers()).find((entry) => entry.kind === 'file' && entry.path === path);
}

/** Asks the run on `path` for the assistant's seat, over this user's private socket. */
async function findSession(path: string, client: string | undefined, io: CommandIO): Promise<SessionSeatGrant | undefined> {
  const entry = await sessionOn(path);
  if (!entry) return undefined;
  const reply = await askForAssistantSeat(entry.pid, client);
  if (!reply.ok) {
    io.err(`causeway mcp: the session of causeway open (process ${entry.pid}) on ${basename(path)} did not take the assistant (${reply.message}); changes are written to the file.`);
    return undefined;
  }
  return { url: reply.url, documentName: reply.documentName, credential: reply.credential, label: `causeway open (process ${entry.pid})` };
}
