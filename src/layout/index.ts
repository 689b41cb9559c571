// Tree layout: model tree → positions of node cards and AND junctions. Pure and worker-friendly.
import type { LayoutInput, LayoutResult } from './types';
import { computeLayout } from './layout-tree';

export type * from './types';
export { computeLayout } from './layout-tree';
export { createLayoutWorkerClient, LayoutSupersededError, type LayoutWorkerClient } from './worker-client';
export { estimateNodeSize, wrapText, charsPerLine, CARD_WIDTH, type NodeSizeEstimate } from './estimate-size';
export { TREE_CONVENTIONS, conventionFor, readingStart, type TreeConvention } from './conventions';

/** Lays out one tree. Resolves on the calling thread; use the worker client in the browser. */
export async function layoutTree(input: LayoutInput): Promise<LayoutResult> {
  return computeLayout(input);
}
export { RectGrid, RectList, PointGrid, type Box } from './spatial-grid';
export { placeNewCards, type PlaceNewInput } from './place-new';
export { ARRANGEMENT_FILE_NAME, MAX_ARRANGED_CARDS, arrangementFileText, parseArrangementFile, isPlace, type ArrangedTrees, type ReadArrangement } from './arrangement-file';
export { makeRoom, type RoomCard } from './make-room';
export { foldBranches, foldedAbove, type FoldedBranches } from './branches';
export { randomTree, seededRandom } from './random-tree';
