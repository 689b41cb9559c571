// Which cards are folded (their branches hidden), per file and tree, remembered in this browser.
// A view only: folding is never written to the file, nor shared with other browsers.
import { create } from 'zustand';
import { positionsScope } from '../../store/positions-storage';

const PREFIX = 'causeway.folded.v1:';

interface FoldState {
  /** By `file + tree`: the folded cards. */
  folded: ReadonlyMap<string, ReadonlySet<string>>;
}

export const useFoldStore = create<FoldState>(() => ({ folded: new Map() }));

const NONE: ReadonlySet<string> = new Set();

function keyOf(file: string, tree: string): string {
  return `${positionsScope()}${file}:${tree}`;
}

function load(key: string): ReadonlySet<string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(PREFIX + key) ?? '[]');
    return Array.isArray(parsed) ? new Set(parsed.filter((id): id is string => typeof id === 'string')) : NONE;
  } catch {
    return NONE;
  }
}

/** The folded cards of a tree, following changes. */
export function useFolded(file: string, tree: string): ReadonlySet<string> {
  const key = keyOf(file, tree);
  return useFoldStore((s) => s.folded.get(key)) ?? loadOnce(key);
}

const loaded = new Map<string, ReadonlySet<string>>();
function loadOnce(key: string): ReadonlySet<string> {
  if (!loaded.has(key)) loaded.set(key, load(key));
  return loaded.get(key)!;
}

export function foldedCards(file: string, tree: string): ReadonlySet<string> {
  const key = keyOf(file, tree);
  return useFoldStore.getState().folded.get(key) ?? loadOnce(key);
}

/** Folds or unfolds cards' branches. */
export function setFolded(file: string, tree: string, ids: readonly string[], fold: boolean): void {
  const key = keyOf(file, tree);
  const next = new Set(foldedCards(file, tree));
  for (const id of ids) {
    if (fold) next.add(id);
    else next.delete(id);
  }
  const folded = new Map(useFoldStore.getState().folded);
  folded.set(key, next);
  useFoldStore.setState({ folded });
  try {
    if (next.size === 0) localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, JSON.stringify([...next]));
  } catch {
    // Storage full or blocked: folded for this session.
  }
}
