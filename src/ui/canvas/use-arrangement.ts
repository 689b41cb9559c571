// Where the cards of the view on screen are drawn. A view is laid out automatically the first
// time it is shown; from then on its cards stay where they are: a new card is placed into the
// free room next to what it links to (on this thread, in a few milliseconds, without laying the
// tree out again), a removed one leaves its place empty, and only Tidy up lays the whole tree out
// afresh, as one step that Undo takes back. The automatic layout a view was drawn from is kept as
// its "base": links whose cards are still where it put them keep its bends around other cards.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { DrawableTree } from '../../format';
import { placeNewCards, type LayoutResult, type Point } from '../../layout';
import { arrangementKey, moveCards, seedArrangement, useArrangement } from '../../store/arrangement-store';
import { drawableLinks } from './build-flow';
import { useTreeLayout } from './use-tree-layout';

/** How long the cards take to glide to their tidy places. */
export const TIDY_MS = 350;

/** The automatic layout each view was last drawn from (by arrangement key). */
const bases = new Map<string, LayoutResult>();

export interface ArrangedView {
  /** Top-left corner of each card; a card missing here is not placed yet (it waits, unseen). */
  positions: ReadonlyMap<string, Point> | undefined;
  /** Centre of each AND junction the base placed, following its cards when they moved. */
  junctions: ReadonlyMap<string, Point>;
  /** The base's bends around cards, for links whose cards have not moved since. */
  routes: LayoutResult['routes'] | undefined;
  /** Cards away from where the base put them (their links are drawn straight). */
  moved: ReadonlySet<string>;
  /** The automatic layout failed (the message is shown; the cards stay where they are). */
  error: string | undefined;
  /** Tidy up has just moved the cards: they glide to their new places. */
  tidying: boolean;
}

export interface ArrangedViewInput {
  file: string;
  /** `TREE:VIEW`, as kept. */
  view: string;
  tree: DrawableTree;
  /** What the automatic layout depends on (ids, kinds, connections). */
  structure: string;
  /** Every card's measured size, once measured for this structure. */
  sizes: Map<string, { width: number; height: number }> | undefined;
  /** Bumped by Tidy up. */
  generation: number;
}

export function useArrangedView({ file, view, tree, structure, sizes, generation }: ArrangedViewInput): ArrangedView {
  const key = arrangementKey(file, view);
  const arrangement = useArrangement(file, view);
  const [, baseChanged] = useState(0);
  const [tidying, setTidying] = useState(false);
  // The generation this canvas was first drawn with is no request: a later one is Tidy up.
  const handledGeneration = useRef(generation);
  const tidyWanted = handledGeneration.current !== generation;
  const base = bases.get(key);
  const wanted = !arrangement || !base || tidyWanted;
  const layout = useTreeLayout(tree.key, structure, tree, wanted ? sizes : undefined, generation);

  useEffect(() => {
    const result = layout.result;
    if (!result) return;
    if (tidyWanted) {
      if (layout.generation !== generation) return; // the fresh layout is on its way
      handledGeneration.current = generation;
      bases.set(key, result);
      setTidying(true);
      moveCards(file, view, result.nodes, { label: 'Tidy up', replace: true });
      return;
    }
    if (!arrangement) {
      bases.set(key, result);
      seedArrangement(file, view, result.nodes);
    } else if (!bases.has(key)) {
      bases.set(key, result);
      baseChanged((n) => n + 1);
    }
  }, [layout.result, layout.generation, tidyWanted, generation, arrangement, key, file, view]);

  useEffect(() => {
    if (!tidying) return;
    const done = setTimeout(() => setTidying(false), TIDY_MS + 50);
    return () => clearTimeout(done);
  }, [tidying]);

  // Cards the arrangement has no place for yet (added here, on disk, by Undo) join it next to
  // what they link to, once measured.
  useEffect(() => {
    if (!arrangement || !sizes || tidyWanted) return;
    const missing = tree.nodes.filter((n) => !arrangement.positions.has(n.id));
    if (missing.length === 0) return;
    const placed = placeNewCards({
      tree: tree.key,
      nodes: tree.nodes.map((n) => ({ id: n.id, kind: n.kind, ...(sizes.get(n.id) ?? { width: 240, height: 120 }) })),
      links: drawableLinks(tree).map((l) => ({ id: l.id, from: l.from, to: l.to!, relation: l.relation })),
      known: arrangement.positions,
    });
    moveCards(file, view, placed);
  }, [arrangement, sizes, tree, tidyWanted, file, view]);

  const positions = arrangement?.positions;
  const moved = useMemo(() => {
    const result = new Set<string>();
    if (!positions) return result;
    for (const node of tree.nodes) {
      const at = positions.get(node.id);
      const was = base?.nodes.get(node.id);
      if (at && (!was || was.x !== at.x || was.y !== at.y)) result.add(node.id);
    }
    return result;
  }, [positions, base, tree.nodes]);

  // Junctions follow the cards they join when some of those moved.
  const junctions = useMemo(() => {
    const result = new Map<string, Point>();
    if (!base || !positions) return result;
    for (const link of tree.links) {
      const at = base.junctions.get(link.id);
      if (!at) continue;
      const ends = [...link.from, ...(link.to ? [link.to] : [])];
      let dx = 0;
      let dy = 0;
      let counted = 0;
      for (const id of ends) {
        const from = base.nodes.get(id);
        const to = positions.get(id);
        if (!from || !to) continue;
        dx += to.x - from.x;
        dy += to.y - from.y;
        counted++;
      }
      if (counted < ends.length && moved.size > 0 && ends.some((id) => !base.nodes.has(id))) continue; // a new end: placed between its cards
      result.set(link.id, counted ? { x: at.x + dx / counted, y: at.y + dy / counted } : at);
    }
    return result;
  }, [base, positions, tree.links, moved]);

  return { positions, junctions, routes: base?.routes, moved, error: layout.error, tidying };
}
