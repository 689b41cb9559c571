// The command-line tool: the same format core as the editor, with Node file I/O around it.
// Each command's module is loaded only when that command runs, so `causeway --help` starts in
// the time Node itself takes.
import { UsageError } from './args';
import { describeFailure } from '../disk/failure';
import { processIO, type CommandIO } from './io';

interface CommandModule {
  help: string;
  run(argv: readonly string[], io: CommandIO): Promise<number>;
}

type Command = { summary: string; load(): Promise<CommandModule> };

const COMMANDS: Record<string, Command> = {
  validate: {
    summary: 'check working files against every rule of the format',
    load: async () => {
      const m = await import('./validate-command');
      return { help: m.VALIDATE_HELP, run: m.validateCommand };
    },
  },
  snapshot: {
    summary: 'record accepted history and draw the diagrams of each tree',
    load: async () => {
      const m = await import('./snapshot-command');
      return { help: m.SNAPSHOT_HELP, run: m.snapshotCommand };
    },
  },
  open: {
    summary: 'edit a working file (or a folder of them) in the browser, live',
    load: async () => {
      const m = await import('./open-command');
      return { help: m.OPEN_HELP, run: m.openCommand };
    },
  },
  import: {
    summary: 'make a working file from a .ltp.yaml, Flying Logic or TP Studio file',
    load: async () => {
      const m = await import('./import-command');
      return { help: m.IMPORT_HELP, run: m.importCommand };
    },
  },
  export: {
    summary: 'write a working file as HTML, Markdown, Mermaid, .ltp.yaml or Flying Logic',
    load: async () => {
      const m = await import('./export-command');
      return { help: m.EXPORT_HELP, run: m.exportCommand };
    },
  },
  mcp: {
    summary: 'let an AI assistant work on a file (an MCP server on stdio)',
    load: async () => {
      const m = await import('./mcp-command');
      return { help: m.MCP_HELP, run: m.mcpCommand };
    },
  },
  check: {
    summary: 'point out where the reasoning is thin (notes, not errors)',
    load: async () => {
      const m = await import('./check-command');
      return { help: m.CHECK_HELP, run: m.checkCommand };
    },
  },
  invite: {
    summary: 'print a link into the group session running on a file',
    load: async () => {
      const m = await import('./invite-command');
      return { help: m.INVITE_HELP, run: m.inviteCommand };
    },
  },
  hub: {
    summary: 'run one hub of group sessions (several behind a load balancer, on Redis)',
    load: async () => {
      const m = await import('./hub-command');
      return { help: m.HUB_HELP, run: (argv, io) => m.hubCommand(argv, io) };
    },
  },
};

function mainHelp(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(10)}${c.summary}`);
  return `Usage: causeway <command> [options]

Causeway works with Conversational YAML v1 files (Theory of Constraints thinking-process trees).

Commands:
${lines.join('\n')}
  help CMD  show the help of a command

Run "causeway <command> --help" for the options of each command.`;
}

const commandNamed = (name: string): Command | undefined => (Object.prototype.hasOwnProperty.call(COMMANDS, name) ? COMMANDS[name] : undefined);

export async function main(argv: readonly string[], io: CommandIO = processIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.err(`causeway: name a command\n\n${mainHelp()}`); // a usage error: help on stderr, status 2
    return 2;
  }
  if (name === '--help' || name === '-h') {
    io.out(mainHelp());
    return 0;
  }
  if (name === 'help') {
    const topic = rest[0] ? commandNamed(rest[0]) : undefined;
    if (rest[0] && !topic) {
      io.err(`causeway: no command named "${rest[0]}"\n\n${mainHelp()}`);
      return 2;
    }
    io.out(topic ? (await topic.load()).help : mainHelp());
    return 0;
  }
  const command = commandNamed(name);
  if (!command) {
    io.err(`causeway: unknown command "${name}"\n\n${mainHelp()}`);
    return 2;
  }
  const loaded = await command.load();
  try {
    return await loaded.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`causeway ${name}: ${error.message}\n\n${loaded.help}`);
      return 2;
    }
    io.err(`causeway ${name}: ${describeFailure(error)}`);
    return 1;
  }
}
