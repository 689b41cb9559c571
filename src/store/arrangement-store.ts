// Where each card of each tree view sits: the picture as people arranged it. A view starts as
// its automatic layout; from the first change (a card added, dragged, Tidy up) the whole
// arrangement is kept: in this browser, or, for a file on disk, beside the file where every
// browser sees the same. Cards never move unless someone moves them: new cards are placed into
// the arrangement, and Tidy up replaces it as one step that Undo takes back.
import { create } from 'zustand';
import type { Point } from '../layout';
import { useDocumentStore } from './document-store';
import { keepPositions, loadKeptPositions, positionsScope } from './positions-storage';

export type Positions = ReadonlyMap<string, Point>;

export interface Arrangement {
  /** Top-left corner of each card, by node id. Ids gone from the tree stay: Undo brings them back. */
  positions: Positions;
  /** Kept (in storage or beside the file); false while it is the automatic layout as first drawn. */
  kept: boolean;
}

/** A change to keep: the whole arrangement after it, what moved, and whether it replaced all. */
export interface KeptChange {
  positions: Positions;
  moves: Positions;
  replace: boolean;
}

/** Where arrangements are kept: this browser's storage, or (for a file on disk) the server. */
export interface ArrangementKeeper {
  load(file: string, view: string): Map<string, Point> | undefined;
  keep(file: string, view: string, change: KeptChange): void;
}

const browserKeeper: ArrangementKeeper = {
  load: loadKeptPositions,
  keep: (file, view, change) => keepPositions(file, view, change.positions),
};

let keeper: ArrangementKeeper = browserKeeper;

/** The live channel keeps the shared views; everything else stays in this browser. */
export function setArrangementKeeper(next: ArrangementKeeper | null): void {
  keeper = next ?? browserKeeper;
}

export { browserKeeper };

interface ArrangementState {
  /** By `arrangementKey(file, view)`. */
  views: ReadonlyMap<string, Arrangement>;
}

export const useArrangementStore = create<ArrangementState>(() => ({ views: new Map() }));

/** The store's key of a view (the files on disk of one folder are told apart by their id). */
export function arrangementKey(file: string, view: string): string {
  return `${positionsScope()}${file}\u0000${view}`;
}

/** What the keeper held for views not changed yet in this session (read once, on first look). */
const loaded = new Map<string, Arrangement | null>();

function put(file: string, view: string, arrangement: Arrangement): void {
  const views = new Map(useArrangementStore.getState().views);
  views.set(arrangementKey(file, view), arrangement);
  useArrangementStore.setState({ views });
}

/**
 * The arrangement of a view, read from where it is kept the first time it is asked for. Safe
 * to call while drawing: reading from the keeper changes no state.
 */
export function loadArrangement(file: string, view: string): Arrangement | undefined {
  const key = arrangementKey(file, view);
  const known = useArrangementStore.getState().views.get(key);
  if (known) return known;
  if (!loaded.has(key)) {
    const positions = keeper.load(file, view);
    loaded.set(key, positions ? { positions, kept: true } : null);
  }
  return loaded.get(key) ?? undefined;
}

/** The arrangement of a view, following its changes. */
export function useArrangement(file: string, view: string): Arrangement | undefined {
  const key = arrangementKey(file, view);
  return useArrangementStore((s) => s.views.get(key)) ?? loadArrangement(file, view);
}

/** The automatic layout as first drawn: the arrangement to build on, not kept until it changes. */
export function seedArrangement(file: string, view: string, positions: Positions): void {
  if (loadArrangement(file, view)) return;
  put(file, view, { positions, kept: false });
}

export interface MoveOptions {
  /** Record the move as an undo step with this label ("Move n3", "Tidy up"). */
  label?: string;
  /** The moves are the whole arrangement (Tidy up): every other position is forgotten. */
  replace?: boolean;
}

/** Puts cards at new places (a card placed, dragged, or every card by Tidy up) and keeps the result. */
export function moveCards(file: string, view: string, moves: Positions, options: MoveOptions = {}): void {
  const before = loadArrangement(file, view);
  const replace = options.replace ?? false;
  if (moves.size === 0 && !replace) return;
  const positions = replace ? new Map(moves) : new Map([...(before?.positions ?? []), ...moves]);
  put(file, view, { positions, kept: true });
  // Kept whole the first time (the automatic layout it grew from was not kept).
  keeper.keep(file, view, { positions, moves: before?.kept ? moves : positions, replace: replace || !before?.kept });
  if (!options.label) return;
  const previous = before?.positions ?? new Map<string, Point>();
  const undo = replace ? new Map(previous) : new Map([...moves.keys()].flatMap((id) => (previous.has(id) ? [[id, previous.get(id)!] as const] : [])));
  useDocumentStore.getState().recordViewChange(options.label, {
    undo: () => moveCards(file, view, undo, { replace }),
    redo: () => moveCards(file, view, moves, { replace }),
  });
}

/** Positions another browser set (through the server): shown, not sent back, not an undo step. */
export function receiveArrangement(file: string, view: string, moves: Positions, replace: boolean): void {
  const before = loadArrangement(file, view);
  if (!before && !replace) return; // never drawn here, nor kept: the next reading from the keeper has it
  const positions = replace ? new Map(moves) : new Map([...(before?.positions ?? []), ...moves]);
  put(file, view, { positions, kept: true });
}

/**
 * Forgets what was read from the keeper (the server sent the arrangements afresh), and the
 * automatic layouts drawn before they came for the views `fresh` names: a page that drew a tree
 * before the server's arrangement of it arrived (from the copy kept in the browser) shows the
 * shared arrangement, not its own first drawing.
 */
export function forgetLoadedArrangements(fresh: (view: string) => boolean = () => false): void {
  loaded.clear();
  const views = useArrangementStore.getState().views;
  const kept = new Map([...views].filter(([key, arrangement]) => arrangement.kept || !fresh(key.slice(key.indexOf('\u0000') + 1))));
  if (kept.size !== views.size) useArrangementStore.setState({ views: kept });
}
