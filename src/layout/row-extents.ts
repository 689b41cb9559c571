// How far each rank's row of cards reaches along the flow (y when arrows run up or down, x when
// they run sideways): junctions sit in the gaps between rows, and routed links cross rows
// straight, from one edge to the other.
import type { Point } from './types';
import type { LayoutGraph } from './layout-graph';

export interface RowExtent {
  /** Smallest coordinate along the flow reached by a card of the row. */
  near: number;
  /** Largest. */
  far: number;
}

/** `rankOf` maps node index to rank; `vertical` means arrows run up or down. */
export function rowExtents(
  graph: LayoutGraph,
  nodes: Map<number, Point>,
  rankOf: Map<number, number>,
  vertical: boolean,
): Map<number, RowExtent> {
  const rows = new Map<number, RowExtent>();
  for (const [index, at] of nodes) {
    const r = rankOf.get(index)!;
    const start = vertical ? at.y : at.x;
    const end = start + (vertical ? graph.nodes[index]!.height : graph.nodes[index]!.width);
    const row = rows.get(r);
    if (row) {
      row.near = Math.min(row.near, start);
      row.far = Math.max(row.far, end);
    } else rows.set(r, { near: start, far: end });
  }
  return rows;
}
