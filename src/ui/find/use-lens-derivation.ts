// Keeps the lens's answer for the tree on screen current: which items are dimmed (filters, focus)
// and which are search hits.
import { useEffect, useMemo } from 'react';
import type { DrawableTree } from '../../format';
import { dimmedIds, searchHits } from './lens';
import { useLens } from './lens-store';

export function useLensDerivation(tree: DrawableTree | undefined, allTrees: DrawableTree[]): void {
  const query = useLens((s) => s.query);
  const finding = useLens((s) => s.finding);
  const filters = useLens((s) => s.filters);
  const focus = useLens((s) => s.focus);
  const hits = useMemo(() => (finding ? searchHits(allTrees, query) : []), [finding, allTrees, query]);
  useEffect(() => {
    if (!tree) {
      useLens.getState().setDerived(null, new Set());
      return;
    }
    const focusHere = focus && focus.tree === tree.key ? { ids: focus.ids, steps: focus.steps } : null;
    const dimmed = dimmedIds(tree, filters, focusHere);
    useLens.getState().setDerived(dimmed, new Set(hits.filter((h) => h.tree === tree.key).map((h) => h.id)));
  }, [tree, filters, focus, hits]);
}

export function useSearchHits(allTrees: DrawableTree[]) {
  const query = useLens((s) => s.query);
  return useMemo(() => searchHits(allTrees, query), [allTrees, query]);
}
