// The light/dark toggle: follows the system until pressed; the choice is remembered.
import { useTheme } from '../theme/theme';

export function ThemeToggle() {
  const theme = useTheme((s) => s.theme);
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className="cw-button cw-button-icon"
      aria-pressed={dark}
      aria-label="Dark mode"
      title={dark ? 'Dark mode is on: switch to light (remembered)' : 'Switch to dark mode (remembered)'}
      onClick={() => useTheme.getState().toggle()}
      data-testid="theme-toggle"
    >
      <span aria-hidden="true">{dark ? '☾' : '☀'}</span>
    </button>
  );
}
