// What the user is looking for: the search, the filters and the focus on a selection, and the
// result for the tree on screen (which ids are dimmed, which are search hits). Cards and links
// read their own flag from here, so narrowing the view redraws only what changes.
import { create } from 'zustand';
import type { TreeKey } from '../../format';
import { NO_FILTERS, type Filters } from './lens';

export interface Focus {
  tree: TreeKey;
  ids: string[];
  steps: number;
}

export interface LensState {
  /** The find bar is open. */
  finding: boolean;
  /** Its filter panel is open. */
  filtering: boolean;
  query: string;
  /** Index of the current hit in the list of hits. */
  current: number;
  filters: Filters;
  focus: Focus | null;
  /** For the tree on screen. */
  dimmed: ReadonlySet<string> | null;
  hits: ReadonlySet<string>;
  /** Bumped to put the keyboard in the search field again. */
  searchNonce: number;
  openFind(): void;
  /** Opens the find bar with its filters showing. */
  openFilters(): void;
  setFiltering(open: boolean): void;
  closeFind(): void;
  setQuery(query: string): void;
  setCurrent(index: number): void;
  setFilters(filters: Filters): void;
  setFocus(focus: Focus | null): void;
  setDerived(dimmed: ReadonlySet<string> | null, hits: ReadonlySet<string>): void;
}

const NO_HITS: ReadonlySet<string> = new Set();

export const useLens = create<LensState>((set) => ({
  finding: false,
  filtering: false,
  query: '',
  current: 0,
  filters: NO_FILTERS,
  focus: null,
  dimmed: null,
  hits: NO_HITS,
  searchNonce: 0,
  openFind: () => set((s) => ({ finding: true, searchNonce: s.searchNonce + 1 })),
  openFilters: () => set((s) => ({ finding: true, filtering: true, searchNonce: s.searchNonce + 1 })),
  setFiltering: (filtering) => set({ filtering }),
  closeFind: () => set({ finding: false, filtering: false, query: '', current: 0 }),
  setQuery: (query) => set({ query, current: 0 }),
  setCurrent: (current) => set({ current }),
  setFilters: (filters) => set({ filters }),
  setFocus: (focus) => set({ focus }),
  setDerived: (dimmed, hits) => set({ dimmed, hits: hits.size ? hits : NO_HITS }),
}));

/** Whether one item is dimmed: each card subscribes to its own answer only. */
export function useIsDimmed(id: string): boolean {
  return useLens((s) => s.dimmed?.has(id) ?? false);
}

export function useIsHit(id: string): boolean {
  return useLens((s) => s.hits.has(id));
}
