// Which trees' accepted content differs from the latest snapshot: what "Record snapshot" would
// record. Asked after every edit, so each tree's projection is kept by the tree's data (unchanged
// trees keep their data object) and each comparison by the pair compared: an edit costs the one
// tree it touched, not the whole file.
import {
  isObject,
  type Json,
  type TreeKey,
  changedTreeNames,
  projectTree,
  sameTree,
  treeOf,
  type Projection,
  type TreeProjection,
  isTreeKey,
} from '../format';
import type { Snapshot } from '../format';

const projections = new WeakMap<object, TreeProjection>();
const comparisons = new WeakMap<TreeProjection, WeakMap<TreeProjection, boolean>>();

/** The same as `acceptedProjection(data)`, reusing the projection of every unchanged tree. */
function projectionOf(data: Json | undefined): Projection {
  const result: Projection = {};
  if (!isObject(data) || !isObject(data.trees)) return result;
  for (const [key, tree] of Object.entries(data.trees)) {
    if (!isTreeKey(key) || !isObject(tree)) continue;
    let projected = projections.get(tree);
    if (!projected) {
      projected = projectTree(tree);
      projections.set(tree, projected);
    }
    if (projected.nodes.length > 0 || projected.links.length > 0) result[key] = projected;
  }
  return result;
}

function same(a: TreeProjection, b: TreeProjection): boolean {
  let known = comparisons.get(a);
  if (!known) comparisons.set(a, (known = new WeakMap()));
  let answer = known.get(b);
  if (answer === undefined) known.set(b, (answer = sameTree(a, b)));
  return answer;
}

export function pendingTrees(snapshots: readonly Snapshot[], data: Json | undefined): TreeKey[] {
  const latest = snapshots.length > 0 ? snapshots[snapshots.length - 1]!.projection : {};
  const now = projectionOf(data);
  return changedTreeNames(latest, now, (name) => !same(treeOf(latest, name), treeOf(now, name)));
}
