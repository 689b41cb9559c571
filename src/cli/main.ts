// The command-line tool: the same format core as the editor, with Node file I/O around it.
import { UsageError } from './args';
import { describeFailure } from './failure';
import { processIO, type CommandIO } from './io';
import { SNAPSHOT_HELP, snapshotCommand } from './snapshot-command';
import { VALIDATE_HELP, validateCommand } from './validate-command';

type Command = { summary: string; help: string; run(argv: readonly string[], io: CommandIO): Promise<number> };

/** A Map, so that a name such as `constructor` is simply not a command. */
const COMMANDS = new Map<string, Command>([
  ['validate', { summary: 'check working files against every rule of the format', help: VALIDATE_HELP, run: validateCommand }],
  ['snapshot', { summary: 'record accepted history and draw the diagrams of each tree', help: SNAPSHOT_HELP, run: snapshotCommand }],
]);

function mainHelp(): string {
  const lines = [...COMMANDS].map(([name, c]) => `  ${name.padEnd(10)}${c.summary}`);
  return `Usage: causeway <command> [options]

Causeway works with Conversational YAML v1 files (Theory of Constraints thinking-process trees).

Commands:
${lines.join('\n')}
  help CMD  show the help of a command

Run "causeway <command> --help" for the options of each command.`;
}

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
    const topic = rest[0] ? COMMANDS.get(rest[0]) : undefined;
    if (rest[0] && !topic) {
      io.err(`causeway: no command named "${rest[0]}"\n\n${mainHelp()}`);
      return 2;
    }
    io.out(topic ? topic.help : mainHelp());
    return 0;
  }
  const command = COMMANDS.get(name);
  if (!command) {
    io.err(`causeway: unknown command "${name}"\n\n${mainHelp()}`);
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`causeway ${name}: ${error.message}\n\n${command.help}`);
      return 2;
    }
    io.err(`causeway ${name}: ${describeFailure(error)}`);
    return 1;
  }
}
