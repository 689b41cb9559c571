// Where the view starts when a tree is shown: the whole tree when it fits at a readable size,
// otherwise a readable zoom from its top-left corner (where a tree is read from, drawn upward or
// across), so card text never shrinks to an unreadable few pixels. The rest is a pan away.

/** Card text is 13.5 px at zoom 1: at this zoom it is 9 px, the smallest we open at. */
export const READABLE_ZOOM = 2 / 3;
/** Air around the tree when it is shown whole, as a share of the canvas. */
const FIT_PADDING = 0.12;
/** Air at the edge the tree starts from, in screen px. */
const EDGE = 24;
/** The least air around a tree shown whole at the readable zoom. */
const TIGHT = 8;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

export function openingViewport(box: Box, canvas: { width: number; height: number }): Viewport {
  const usable = 1 - FIT_PADDING;
  const fit = Math.min(1, (canvas.width * usable) / Math.max(box.width, 1), (canvas.height * usable) / Math.max(box.height, 1));
  const zoom = Math.max(fit, READABLE_ZOOM);
  const centred = (start: number, length: number, room: number) => room / 2 - (start + length / 2) * zoom;
  const fromStart = (start: number) => EDGE - start * zoom;
  const fitsAcross = box.width * zoom <= canvas.width - 2 * TIGHT;
  const fitsDown = box.height * zoom <= canvas.height - 2 * TIGHT;
  return { zoom, x: fitsAcross ? centred(box.x, box.width, canvas.width) : fromStart(box.x), y: fitsDown ? centred(box.y, box.height, canvas.height) : fromStart(box.y) };
}
