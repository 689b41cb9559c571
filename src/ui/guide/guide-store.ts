// Whether the first-run guide shows: on the built-in example until dismissed; once dismissed it is
// never shown again in this browser (unless asked for from the Help commands).
import { create } from 'zustand';

const STORAGE_KEY = 'causeway.guide-dismissed';

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'yes';
  } catch {
    return false;
  }
}

interface GuideState {
  dismissed: boolean;
  /** Asked for again from the commands: shows on any file. */
  requested: boolean;
  dismiss(): void;
  request(): void;
}

export const useGuide = create<GuideState>((set) => ({
  dismissed: wasDismissed(),
  requested: false,
  dismiss() {
    try {
      localStorage.setItem(STORAGE_KEY, 'yes');
    } catch {
      // Storage refused: dismissed for this visit.
    }
    set({ dismissed: true, requested: false });
  },
  request: () => set({ dismissed: false, requested: true }),
}));
