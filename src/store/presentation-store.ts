// The presentation's state: whether it runs, which tree, which step, and whose it is. Alone, it is
// this page's. In a group session the driver may lead it (`leading`: every invited page follows;
// live-presentation.ts sends it), and an invited page follows the driver's (`following`: set from
// the session by group-sync.ts) until the person stops following; they can follow again while it
// lasts, and when the driver ends it, it ends everywhere.
import { create } from 'zustand';
import type { TreeKey } from '../format';

/** Whose presentation this page shows. */
export type PresentationRole = 'alone' | 'leading' | 'following';

/** The driver's presentation as an invited page hears of it: a tree, a step, and the driver's name. */
export interface LedPresentation {
  tree: TreeKey;
  step: number;
  /** The driver's name, from the file's participants. */
  by: string;
}

export interface PresentationState {
  active: boolean;
  tree: TreeKey | null;
  /** 0-based index into the tree's presentation steps. */
  step: number;
  role: PresentationRole;
  /** Invited pages: the presentation the driver leads now, or null. */
  led: LedPresentation | null;
  /** Invited pages: whether this page follows the driver's presentation (until the person stops). */
  following: boolean;
  /** Starts a presentation on this page; `lead`: the driver shares it with everyone in the session. */
  start(tree: TreeKey, step?: number, lead?: boolean): void;
  /** Driver: everyone follows the presentation running here (true), or it goes on here alone (false). */
  lead(leading: boolean): void;
  /** Goes to a step; a page following the driver's presentation does not step on its own. */
  go(step: number): void;
  /** Leaves the presentation; a page following the driver's stops following (it can follow again). */
  stop(): void;
  /** Invited pages: follow the driver's presentation (again). */
  follow(): void;
  /** Invited pages: the driver's presentation as the session holds it now (null: there is none). */
  hear(led: LedPresentation | null): void;
}

export const usePresentation = create<PresentationState>((set, get) => ({
  active: false,
  tree: null,
  step: 0,
  role: 'alone',
  led: null,
  following: true,
  start: (tree, step = 0, lead = false) => set({ active: true, tree, step, role: lead ? 'leading' : 'alone' }),
  lead: (leading) => {
    if (get().active && get().role !== 'following') set({ role: leading ? 'leading' : 'alone' });
  },
  go: (step) => {
    if (get().role !== 'following') set({ step: Math.max(0, step) });
  },
  stop: () => set(get().role === 'following' ? { active: false, role: 'alone', following: false } : { active: false, role: 'alone' }),
  follow: () => {
    const led = get().led;
    set({ following: true, ...(led ? { active: true, tree: led.tree, step: led.step, role: 'following' } : {}) });
  },
  hear: (led) => {
    const { following, role } = get();
    if (!led) {
      // Ended by the driver: ended here too; the next one is followed again.
      set({ led: null, following: true, ...(role === 'following' ? { active: false, role: 'alone' } : {}) });
      return;
    }
    set({ led, ...(following ? { active: true, tree: led.tree, step: led.step, role: 'following' } : {}) });
  },
}));
