// The area around the view that long links are cut to (clip-course.ts). It moves in steps, a
// grid of view-sized cells, so a link is cut again only when the view has moved about half a
// screen or the zoom has doubled: not at every frame of a pan.
import type { ReactFlowState } from '@xyflow/react';
import type { Area } from './clip-course';
import { PRINT_SIZE } from './print-size';

/** Links whose ends lie further apart than this (flow px) follow the view; shorter ones are never cut. */
export const LONG_LINK = 2000;

/**
 * Cells kept on each side of the one at the view's centre: one holds the view at any zoom of the
 * level. A view smaller than the printed area keeps two after it, where the print reaches. Every
 * cell more is dashed link drawn for nothing: Chromium dashes the whole of each path drawn.
 */
const MARGIN_CELLS = 1;

/** Names the current area ('' while the canvas has no size yet). */
export function clipAreaKey(state: Pick<ReactFlowState, 'transform' | 'width' | 'height'>): string {
  const [x, y, zoom] = state.transform;
  if (!state.width || !state.height || !(zoom > 0)) return '';
  const level = Math.round(Math.log2(zoom));
  const cell = cellSize(level, state.width, state.height);
  const column = Math.floor((state.width / 2 - x) / zoom / cell.width);
  const row = Math.floor((state.height / 2 - y) / zoom / cell.height);
  return `${level} ${column} ${row} ${state.width} ${state.height}`;
}

export function clipAreaOf(key: string): Area {
  const [level, column, row, width, height] = key.split(' ').map(Number) as [number, number, number, number, number];
  const cell = cellSize(level, width, height);
  const after = (size: number, printed: number) => (size < printed ? 2 * MARGIN_CELLS : MARGIN_CELLS);
  return {
    x: (column - MARGIN_CELLS) * cell.width,
    y: (row - MARGIN_CELLS) * cell.height,
    width: (MARGIN_CELLS + 1 + after(width, PRINT_SIZE.width)) * cell.width,
    height: (MARGIN_CELLS + 1 + after(height, PRINT_SIZE.height)) * cell.height,
  };
}

/** A cell is a view at the zoom level's power of two; never smaller than the printed area. */
function cellSize(level: number, width: number, height: number) {
  const zoom = 2 ** level;
  return { width: Math.max(width, PRINT_SIZE.width) / zoom, height: Math.max(height, PRINT_SIZE.height) / zoom };
}
