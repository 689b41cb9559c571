// The history room: the accepted projection, snapshots and their chain, change sets and the
// latest change of a tree, and what differs item by item between two versions of a file.
export {
  SNAPSHOT_FILE_NAME,
  snapshotFileName,
  checkHistory,
  planSnapshot,
  snapshotText,
  type Snapshot,
  type SnapshotFile,
  type SnapshotPlan,
} from './history';
export {
  EMPTY_TREE,
  acceptedProjection,
  changeSet,
  changedTreeNames,
  changedTrees,
  latestChange,
  nodeTraces,
  projectTree,
  sameTree,
  treeOf,
  treesInHistory,
  type ItemChange,
  type ProjectedLink,
  type ProjectedNode,
  type Projection,
  type TreeProjection,
} from './projection';
export { changedItems, type ItemChanges } from './changed-items';
export { turnChanges, combineTurnChanges, changesToUndoWith } from './turn-changes';
