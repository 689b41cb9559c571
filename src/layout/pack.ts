// Places a tree's separate pieces in rows, biggest first, wrapping at a width that keeps the
// whole picture roughly landscape instead of one endless row of loose cards.
import type { PieceLayout } from './piece';
import type { Point } from './types';
import { PIECE_GAP } from './spacing';

/** Width over height the rows aim for; a screen is about 16:10. */
const TARGET_ASPECT = 1.6;

/**
 * Top-left offsets for the pieces, in the order given. `order` lists piece indices in the
 * order to place them (the caller sorts: biggest first, then input order).
 */
export function packPieces(pieces: PieceLayout[], order: number[]): Point[] {
  const offsets: Point[] = pieces.map(() => ({ x: 0, y: 0 }));
  let area = 0;
  let widest = 0;
  for (const piece of pieces) {
    area += (piece.width + PIECE_GAP) * (piece.height + PIECE_GAP);
    widest = Math.max(widest, piece.width);
  }
  const rowWidth = Math.max(widest, Math.sqrt(area * TARGET_ASPECT));
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const index of order) {
    const piece = pieces[index]!;
    if (x > 0 && x + piece.width > rowWidth) {
      x = 0;
      y += rowHeight + PIECE_GAP;
      rowHeight = 0;
    }
    offsets[index] = { x, y };
    x += piece.width + PIECE_GAP;
    rowHeight = Math.max(rowHeight, piece.height);
  }
  return offsets;
}
