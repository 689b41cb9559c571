// Whether an item just changed on disk (marked on its card or link for a moment). Each card asks
// for its own id only, so a change elsewhere never redraws it.
import type { DrawableNode, DrawableTree } from '../../format';
import { useDocumentStore } from '../../store/document-store';

export function useChangedOnDisk(id: string, shown?: Pick<DrawableNode, 'text' | 'kind' | 'status'>): boolean {
  return useDocumentStore((s) => {
    if (!s.recentChanges?.ids.has(id)) return false;
    if (!shown) return true;
    // A card draws the document's new words a render or two after the document has them: it is
    // marked once it says them, never while it still says what it said before.
    const now = nodeById(s.document?.trees ?? [], id);
    return !now || (now.text === shown.text && now.kind === shown.kind && now.status === shown.status);
  });
}

/** Each version's nodes by id, found once per version of the trees. */
const nodesByTrees = new WeakMap<readonly DrawableTree[], Map<string, DrawableNode>>();

function nodeById(trees: readonly DrawableTree[], id: string): DrawableNode | undefined {
  let byId = nodesByTrees.get(trees);
  if (!byId) {
    byId = new Map();
    for (const tree of trees) for (const node of tree.nodes) byId.set(node.id, node);
    nodesByTrees.set(trees, byId);
  }
  return byId.get(id);
}
