// The accepted history beside a working file, `.NAME/history/NNNNNN.yaml`, and its diagrams in
// `.NAME/diagrams/`: read, checked and extended exactly as the format says (FORMAT.md §10).
// Used by `causeway snapshot` and by the workspace server's Record snapshot, so both write the
// same files in the same way.
import { mkdir, readdir, readFile, realpath } from 'node:fs/promises';
import { dirname, join, parse, resolve } from 'node:path';
import {
  TREE_NAMES,
  openWorkingFile,
  type Json,
  type TreeKey,
  SNAPSHOT_FILE_NAME,
  checkHistory,
  planSnapshot,
  snapshotText,
  type Snapshot,
  type SnapshotFile,
  treesInHistory,
} from '../format';
import { diagramFiles } from '../render/diagram-files';
import { describeFailure } from './failure';
import { readWorkingText } from './read-text';
import { createExclusively, replaceAtomically } from './atomic-write';
import { readArrangementOrNone } from './arrangement-on-disk';
import type { Point } from '../layout';

/** Attempts to publish a snapshot when another run keeps publishing first. */
const MAX_ATTEMPTS = 8;

export interface SnapshotResult {
  revision: number;
  changed_trees: TreeKey[];
  rendered_trees: TreeKey[];
  output: string;
}

/** A reason to write nothing that the user can act on (as opposed to an unexpected failure). */
export class HistoryRefusal extends Error {}

/** `.NAME/` beside the working file (symbolic links resolved, as the reference helper does). */
export async function outputFolderFor(file: string): Promise<string> {
  const real = await realpath(file).catch(() => resolve(file));
  return join(dirname(real), `.${parse(real).name}`);
}

/** The snapshot files in `historyDir` as they are, in name order (none when there is no folder). */
export async function readHistoryFiles(historyDir: string): Promise<SnapshotFile[]> {
  let names: string[];
  try {
    names = (await readdir(historyDir)).filter((name) => SNAPSHOT_FILE_NAME.test(name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new HistoryRefusal(`cannot read the history folder ${historyDir}: ${(error as Error).message}`);
  }
  const files: SnapshotFile[] = [];
  for (const name of names) {
    const read = await readWorkingText(join(historyDir, name));
    if (!read.ok) throw new HistoryRefusal(`the history in ${historyDir} cannot be read (${name}: ${read.message}); nothing was written.`);
    files.push({ name, text: read.text });
  }
  return files;
}

async function readHistory(historyDir: string): Promise<Snapshot[]> {
  const check = checkHistory(await readHistoryFiles(historyDir));
  if (!check.ok) {
    throw new HistoryRefusal(
      `the history in ${historyDir} is inconsistent, so nothing was written and nothing in it was changed:\n` +
        check.problems.map((p) => `  ${p}`).join('\n') +
        '\nSnapshots are never rewritten; restore the missing or edited files, or move the folder aside to start a new history.',
    );
  }
  return check.snapshots;
}

/**
 * Records a snapshot of `state` in `output/history/` when its accepted content changed, then
 * redraws the diagrams that are missing or out of date. `state` must already be valid.
 */
export async function recordSnapshot(state: Json, output: string, summary: string | undefined): Promise<SnapshotResult> {
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
    if (attempt >= MAX_ATTEMPTS) throw new HistoryRefusal(`another run keeps writing ${historyDir}; nothing was written. Run the command again.`);
  }

  // Each tree is drawn on its own: one that cannot be drawn never keeps the others from being.
  const rendered: TreeKey[] = [];
  const failed: string[] = [];
  const projections = snapshots.map((s) => s.projection);
  // Drawn as arranged on the canvas (`layout.json` beside the history), else laid out afresh.
  const arranged = await readArrangementOrNone(output);
  for (const tree of treesInHistory(projections)) {
    try {
      if (await drawTree(tree, snapshots, output, arranged.get(tree))) rendered.push(tree);
    } catch (error) {
      failed.push(`the ${TREE_NAMES[tree]} (${tree}): ${describeFailure(error)}`);
    }
  }
  if (failed.length > 0) {
    throw new HistoryRefusal(
      `the history is saved (revision ${snapshots.length})${rendered.length > 0 ? ` and ${rendered.join(', ')} redrawn` : ''}, but drawing the diagrams failed for ${failed.join('; ')}. Run the command again to redraw them.`,
    );
  }
  return { revision: snapshots.length, changed_trees: changed, rendered_trees: rendered, output };
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
async function drawTree(tree: TreeKey, snapshots: Snapshot[], output: string, arrangement: ReadonlyMap<string, Point> | undefined): Promise<boolean> {
  const files = diagramFiles(tree, snapshots, arrangement).map((file) => ({ path: join(output, ...file.path.split('/')), text: file.text }));
  let upToDate = true;
  for (const { path, text } of files) if ((await readIfPresent(path)) !== text) upToDate = false;
  if (upToDate) return false;
  for (const { path, text } of files) {
    await mkdir(dirname(path), { recursive: true });
    await replaceAtomically(path, text);
  }
  return true;
}
