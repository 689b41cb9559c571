// Which change the latest-change view shows for a tree: accepted changes not recorded yet, if
// the working file has any; otherwise the tree's latest recorded change (as of the revision
// being looked at, when one is open).
import type { Json, TreeKey, Snapshot } from '../format';
import {
  EMPTY_TREE,
  acceptedProjection,
  latestChange,
  sameTree,
  treeOf,
  type TreeProjection,
} from '../format';
import { describeTime } from '../render/diagram-files';

export interface ShownChange {
  before: TreeProjection;
  after: TreeProjection;
  /** What the view compares, in words. */
  caption: string;
}

export function changeToShow(tree: TreeKey, snapshots: readonly Snapshot[], working: Json | undefined, revision: number | null): ShownChange | undefined {
  const history = revision === null ? snapshots : snapshots.slice(0, revision);
  if (revision === null) {
    const last = history[history.length - 1];
    const recorded = last ? treeOf(last.projection, tree) : EMPTY_TREE;
    const now = treeOf(acceptedProjection(working), tree);
    if (!sameTree(recorded, now)) {
      return {
        before: recorded,
        after: now,
        caption: last ? `Accepted changes since revision ${last.revision}, not recorded yet` : 'Accepted reasoning not recorded yet (no snapshot so far)',
      };
    }
  }
  const change = latestChange(
    history.map((s) => s.projection),
    tree,
  );
  if (!change) return undefined;
  const snapshot = history[change.revision - 1]!;
  const when = describeTime(snapshot.change?.at);
  const summary = snapshot.change?.summary;
  return {
    before: change.before,
    after: change.after,
    caption: `Revision ${change.revision}${change.revision > 1 ? ` compared with revision ${change.revision - 1}` : ''}${when ? ` · ${when}` : ''}${summary ? ` · ${summary}` : ''}`,
  };
}
