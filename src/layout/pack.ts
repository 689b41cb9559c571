// Places a tree's separate pieces: the linked pieces in rows, biggest first, wrapping at a width
// that keeps them roughly landscape; then the loose cards (observations linked to nothing yet)
// beside them, in columns down the right of a tree drawn upward, in rows under a tree drawn
// across, so they are seen with the tree rather than in rows far below it.
import type { PieceLayout } from './piece';
import type { FlowDirection, Point } from './types';
import { NODE_GAP, PIECE_GAP } from './spacing';

/** Width over height the rows aim for; a screen is about 16:10. */
const TARGET_ASPECT = 1.6;
/** Loose cards beside a short tree still stack this high (or wide) before a new column starts. */
const LEAST_RUN = 480;

/**
 * Top-left offsets for the pieces. `order` lists piece indices in the order to place them (the
 * caller sorts: biggest first, then input order).
 */
export function packPieces(pieces: PieceLayout[], order: number[], direction: FlowDirection = 'up'): Point[] {
  const offsets: Point[] = pieces.map(() => ({ x: 0, y: 0 }));
  const isLoose = (index: number) => pieces[index]!.nodes.size === 1 && pieces[index]!.junctions.size === 0;
  const linked = order.filter((i) => !isLoose(i));
  const loose = order.filter(isLoose);
  if (linked.length === 0) {
    packRows(pieces, loose, offsets);
    return offsets;
  }
  const block = packRows(pieces, linked, offsets);
  const vertical = direction === 'up' || direction === 'down';
  // Runs of loose cards along the side of the block: down its right, or along under it.
  let run = 0;
  let along = 0;
  let runDepth = 0;
  const runLength = Math.max(vertical ? block.height : block.width, LEAST_RUN);
  for (const index of loose) {
    const piece = pieces[index]!;
    const length = vertical ? piece.height : piece.width;
    if (along > 0 && along + length > runLength) {
      run += runDepth + NODE_GAP;
      along = 0;
      runDepth = 0;
    }
    offsets[index] = vertical ? { x: block.width + PIECE_GAP + run, y: along } : { x: along, y: block.height + PIECE_GAP + run };
    along += length + NODE_GAP;
    runDepth = Math.max(runDepth, vertical ? piece.width : piece.height);
  }
  return offsets;
}

/** Pieces in rows of a roughly landscape block; returns its size. */
function packRows(pieces: PieceLayout[], order: number[], offsets: Point[]): { width: number; height: number } {
  let area = 0;
  let widest = 0;
  for (const index of order) {
    const piece = pieces[index]!;
    area += (piece.width + PIECE_GAP) * (piece.height + PIECE_GAP);
    widest = Math.max(widest, piece.width);
  }
  const rowWidth = Math.max(widest, Math.sqrt(area * TARGET_ASPECT));
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  let width = 0;
  for (const index of order) {
    const piece = pieces[index]!;
    if (x > 0 && x + piece.width > rowWidth) {
      x = 0;
      y += rowHeight + PIECE_GAP;
      rowHeight = 0;
    }
    offsets[index] = { x, y };
    x += piece.width + PIECE_GAP;
    width = Math.max(width, x - PIECE_GAP);
    rowHeight = Math.max(rowHeight, piece.height);
  }
  return { width, height: y + rowHeight };
}
