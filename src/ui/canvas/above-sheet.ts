// On a phone the side panel is a sheet over the lower part of the canvas. The part of the canvas
// still in sight above it, in canvas px, once the sheet is all the way up (it slides in).
import type { Rect } from './edge-geometry';

/** Space kept between a card and the sheet's edge. */
const GAP = 8;

export function roomAboveSheet(canvas: HTMLElement, sheet: HTMLElement | null, windowHeight: number): Rect | undefined {
  if (!sheet) return undefined;
  const area = canvas.getBoundingClientRect();
  // Its height, not its box: while it slides in, its box is still partly below the window.
  const top = windowHeight - sheet.offsetHeight - area.top;
  if (top <= GAP) return undefined;
  return { x: 0, y: 0, width: area.width, height: Math.min(area.height, top - GAP) };
}
