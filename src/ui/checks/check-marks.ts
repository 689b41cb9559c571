// Whether check marks show on the diagram: a preference of the person at this browser, not of
// the file, so it is remembered in browser storage.
import { create } from 'zustand';

const KEY = 'causeway:check-marks';

function load(): boolean {
  try {
    return localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

interface CheckMarksState {
  visible: boolean;
  setVisible(visible: boolean): void;
}

export const useCheckMarks = create<CheckMarksState>((set) => ({
  visible: load(),
  setVisible(visible) {
    try {
      if (visible) localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, 'off');
    } catch {
      // Storage may be unavailable (private mode); the choice still holds for this page.
    }
    set({ visible });
  },
}));
