// Find (Ctrl+F or /): text across every tree, with the number of matches; Enter jumps to the next
// one (Shift+Enter: the previous), opening its tree and centring it. Filters dim what does not
// match, never hide it.
import { useEffect, useRef, useState } from 'react';
import type { DrawableTree } from '../../format';
import { useDocumentStore } from '../../store/document-store';
import { treeLabel } from '../words';
import { FilterPanel } from './FilterPanel';
import { isFiltering } from './lens';
import { useLens } from './lens-store';
import { useSearchHits } from './use-lens-derivation';

export function FindBar({ trees, tree }: { trees: DrawableTree[]; tree: DrawableTree | undefined }) {
  const finding = useLens((s) => s.finding);
  const query = useLens((s) => s.query);
  const current = useLens((s) => s.current);
  const filters = useLens((s) => s.filters);
  const nonce = useLens((s) => s.searchNonce);
  const hits = useSearchHits(trees);
  const [jumped, setJumped] = useState(false);
  const showFilters = useLens((s) => s.filtering);
  const input = useRef<HTMLInputElement>(null);
  const mode = useDocumentStore((s) => s.view.mode);
  const full = trees.find((t) => t.key === tree?.key);
  const hiddenByView = mode === 'accepted' && full && tree ? { count: full.nodes.length - tree.nodes.length, view: 'Accepted only' } : null;

  useEffect(() => {
    if (finding) input.current?.select();
  }, [finding, nonce]);
  useEffect(() => setJumped(false), [query]);

  if (!finding) return null;
  const jump = (step: number) => {
    if (hits.length === 0) return;
    const next = jumped ? (current + step + hits.length) % hits.length : step > 0 ? 0 : hits.length - 1;
    useLens.getState().setCurrent(next);
    setJumped(true);
    useDocumentStore.getState().focusItem(hits[next].id);
  };
  const hit = jumped ? hits[current] : undefined;
  const filtering = isFiltering(filters);
  return (
    // Escape anywhere in it (the search field, a filter's checkbox, a button) closes it; the
    // filter stays on, shown in the status bar of modes, and the next Escape leaves it.
    <div
      className="cw-find"
      role="search"
      aria-label="Find and filter"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        e.preventDefault();
        e.stopPropagation();
        useLens.getState().closeFind();
      }}
    >
      <div className="cw-find-row">
        <input
          ref={input}
          type="search"
          className="cw-find-input"
          aria-label="Find text in every tree"
          placeholder="Find in every tree…"
          value={query}
          onChange={(e) => useLens.getState().setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              jump(e.shiftKey ? -1 : 1);
            } else if (e.key === 'Escape') {
              e.preventDefault();
              useLens.getState().closeFind();
            }
          }}
        />
        <span className="cw-find-count" role="status" data-testid="find-count">
          {query.trim() === '' ? '' : hits.length === 0 ? 'No matches' : hit ? `${current + 1} of ${hits.length}` : `${hits.length} ${hits.length === 1 ? 'match' : 'matches'}`}
        </span>
        <button type="button" className="cw-button cw-button-icon" aria-label="Previous match (Shift+Enter)" title="Previous match (Shift+Enter)" disabled={hits.length === 0} onClick={() => jump(-1)}>
          ↑
        </button>
        <button type="button" className="cw-button cw-button-icon" aria-label="Next match (Enter)" title="Next match (Enter)" disabled={hits.length === 0} onClick={() => jump(1)}>
          ↓
        </button>
        <button
          type="button"
          className={`cw-button${filtering ? ' is-active' : ''}`}
          aria-expanded={showFilters}
          aria-controls="cw-filter-panel"
          data-testid="filter-toggle"
          onClick={() => useLens.getState().setFiltering(!showFilters)}
        >
          Filter{filtering ? ' (on)' : ''}
        </button>
        <button type="button" className="cw-button cw-button-icon" aria-label="Close find (Escape)" title="Close (Escape)" onClick={() => useLens.getState().closeFind()}>
          ✕
        </button>
      </div>
      {hit && (
        <p className="cw-find-hit">
          {treeLabel(hit.tree)} · <code>{hit.id}</code> · {hit.text}
        </p>
      )}
      {showFilters && <FilterPanel tree={tree} hiddenByView={hiddenByView} />}
    </div>
  );
}
