// `causeway export FILE --to FORMAT [-o OUT] [--force]`: a working file as a one-file HTML page,
// a Markdown read-through, Mermaid flowcharts, a Reason Commons interchange file or a Flying
// Logic document. An invalid file is refused; an existing OUT is never replaced without
// --force, and then atomically. The HTML page shows each tree's latest change from the history
// beside the file (.NAME/history/), when there is one.
import { basename, dirname, join } from 'node:path';
import { checkHistory, isTreeKey, openWorkingFile, TREE_KEYS, type Snapshot } from '../format';
import { EXPORT_FORMATS, EXPORT_FORMAT_INFO, exportName, isExportFormat, type ExportFormat } from '../exchange';
import { exportFile } from '../exchange/convert';
import { outputFolderFor, readHistoryFiles } from '../disk/history-on-disk';
import { readWorkingText } from '../disk/read-text';
import { parseArgs, UsageError } from './args';
import type { CommandIO } from './io';
import { formatDiagnostic } from './validate-command';
import { writeOutput } from './write-output';

const ALIASES: Record<string, ExportFormat> = { md: 'markdown', 'read-through': 'markdown', 'ltp.yaml': 'ltp', 'flying-logic': 'logicx', xlogic: 'logicx', mmd: 'mermaid' };

export const EXPORT_HELP = `Usage: causeway export FILE --to FORMAT [-o OUT] [--force] [--accepted]
                       [--tree TREE]

Writes a working file in another form. FORMAT is one of:
${EXPORT_FORMATS.map((f) => `  ${f.padEnd(10)}${EXPORT_FORMAT_INFO[f].label}`).join('\n')}

The HTML page is one self-contained file (nothing is fetched; it opens from a
disk or an e-mail): every tree drawn in its full and accepted-only views and
its latest accepted change (from the history beside FILE, if any), the
legend, find, and the read-through. The Reason Commons and Flying Logic files
keep what their formats have no field for, so importing them back loses
nothing.

Options:
  --to FORMAT       the format (required)
  -o, --output OUT  where to write (default: FILE's name with the format's
                    ending, e.g. plan.ltp.yaml); "-" prints to standard output
  --force           replace OUT if it exists (atomically)
  --accepted        markdown, mermaid: the accepted view of each tree only
  --tree TREE       markdown, mermaid: one tree only (mermaid: a bare .mmd
                    flowchart); one of ${TREE_KEYS.join(', ')}
  --help            show this help

Exit status: 0 when written, 1 when FILE is invalid or unreadable or OUT
exists, 2 for a usage error.`;

async function historyOf(file: string, io: CommandIO): Promise<Snapshot[]> {
  try {
    const check = checkHistory(await readHistoryFiles(join(await outputFolderFor(file), 'history')));
    if (check.ok) return check.snapshots;
    io.err(`causeway export: the history beside ${file} is inconsistent, so the page shows no latest change:\n${check.problems.map((p) => `  ${p}`).join('\n')}`);
  } catch (error) {
    io.err(`causeway export: the history beside ${file} could not be read (${error instanceof Error ? error.message : String(error)}); the page shows no latest change.`);
  }
  return [];
}

export async function exportCommand(argv: readonly string[], io: CommandIO): Promise<number> {
  const args = parseArgs(argv, { withValue: ['--to', '--output', '--tree'], switches: ['--force', '--accepted', '--help'], aliases: { '-o': '--output' } });
  if (args.switches.has('--help')) {
    io.out(EXPORT_HELP);
    return 0;
  }
  if (args.positional.length !== 1) throw new UsageError(args.positional.length === 0 ? 'name the working file to export' : 'name exactly one working file');
  const wanted = args.values.get('--to');
  if (!wanted) throw new UsageError(`say which format with --to (${EXPORT_FORMATS.join(', ')})`);
  const format = isExportFormat(wanted) ? wanted : ALIASES[wanted];
  if (!format) throw new UsageError(`unknown format "${wanted}"; choose one of ${EXPORT_FORMATS.join(', ')}`);
  const tree = args.values.get('--tree');
  if (tree !== undefined && !isTreeKey(tree)) throw new UsageError(`--tree must be one of ${TREE_KEYS.join(', ')}`);
  const file = args.positional[0]!;

  const read = await readWorkingText(file);
  if (!read.ok) {
    io.err(`${file}:1:1: error ${read.code} ${read.message}`);
    io.err('causeway export: nothing was written.');
    return 1;
  }
  const opened = openWorkingFile(read.text);
  if (!opened.valid || opened.data === undefined) {
    for (const d of opened.diagnostics) io.err(formatDiagnostic(file, d));
    const errors = opened.diagnostics.filter((d) => d.severity === 'error').length;
    io.err(`causeway export: ${file} is not valid (${errors} error${errors === 1 ? '' : 's'}); nothing was written. Run causeway validate for the details.`);
    return 1;
  }
  const snapshots = format === 'html' ? await historyOf(file, io) : [];
  const text = exportFile(format, opened.data, {
    fileName: basename(file),
    ...(args.switches.has('--accepted') ? { acceptedOnly: true } : {}),
    ...(tree ? { tree } : {}),
    ...(snapshots.length > 0 ? { snapshots } : {}),
    now: new Date(),
  });
  const output = args.values.get('--output') ?? join(dirname(file), exportName(basename(file), format, tree));
  const written = await writeOutput(output, text, args.switches.has('--force'), io);
  if (!written.ok) {
    io.err(`causeway export: ${written.message}`);
    return 1;
  }
  if (output !== '-') io.out(`Wrote ${output} (${EXPORT_FORMAT_INFO[format].label}).`);
  return 0;
}
