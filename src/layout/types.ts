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

/** Where arrows point: `up` = causes below effects; `left` = targets on the left. */
export type FlowDirection = 'up' | 'down' | 'left' | 'right';

export interface Point {
  x: number;
  y: number;
}

/**
 * Where a link's connectors bend so that none passes through a card. Points run from source to
 * target, between the middle of the source's side facing the target (top, when arrows point
 * up) and the middle of the target's facing side; a connector with no entry is drawn straight.
 */
export interface LinkRoute {
  /** Bend points from each source (by node id) to the AND junction, or to the target. */
  sources: Map<string, Point[]>;
  /** Bend points from the AND junction to the target. */
  target: Point[];
}

/**
 * Everything keyed by a user's id is a Map: an id such as "__proto__" or "constructor" is as
 * good as any other (a plain object would answer for them from its prototype). Maps also cross
 * the Worker boundary unchanged.
 */
export interface LayoutResult {
  /** Top-left corner of each node. */
  nodes: Map<string, Point>;
  /** Centre of the AND junction of each link whose target and 2+ distinct sources are present. */
  junctions: Map<string, Point>;
  /** Bounding box of everything, origin at (0,0). */
  width: number;
  height: number;
  /** Bend points of the links that need them, by link id; absent for straight links. */
  routes: Map<string, LinkRoute>;
}
