// `causeway snapshot FILE [--summary TEXT] [--output-dir DIR] [--json]`: records accepted history
// and draws each tree's accepted and latest-change diagrams, as the format's reference helper
// does. The working file is only read. Snapshots are created exclusively and never replaced;
// diagrams are replaced atomically and only when their content differs.
import { resolve } from 'node:path';
import { openWorkingFile } from '../format';
import { HistoryRefusal, outputFolderFor, recordSnapshot, type SnapshotResult } from '../disk/history-on-disk';
import { parseArgs, UsageError } from './args';
import type { CommandIO } from './io';
import { readWorkingText } from '../disk/read-text';
import { snapshotSentence } from './snapshot-words';
import { formatDiagnostic } from './validate-command';

export const SNAPSHOT_HELP = `Usage: causeway snapshot FILE [--summary TEXT] [--output-dir DIR] [--json]

Records the accepted reasoning of a working file in its history and draws each
tree's diagrams. A drop-in for the format's reference helper (update_views.py).

For FILE = NAME.yaml, everything is written under .NAME/ beside it:
  history/000001.yaml, 000002.yaml, ...   one snapshot per accepted change
  diagrams/current/TREE.svg + .html        the tree's accepted view
  diagrams/changes/TREE.svg + .html        the tree's latest accepted change

The file is validated first: an invalid file prints its problems and nothing is
written. A new snapshot is made only when the accepted content differs from the
latest snapshot's (proposals, backlog, contributors, extra endorsers, the active
tree and list order do not count). A history with a gap in its numbering, a
revision that does not match its file name or a broken previous_revision chain
is refused and left untouched. Diagrams that are missing or out of date are
redrawn, without a new snapshot. The working file is never written.

Options:
  --summary TEXT     the change's summary (default: "Updated accepted reasoning
                     in TREES")
  --output-dir DIR   write there instead of .NAME/
  --json             print the result as JSON on one line
  --help             show this help

On a terminal it says what it did in a sentence, e.g. "No accepted change since
revision 1: nothing written." With --json, or when its output goes to a pipe or
a file, it prints {"revision": N, "changed_trees": [...], "rendered_trees":
[...], "output": "DIR"} (N being the number of snapshots after the run;
changed_trees is empty when no snapshot was needed), on one line with --json.

Exit status: 0 on success, 1 when the file is invalid or unreadable, the history
is inconsistent or a write fails, 2 for a usage error.`;

export async function snapshotCommand(argv: readonly string[], io: CommandIO): Promise<number> {
  const args = parseArgs(argv, { withValue: ['--summary', '--output-dir'], switches: ['--json', '--help'] });
  if (args.switches.has('--help')) {
    io.out(SNAPSHOT_HELP);
    return 0;
  }
  if (args.positional.length !== 1) throw new UsageError(args.positional.length === 0 ? 'name the working file' : 'name exactly one working file');
  const file = args.positional[0]!;

  const read = await readWorkingText(file);
  if (!read.ok) {
    io.err(`${file}:1:1: error ${read.code} ${read.message}`);
    io.err('causeway snapshot: nothing was written.');
    return 1;
  }
  const opened = openWorkingFile(read.text);
  for (const d of opened.diagnostics) io.err(formatDiagnostic(file, d));
  if (!opened.valid || opened.data === undefined) {
    const errors = opened.diagnostics.filter((d) => d.severity === 'error').length;
    io.err(`causeway snapshot: ${file} is not valid (${errors} error${errors === 1 ? '' : 's'}); nothing was written.`);
    return 1;
  }

  const output = args.values.has('--output-dir') ? resolve(args.values.get('--output-dir')!) : await outputFolderFor(file);
  try {
    const result = await recordSnapshot(opened.data, output, args.values.get('--summary'));
    if (args.switches.has('--json')) io.out(asciiJson(result, false));
    else if (io.terminal) io.out(snapshotSentence(result));
    else io.out(asciiJson(result, true));
    return 0;
  } catch (error) {
    if (error instanceof HistoryRefusal) {
      io.err(`causeway snapshot: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

/** JSON as Python's json.dumps writes it (non-ASCII escaped), pretty with two spaces or on one line. */
function asciiJson(value: SnapshotResult, pretty: boolean): string {
  const text = pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value);
  return text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
