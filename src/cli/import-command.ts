// `causeway import SOURCE [-o OUT.yaml] [--force] …`: a Reason Commons (.ltp.yaml), Flying Logic
// (.logicx) or TP Studio (.json) file → a new working file, with a report of every item that
// could not be mapped as it was. The result is validated before anything is written; an
// existing file is never replaced without --force, and then atomically.
import { basename, dirname, join } from 'node:path';
import { isTreeKey, openWorkingFile, stringifyData, TREE_KEYS, type Json } from '../format';
import { IMPORT_FORMAT_NAMES, ImportError, detectFormat, reportLines } from '../exchange';
import { importFile } from '../exchange/convert';
import { readWorkingText } from '../disk/read-text';
import { parseArgs, UsageError } from './args';
import type { CommandIO } from './io';
import { formatDiagnostic } from './validate-command';
import { writeOutput } from './write-output';

export const IMPORT_HELP = `Usage: causeway import SOURCE [-o OUT.yaml] [--force] [--tree TREE]
                       [--driver ID] [--driver-name NAME] [--json]

Makes a working file from another tool's file, and reports every item it
could not map as it was (and where it was kept instead). The format is found
from the file:
  .ltp.yaml   Reason Commons interchange (LTP 1.0)
  .logicx     Flying Logic (also .xlogic)
  .json       TP Studio document

Imported items are proposed unless the source records an explicit
endorsement, and credited to the driver (driver_default) unless it names
who had the idea. What has no place in Conversational YAML is kept under the
items' source field and the file's import_context (with the source's
sha256), so exporting back loses nothing. The result is validated before it
is written.

Options:
  -o, --output OUT    the working file to write (default: SOURCE's name with
                      .yaml); "-" prints it to standard output
  --force             replace OUT if it exists (atomically)
  --tree TREE         the tree for a one-diagram source (Flying Logic, TP
                      Studio): ${TREE_KEYS.join(', ')}
  --driver ID         the participant credited with unattributed material
                      (default: driver)
  --driver-name NAME  their display name
  --json              print the report as one JSON object
  --help              show this help

Exit status: 0 when the file was written, 1 when the source cannot be read or
imported or OUT exists, 2 for a usage error.`;

/** `plan.ltp.yaml` → `plan.yaml`, `diagram.logicx` → `diagram.yaml`. */
export function importedName(source: string): string {
  const name = basename(source).replace(/\.(ltp\.ya?ml|logicx|xlogic|json|ya?ml|xml)$/i, '');
  return join(dirname(source), `${name || 'imported'}.yaml`);
}

export async function importCommand(argv: readonly string[], io: CommandIO): Promise<number> {
  const args = parseArgs(argv, { withValue: ['--output', '--tree', '--driver', '--driver-name'], switches: ['--force', '--json', '--help'], aliases: { '-o': '--output' } });
  if (args.switches.has('--help')) {
    io.out(IMPORT_HELP);
    return 0;
  }
  if (args.positional.length !== 1) throw new UsageError(args.positional.length === 0 ? 'name the file to import' : 'name exactly one file to import');
  const source = args.positional[0]!;
  const tree = args.values.get('--tree');
  if (tree !== undefined && !isTreeKey(tree)) throw new UsageError(`--tree must be one of ${TREE_KEYS.join(', ')}`);
  const driver = args.values.get('--driver');
  if (driver !== undefined && (driver.trim() === '' || driver === 'assistant')) throw new UsageError('--driver must name a participant (not "assistant")');

  const read = await readWorkingText(source);
  if (!read.ok) {
    io.err(`${source}: error ${read.code} ${read.message}`);
    io.err('causeway import: nothing was written.');
    return 1;
  }
  const format = detectFormat(source, read.text);
  if (format === 'working-file') {
    io.err(`${source}: this looks like a working file already (or a format Causeway does not import); it imports .ltp.yaml, .logicx and TP Studio .json files. Nothing was written.`);
    return 1;
  }
  let result;
  try {
    result = importFile(format, read.text, {
      fileName: basename(source),
      ...(tree ? { tree } : {}),
      ...(driver ? { driver: { id: driver, ...(args.values.has('--driver-name') ? { name: args.values.get('--driver-name')! } : {}) } } : {}),
    });
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    io.err(`${source}: ${error.message}`);
    io.err(`causeway import: ${source} could not be imported as ${IMPORT_FORMAT_NAMES[format]}; nothing was written.`);
    return 1;
  }
  const text = stringifyData(result.data as unknown as Json);
  const check = openWorkingFile(text);
  if (!check.valid) {
    for (const d of check.diagnostics) io.err(formatDiagnostic('(imported file)', d));
    io.err('causeway import: the imported file would not be valid; nothing was written. Please report this with the source file.');
    return 1;
  }
  const output = args.values.get('--output') ?? importedName(source);
  const written = await writeOutput(output, text, args.switches.has('--force'), io);
  if (!written.ok) {
    io.err(`causeway import: ${written.message}`);
    return 1;
  }
  const report = result.report;
  const say = output === '-' ? io.err : io.out;
  if (args.switches.has('--json')) say(JSON.stringify({ source, output, format: report.format, trees: report.trees, notes: report.notes }));
  else {
    say(`Imported ${source} (${IMPORT_FORMAT_NAMES[format]})${output === '-' ? '' : ` into ${output}`}:`);
    for (const line of reportLines(report)) say(`  ${line}`);
  }
  return 0;
}
