// One connected piece of a tree, laid out on its own with its top-left at (0,0); the packer
// then places the pieces side by side.
import type { Point } from './types';
import type { LayoutGraph } from './layout-graph';
import { JUNCTION_SIZE } from './spacing';

export interface PieceRoute {
  /** Bend points from each source (by node index) to the junction or the target. */
  sources: Map<number, Point[]>;
  target: Point[];
}

export interface PieceLayout {
  /** Top-left corner of each node, keyed by the node's index in the layout graph. */
  nodes: Map<number, Point>;
  /** Centre of each AND junction, keyed by link id. */
  junctions: Map<string, Point>;
  /** Bend points of links that need them, keyed by link id. */
  routes: Map<string, PieceRoute>;
  width: number;
  height: number;
}

/** Shifts positions so the piece's bounding box (junctions and bends included) starts at (0,0). */
export function toPiece(
  graph: LayoutGraph,
  nodes: Map<number, Point>,
  junctions: Map<string, Point>,
  routes: Map<string, PieceRoute> = new Map(),
): PieceLayout {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const cover = (x0: number, y0: number, x1: number, y1: number) => {
    minX = Math.min(minX, x0);
    minY = Math.min(minY, y0);
    maxX = Math.max(maxX, x1);
    maxY = Math.max(maxY, y1);
  };
  for (const [index, at] of nodes) {
    const node = graph.nodes[index]!;
    cover(at.x, at.y, at.x + node.width, at.y + node.height);
  }
  const half = JUNCTION_SIZE / 2;
  for (const at of junctions.values()) cover(at.x - half, at.y - half, at.x + half, at.y + half);
  for (const route of routes.values()) {
    for (const bends of [...route.sources.values(), route.target]) {
      for (const at of bends) cover(at.x, at.y, at.x, at.y);
    }
  }
  if (minX === Infinity) return { nodes, junctions, routes, width: 0, height: 0 };
  const shift = (at: Point): Point => ({ x: at.x - minX, y: at.y - minY });
  return {
    nodes: new Map([...nodes].map(([index, at]) => [index, shift(at)])),
    junctions: new Map([...junctions].map(([id, at]) => [id, shift(at)])),
    routes: new Map(
      [...routes].map(([id, route]) => [
        id,
        {
          sources: new Map([...route.sources].map(([source, bends]) => [source, bends.map(shift)])),
          target: route.target.map(shift),
        },
      ]),
    ),
    width: maxX - minX,
    height: maxY - minY,
  };
}
