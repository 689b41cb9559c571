// How the person at this browser arranged the editor around the canvas: the side panel's width
// and whether it is folded away, the legend open or folded to its key, the minimap shown or
// hidden. Remembered in browser storage (a preference of the person, never of the file).
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const SIDE_WIDTH = { min: 280, initial: 400, max: 760 } as const;
/** The canvas always keeps at least this much room beside the side panel. */
export const CANVAS_MIN_WIDTH = 360;

/** `auto`: what suits the screen (shown on a wide one, folded or hidden on a phone). */
export type Showing = 'auto' | 'shown' | 'hidden';

export interface LayoutState {
  sideCollapsed: boolean;
  sideWidth: number;
  legend: Showing;
  minimap: Showing;
  /** On a narrow screen: the side panel's sheet is up. Not remembered. */
  sheetOpen: boolean;
  setSideCollapsed(collapsed: boolean): void;
  setSideWidth(width: number): void;
  setLegend(showing: Showing): void;
  setMinimap(showing: Showing): void;
  setSheetOpen(open: boolean): void;
}

/** The widest the side panel may be in a window this wide, so the canvas keeps its room. */
export function maxSideWidth(windowWidth: number): number {
  return Math.max(SIDE_WIDTH.min, Math.min(SIDE_WIDTH.max, windowWidth - CANVAS_MIN_WIDTH));
}

export function clampSideWidth(width: number, windowWidth: number): number {
  if (!Number.isFinite(width)) return SIDE_WIDTH.initial;
  return Math.round(Math.min(maxSideWidth(windowWidth), Math.max(SIDE_WIDTH.min, width)));
}

/** Whether something set to `showing` shows, on a narrow screen or not. */
export function isShown(showing: Showing, narrow: boolean): boolean {
  return showing === 'auto' ? !narrow : showing === 'shown';
}

export const useLayout = create<LayoutState>()(
  persist(
    (set) => ({
      sideCollapsed: false,
      sideWidth: SIDE_WIDTH.initial,
      legend: 'auto',
      minimap: 'auto',
      sheetOpen: false,
      setSideCollapsed: (sideCollapsed) => set({ sideCollapsed }),
      setSideWidth: (width) => set({ sideWidth: clampSideWidth(width, Number.POSITIVE_INFINITY) }),
      setLegend: (legend) => set({ legend }),
      setMinimap: (minimap) => set({ minimap }),
      setSheetOpen: (sheetOpen) => set({ sheetOpen }),
    }),
    {
      name: 'causeway:layout',
      version: 1,
      // Storage refused (private mode): the arrangement lasts for this visit.
      storage: createJSONStorage(() => localStorage),
      partialize: ({ sideCollapsed, sideWidth, legend, minimap }) => ({ sideCollapsed, sideWidth, legend, minimap }),
      // Whatever was stored is checked field by field: a bad value falls back to the default.
      merge: (stored, current) => {
        const saved = (typeof stored === 'object' && stored !== null ? stored : {}) as Partial<LayoutState>;
        const showing = (value: unknown): Showing | undefined => (value === 'auto' || value === 'shown' || value === 'hidden' ? value : undefined);
        return {
          ...current,
          sideCollapsed: typeof saved.sideCollapsed === 'boolean' ? saved.sideCollapsed : current.sideCollapsed,
          sideWidth: typeof saved.sideWidth === 'number' ? clampSideWidth(saved.sideWidth, Number.POSITIVE_INFINITY) : current.sideWidth,
          legend: showing(saved.legend) ?? current.legend,
          minimap: showing(saved.minimap) ?? current.minimap,
        };
      },
    },
  ),
);

/** Whether the side panel shows now: beside the canvas, or as the sheet on a narrow screen. */
export function sidePanelShown(state: Pick<LayoutState, 'sideCollapsed' | 'sheetOpen'>, narrow: boolean): boolean {
  return narrow ? state.sheetOpen : !state.sideCollapsed;
}

/** Shows or puts away the side panel: folds it on a wide screen, slides the sheet on a narrow one. */
export function showSidePanel(show: boolean, narrow: boolean): void {
  if (narrow) useLayout.getState().setSheetOpen(show);
  else useLayout.getState().setSideCollapsed(!show);
}
