// The presentation's state: whether it runs, which tree, which step. Kept apart in one small
// store, so a group session can later share it (everyone follows the presented step).
import { create } from 'zustand';
import type { TreeKey } from '../format';

export interface PresentationState {
  active: boolean;
  tree: TreeKey | null;
  /** 0-based index into the tree's presentation steps. */
  step: number;
  start(tree: TreeKey, step?: number): void;
  go(step: number): void;
  stop(): void;
}

export const usePresentation = create<PresentationState>((set) => ({
  active: false,
  tree: null,
  step: 0,
  start: (tree, step = 0) => set({ active: true, tree, step }),
  go: (step) => set({ step: Math.max(0, step) }),
  stop: () => set({ active: false }),
}));
