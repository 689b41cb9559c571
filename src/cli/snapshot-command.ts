// `causeway snapshot FILE [--summary TEXT] [--output-dir DIR] [--json]`: records accepted history
// and draws each tree's accepted and latest-change diagrams, as the format's reference helper
// does. The working file is only read. Snapshots are created exclusively and never replaced;
// diagrams are replaced atomically and only when their content differs.
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readdir, readFile, realpath, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join, parse, resolve } from 'node:path';
import { TREE_NAMES, openWorkingFile, type Json, type TreeKey } from '../format';
import { SNAPSHOT_FILE_NAME, checkHistory, planSnapshot, snapshotText, type Snapshot, type SnapshotFile } from '../format/history';
import { treesInHistory } from '../format/projection';
import { diagramFiles } from '../render/diagram-files';
import { parseArgs, UsageError } from './args';
import { describeFailure } from './failure';
import type { CommandIO } from './io';
import { readWorkingText } from './read-text';
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
  --json             print the result on one line
  --help             show this help

Prints {"revision": N, "changed_trees": [...], "rendered_trees": [...],
"output": "DIR"}, N being the number of snapshots after the run.

Exit status: 0 on success, 1 when the file is invalid or unreadable, the history
is inconsistent or a write fails, 2 for a usage error.`;

/** Attempts to publish a snapshot when another run keeps publishing first. */
const MAX_ATTEMPTS = 8;

export interface SnapshotResult {
  revision: number;
  changed_trees: TreeKey[];
  rendered_trees: TreeKey[];
  output: string;
}

class Refusal extends Error {}

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

  const output = args.values.has('--output-dir') ? resolve(args.values.get('--output-dir')!) : await defaultOutput(file);
  try {
    const result = await update(opened.data, output, args.values.get('--summary'));
    io.out(asciiJson(result, !args.switches.has('--json')));
    return 0;
  } catch (error) {
    if (error instanceof Refusal) {
      io.err(`causeway snapshot: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

/** `.NAME/` beside the working file (symbolic links resolved, as the reference helper does). */
async function defaultOutput(file: string): Promise<string> {
  const real = await realpath(file).catch(() => resolve(file));
  return join(dirname(real), `.${parse(real).name}`);
}

async function update(state: Json, output: string, summary: string | undefined): Promise<SnapshotResult> {
  const historyDir = join(output, 'history');
  let snapshots: Snapshot[] = [];
  let changed: TreeKey[] = [];
  for (let attempt = 1; ; attempt++) {
    snapshots = await readHistory(historyDir);
    const plan = planSnapshot(state, snapshots, { summary, now: new Date() });
    if (!plan.next) break;
    const text = snapshotText(plan.next.data);
    const check = openWorkingFile(text);
    if (!check.valid) throw new Error(`the snapshot would not read back as a valid state (${check.diagnostics[0]?.message ?? 'unknown problem'}); nothing was written`);
    await mkdir(historyDir, { recursive: true });
    if (await createExclusively(join(historyDir, plan.next.name), text)) {
      snapshots = [...snapshots, { revision: plan.next.revision, name: plan.next.name, data: plan.next.data, projection: plan.projection, change: plan.next.change }];
      changed = plan.changedTrees;
      break;
    }
    // Another run published this revision first: read the history again and compare with it.
    if (attempt >= MAX_ATTEMPTS) throw new Refusal(`another run keeps writing ${historyDir}; nothing was written. Run the command again.`);
  }

  // Each tree is drawn on its own: one that cannot be drawn never keeps the others from being.
  const rendered: TreeKey[] = [];
  const failed: string[] = [];
  const projections = snapshots.map((s) => s.projection);
  for (const tree of treesInHistory(projections)) {
    try {
      if (await drawTree(tree, snapshots, output)) rendered.push(tree);
    } catch (error) {
      failed.push(`the ${TREE_NAMES[tree]} (${tree}): ${describeFailure(error)}`);
    }
  }
  if (failed.length > 0) {
    throw new Refusal(
      `the history is saved (revision ${snapshots.length})${rendered.length > 0 ? ` and ${rendered.join(', ')} redrawn` : ''}, but drawing the diagrams failed for ${failed.join('; ')}. Run the command again to redraw them.`,
    );
  }
  return { revision: snapshots.length, changed_trees: changed, rendered_trees: rendered, output };
}

async function readHistory(historyDir: string): Promise<Snapshot[]> {
  let names: string[];
  try {
    names = (await readdir(historyDir)).filter((name) => SNAPSHOT_FILE_NAME.test(name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new Refusal(`cannot read the history folder ${historyDir}: ${(error as Error).message}`);
  }
  const files: SnapshotFile[] = [];
  for (const name of names) {
    const read = await readWorkingText(join(historyDir, name));
    if (!read.ok) throw new Refusal(`the history in ${historyDir} cannot be read (${name}: ${read.message}); nothing was written.`);
    files.push({ name, text: read.text });
  }
  const check = checkHistory(files);
  if (!check.ok) {
    throw new Refusal(
      `the history in ${historyDir} is inconsistent, so nothing was written and nothing in it was changed:\n` +
        check.problems.map((p) => `  ${p}`).join('\n') +
        '\nSnapshots are never rewritten; restore the missing or edited files, or move the folder aside to start a new history.',
    );
  }
  return check.snapshots;
}

function tempName(target: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
}

async function writeTemp(target: string, text: string): Promise<string> {
  const temp = tempName(target);
  const handle = await open(temp, 'wx');
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  return temp;
}

/** Publishes `text` at `target` only if nothing is there yet; false when another file won. */
async function createExclusively(target: string, text: string): Promise<boolean> {
  const temp = await writeTemp(target, text);
  try {
    await link(temp, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

async function replaceAtomically(target: string, text: string): Promise<void> {
  const temp = await writeTemp(target, text);
  try {
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

async function readIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Draws one tree's two views; writes them only when what is on disk differs. True if written. */
async function drawTree(tree: TreeKey, snapshots: Snapshot[], output: string): Promise<boolean> {
  const files = diagramFiles(tree, snapshots).map((file) => ({ path: join(output, ...file.path.split('/')), text: file.text }));
  let upToDate = true;
  for (const { path, text } of files) if ((await readIfPresent(path)) !== text) upToDate = false;
  if (upToDate) return false;
  for (const { path, text } of files) {
    await mkdir(dirname(path), { recursive: true });
    await replaceAtomically(path, text);
  }
  return true;
}

/** JSON as Python's json.dumps writes it (non-ASCII escaped), pretty with two spaces or on one line. */
function asciiJson(value: SnapshotResult, pretty: boolean): string {
  const text = pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value);
  return text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
