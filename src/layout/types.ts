// What the layout takes and gives back. Pure data, so it crosses a Worker boundary unchanged.
import type { TreeKey } from '../format';

export interface LayoutNodeInput {
  id: string;
  kind: string;
  width: number;
  height: number;
}

export interface LayoutLinkInput {
  id: string;
  from: string[];
  to: string;
  relation: string;
}

export interface LayoutInput {
  tree: TreeKey;
  nodes: LayoutNodeInput[];
  links: LayoutLinkInput[];
}

export interface Point {
  x: number;
  y: number;
}

export interface LayoutResult {
  /** Top-left corner of each node. */
  nodes: Record<string, Point>;
  /** Centre of the AND junction of each link with 2+ distinct sources present among the nodes. */
  junctions: Record<string, Point>;
  /** Bounding box of everything, origin at (0,0). */
  width: number;
  height: number;
}
