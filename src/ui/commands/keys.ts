// Key chords written the way they are shown ("Ctrl+Shift+Z", "N", "?", "Delete") and matched
// against key presses. Ctrl stands for ⌘ on a Mac.

export interface KeyPress {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** Whether a press is the chord `spec`. Printable keys like "?" match whatever Shift it took. */
export function matchesChord(spec: string, press: KeyPress): boolean {
  const parts = spec.split('+');
  const main = parts.pop()!;
  const wantCtrl = parts.includes('Ctrl');
  const wantShift = parts.includes('Shift');
  const wantAlt = parts.includes('Alt');
  if ((press.ctrlKey || press.metaKey) !== wantCtrl || press.altKey !== wantAlt) return false;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (main.length === 1 && !/[a-z0-9]/i.test(main)) return key === main;
  if (press.shiftKey !== wantShift) return false;
  // Digits by their key position too, so Shift never turns "1" into "!" here.
  if (/^[0-9]$/.test(main)) return key === main || press.code === `Digit${main}`;
  return key === (main.length === 1 ? main.toLowerCase() : main);
}

/** How a chord reads on this machine: Ctrl becomes ⌘ on a Mac. */
export function showChord(spec: string, mac = isMac()): string {
  return mac ? spec.replace(/Ctrl\+/g, '⌘').replace(/Shift\+/g, '⇧').replace(/Alt\+/g, '⌥') : spec;
}

function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}
