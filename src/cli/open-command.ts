// `causeway open FILE | FOLDER`: edit a working file in the browser, live. A local server serves
// the editor; every edit is written to the file, and every change made to it by anyone else
// (an assistant, `causeway snapshot`, a text editor) shows up in the editor.
import { realpath, stat, writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { findWebRoot } from './web-root';
import { fileWorkspace, folderWorkspace } from '../server/workspace';
import type { GroupHub } from '../server/group-session';
import { hubSecretFrom, parseHubUrl } from '../collab/server';
import { DEFAULT_PORT, PortInUseError, startWorkspaceServer } from '../server/workspace-server';
import { parseArgs, UsageError } from './args';
import type { CommandIO } from './io';
import { newWorkingFileText } from './new-working-file';
import { openInBrowser, writeRedirectFile, type RedirectFile } from './open-browser';
import { serveInvites } from './invite-socket';
import { announceServer, type ServerEntry } from './other-servers';
import { interrupted } from './interrupted';

/** If the browser has not used its address by then, it probably could not open it: say what to do. */
const BROWSER_HINT_AFTER_MS = 20_000;

export const OPEN_HELP = `Usage: causeway open FILE.yaml | FOLDER [--new] [--port N] [--host ADDRESS] [--no-browser]
       causeway open FILE.yaml --hub ws://HOST:PORT [--session NAME] …

Edits a working file in the browser, live. A local server serves the editor
and prints an address to open it (with a one-time code: it lets one browser
in, and that browser can come back while the server runs), then opens the
editor in your default browser.

Every edit is written to the file a moment after you make it. When another
program changes the file (an assistant, "causeway snapshot", a text editor),
the editor shows the change within a second; if you had edits not yet
written, the two are merged item by item, and the same field changed on both
sides is offered to you to settle. A change made on disk is written over only
once it has been still for 1.5 seconds, and a file that looks half written
(it lost whole trees, or its validity) only when you say so. Record snapshot
writes .NAME/history/ and the diagrams beside the file, as "causeway
snapshot" does.

With a FOLDER, the editor lists the working files in it; choose one to edit.

Options:
  --new           create FILE from a minimal valid template (it must not exist)
  --port N        listen on port N (default: ${DEFAULT_PORT}, or the next free one;
                  0: any free port)
  --host ADDRESS  listen on ADDRESS instead of 127.0.0.1 (other machines may
                  then reach it: a warning is printed); 0.0.0.0 answers on
                  every address of this machine
  --no-browser    print the address without opening a browser
  --hub URL       run the file's group session on hubs ("causeway hub"), at
                  ws://HOST:PORT (wss:// behind TLS; a load balancer's address
                  when there are several hubs): this process connects to them as
                  the file's one writer, and invite links take people to the
                  hubs. Needs CAUSEWAY_HUB_SECRET, the hubs' secret. Your own
                  page stays on this computer, as without --hub.
  --session NAME  the session's name on the hubs (default: the file's name
                  without .yaml); one file's process writes each session
  --help          show this help

Stop the server with Ctrl+C.

Exit status: 0 after Ctrl+C, 1 when the file cannot be opened, the port is
taken or the hub cannot be reached or refuses the file (another process
already writes that session), 2 for a usage error (also: --hub without a
usable CAUSEWAY_HUB_SECRET).`;

export async function openCommand(argv: readonly string[], io: CommandIO, stopSignal?: Promise<unknown>, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const args = parseArgs(argv, { withValue: ['--port', '--host', '--hub', '--session'], switches: ['--new', '--no-browser', '--help'] });
  if (args.switches.has('--help')) {
    io.out(OPEN_HELP);
    return 0;
  }
  if (args.positional.length !== 1) throw new UsageError(args.positional.length === 0 ? 'name the working file (or a folder of them)' : 'name exactly one file or folder');
  const port = args.values.has('--port') ? parsePort(args.values.get('--port')!) : undefined;
  const host = args.values.get('--host') ?? '127.0.0.1';
  const given = args.positional[0]!;
  const path = resolve(given);
  const hubOptions = hubOptionsOf(args.values.get('--hub'), args.values.get('--session'), env);

  const info = await stat(path).catch(() => undefined);
  if (args.switches.has('--new')) {
    if (info) {
      io.err(`causeway open: ${given} already exists; leave out --new to open it.`);
      return 1;
    }
    if (!/\.ya?ml$/i.test(path)) {
      io.err(`causeway open: a new working file needs a name ending in .yaml (got ${given}).`);
      return 1;
    }
    try {
      await writeFile(path, newWorkingFileText(path), { flag: 'wx' });
    } catch (error) {
      io.err(`causeway open: cannot create ${given}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'its folder does not exist' : (error as Error).message}.`);
      return 1;
    }
    io.out(`Created ${given} from the template.`);
  } else if (!info) {
    io.err(`causeway open: ${given} does not exist. To start a new working file there, run: causeway open --new ${given}`);
    return 1;
  }

  const real = await realpath(path);
  const realInfo = await stat(real);
  const isFolder = realInfo.isDirectory();
  if (!isFolder && !realInfo.isFile()) {
    io.err(`causeway open: ${given} is not a regular file (a pipe, a device or a socket); open a working file or a folder.`);
    return 1;
  }
  if (hubOptions && isFolder) throw new UsageError('--hub shares one working file: name the file, not a folder');
  const workspace = isFolder ? folderWorkspace(real) : fileWorkspace(real);
  const hub = hubOptions && { ...hubOptions, documentName: hubOptions.documentName ?? sessionNameOf(real) };
  let server;
  try {
    server = await startWorkspaceServer({ workspace, webRoot: findWebRoot(), host, port, ...(hub ? { hub } : {}) });
  } catch (error) {
    workspace.stop();
    if (error instanceof PortInUseError) {
      io.err(`causeway open: ${error.message}.`);
      return 1;
    }
    throw error;
  }
  if (hub) {
    // The file's process is the session's one writer on the hubs: connected before anything is printed.
    try {
      await server.group!.connect();
    } catch (error) {
      io.err(`causeway open: ${(error as Error).message.replace(/\.$/, '')}.`);
      await server.close();
      return 1;
    }
  }

  // Listening for Ctrl+C before the address is out: a stop right after it still closes cleanly.
  const stopped = stopSignal ?? interrupted();
  const self: ServerEntry = { pid: process.pid, port: server.port, path: real, kind: isFolder ? 'folder' : 'file' };
  const tellOther = (other: ServerEntry, started: 'already' | 'now') => {
    const what = other.path === real ? (isFolder ? 'this folder' : 'this file') : other.kind === 'folder' ? `the folder ${other.path}, which holds this file` : `${other.path}, a file in this folder`;
    io.err(
      `Warning: another causeway open (process ${other.pid}, port ${other.port}) ${started === 'already' ? 'is' : 'has started'} editing ${what}. ` +
        "Both write safely and merge each other's changes, but the same statement edited in both becomes a conflict to settle. Stop one of them with Ctrl+C.",
    );
  };
  const announced = await announceServer(self, (other) => tellOther(other, 'now'));
  // `causeway invite FILE …` asks this run for links through a socket only this user can reach.
  const stopInvites = server.group ? await serveInvites(server.group) : undefined;

  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1') {
    io.err(`Warning: listening on ${host}, not only on this computer. Anyone who can reach port ${server.port} here and has an address it prints can read and change ${isFolder ? 'the working files in ' : ''}${given}.`);
  }
  for (const other of announced.others) tellOther(other, 'already');
  const address = server.address();
  io.out(`Causeway is editing ${isFolder ? `the working files in ${real}` : real}`);
  io.out(`Open this address: ${address}`);
  io.out(`  It lets one browser in, once; that browser can come back to http://${new URL(address).host}/ while this runs.`);
  const elsewhere = otherMachineAddresses(server.hostNames, host, server.port, new URL(address).hash);
  if (elsewhere.length > 0) io.out(`  From another machine, the same code works once at: ${elsewhere.join(' or ')}`);
  if (hub) io.out(`Group session "${hub.documentName}" on the hubs at ${hub.address.socket.replace(/\/collab$/, '')}: invite people in the People panel or with "causeway invite"; their links open ${hub.address.pages}/.`);
  let redirect: RedirectFile | undefined;
  let hint: ReturnType<typeof setTimeout> | undefined;
  if (!args.switches.has('--no-browser')) {
    // The browser gets its own code, through a file only this user can read: never on a command line.
    let used = false;
    const forBrowser = server.address({
      onUsed: () => {
        used = true;
        clearTimeout(hint);
        void redirect?.remove();
      },
    });
    redirect = await writeRedirectFile(forBrowser).catch(() => undefined);
    if (redirect && (await openInBrowser(redirect.path))) {
      io.out('Opening it in your default browser…');
      hint = setTimeout(() => {
        if (!used) io.out('The browser has not opened the editor yet. If it shows an error (a browser installed as a snap or flatpak may not read the file it was given), open the address above.');
      }, BROWSER_HINT_AFTER_MS);
      hint.unref?.();
    }
  }
  io.out('Press Ctrl+C to stop.');

  await stopped;
  clearTimeout(hint);
  await redirect?.remove();
  await stopInvites?.();
  await announced.stop();
  await server.close();
  io.out('Stopped. Every edit that reached the server is in the file.');
  return 0;
}

