// Light or dark: follows the system until the user picks one with the toggle; the pick is
// remembered in this browser. Applied as data-theme on <html> before the first paint.
import { create } from 'zustand';
import { watchedQuery } from '../media-query';

export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'causeway.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemTheme(): Theme {
  return watchedQuery(DARK_QUERY).matches() ? 'dark' : 'light';
}

function storedChoice(): ThemeChoice {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

interface ThemeState {
  choice: ThemeChoice;
  theme: Theme;
  choose(choice: ThemeChoice): void;
  /** The toggle: the other theme than the one showing, remembered. */
  toggle(): void;
}

export const useTheme = create<ThemeState>((set, get) => ({
  choice: 'system',
  theme: 'light',
  choose(choice) {
    try {
      if (choice === 'system') localStorage.removeItem(STORAGE_KEY);
      else localStorage.setItem(STORAGE_KEY, choice);
    } catch {
      // Storage refused (private mode): the choice lasts for this visit.
    }
    const theme = choice === 'system' ? systemTheme() : choice;
    set({ choice, theme });
    document.documentElement.dataset.theme = theme;
  },
  toggle() {
    get().choose(get().theme === 'dark' ? 'light' : 'dark');
  },
}));

/** Applies the remembered choice (or the system's) and follows the system while it decides. */
export function startTheme(): void {
  const state = useTheme.getState();
  state.choose(storedChoice());
  watchedQuery(DARK_QUERY).subscribe(() => {
    if (useTheme.getState().choice === 'system') useTheme.getState().choose('system');
  });
}
