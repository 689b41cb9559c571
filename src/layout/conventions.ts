// How each tree reads (FORMAT.md section 2): which way its arrows point and which special
// shape, if any, a piece of it is drawn in when it is regular enough.
import type { TreeKey } from '../format';
import type { FlowDirection } from './types';

export interface TreeConvention {
  direction: FlowDirection;
  /** `cloud`: the five-box Evaporating Cloud; `ladder`: the Prerequisite Tree ladder. */
  shape?: 'cloud' | 'ladder';
  /** Where a reader starts: the kinds the view opens on (none: the tree's first cards). */
  readFrom: readonly string[];
  /** The reading start takes in the nearest causes of those cards too. */
  withNearestCauses?: boolean;
}

export const TREE_CONVENTIONS: Record<TreeKey, TreeConvention> = {
  // Causes below their effects: arrows point up. Read from the undesirable effects down to their causes.
  current_reality: { direction: 'up', readFrom: ['undesirable_effect'], withNearestCauses: true },
  // Read from the injections (at the bottom) up to what they bring about.
  future_reality: { direction: 'up', readFrom: ['injection'] },
  // Conditions below the goal they are necessary for; read from the goal.
  goal: { direction: 'up', readFrom: ['goal'] },
  // Objective on the left, needs, then prerequisites: arrows point left, as in the five boxes.
  conflict: { direction: 'left', shape: 'cloud', readFrom: ['objective'] },
  // The objective at the top, what is necessary for it below.
  prerequisite: { direction: 'up', shape: 'ladder', readFrom: ['objective'] },
  // Reading order: left to right, from the first cards.
  transition: { direction: 'right', readFrom: [] },
};

/** An unknown tree key (a file still being fixed) reads like a causal tree. */
export function conventionFor(tree: string): TreeConvention {
  return (TREE_CONVENTIONS as Record<string, TreeConvention>)[tree] ?? { direction: 'up', readFrom: [] };
}

/**
 * The cards a reader of this tree starts from (the injections of a future reality tree, the
 * undesirable effects of a current reality tree with their nearest causes, …); empty when the
 * tree has none of them, or reads from its first cards.
 */
export function readingStart(tree: string, nodes: readonly { id: string; kind: string }[], links: readonly { from: readonly string[]; to?: string }[]): string[] {
  const convention = conventionFor(tree);
  const start = new Set(nodes.filter((n) => convention.readFrom.includes(n.kind)).map((n) => n.id));
  if (convention.withNearestCauses && start.size > 0) {
    const present = new Set(nodes.map((n) => n.id));
    const causes = links.filter((l) => l.to !== undefined && start.has(l.to)).flatMap((l) => l.from.filter((id) => present.has(id)));
    for (const id of causes) start.add(id);
  }
  return [...start];
}