/** With a wildcard --host, the addresses another machine may use (this machine's own, not loopback). */
function otherMachineAddresses(hostNames: readonly string[], host: string, port: number, hash: string): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [];
  return hostNames.filter((name) => !['127.0.0.1', 'localhost', '[::1]'].includes(name) && !/^\[fe80:/i.test(name)).map((name) => `http://${name}:${port}/${hash}`);
}

/** The hubs' address and secret, checked before anything starts; undefined without --hub. */
function hubOptionsOf(url: string | undefined, session: string | undefined, env: NodeJS.ProcessEnv): (Omit<GroupHub, 'documentName'> & { documentName?: string }) | undefined {
  if (url === undefined) {
    if (session !== undefined) throw new UsageError('--session names a session on hubs: give --hub too');
    return undefined;
  }
  const parsed = parseHubUrl(url);
  if (!parsed.ok) throw new UsageError(`--hub: ${parsed.reason}`);
  const secret = hubSecretFrom(env);
  if (!secret.ok) throw new UsageError(`--hub: ${secret.reason}`);
  if (session !== undefined && !/^[\w.-]{1,100}$/.test(session)) throw new UsageError(`--session needs a name of letters, digits, ".", "-" and "_" (got "${session}")`);
  return { address: parsed.address, secret: secret.secret, ...(session !== undefined ? { documentName: session } : {}) };
}

/** A file's session on the hubs is named after the file: plan.yaml → plan. */
function sessionNameOf(path: string): string {
  return basename(path).replace(/\.ya?ml$/i, '');
}

function parsePort(value: string): number {
  const port = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port needs a port number from 1 to 65535, or 0 for any free port (got "${value}")`);
  return port;
}
