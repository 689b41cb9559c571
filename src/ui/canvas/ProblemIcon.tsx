/**
 * The mark of an item that breaks a rule of the format: a red no-entry sign, drawn rather than
 * typed, so that it shows on a machine without an emoji font (the ⛔ character came out as an
 * empty box there).
 */
export function ProblemIcon() {
  return (
    <svg className="cw-problem-icon" viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="7.5" fill="var(--cw-error)" />
      <rect x="3.5" y="6.6" width="9" height="2.8" rx="0.6" fill="#fff" />
    </svg>
  );
}
