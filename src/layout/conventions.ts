// How each tree reads (FORMAT.md section 2): which way its arrows point and which special
// shape, if any, a piece of it is drawn in when it is regular enough.
import type { TreeKey } from '../format';
import type { FlowDirection } from './types';

export interface TreeConvention {
  direction: FlowDirection;
  /** `cloud`: the five-box Evaporating Cloud; `ladder`: the Prerequisite Tree ladder. */
  shape?: 'cloud' | 'ladder';
}

export const TREE_CONVENTIONS: Record<TreeKey, TreeConvention> = {
  // Causes below their effects: arrows point up.
  current_reality: { direction: 'up' },
  future_reality: { direction: 'up' },
  // Conditions below the goal they are necessary for.
  goal: { direction: 'up' },
  // Objective on the left, needs, then prerequisites: arrows point left, as in the five boxes.
  conflict: { direction: 'left', shape: 'cloud' },
  // The objective at the top, what is necessary for it below.
  prerequisite: { direction: 'up', shape: 'ladder' },
  // Reading order: left to right.
  transition: { direction: 'right' },
};

/** An unknown tree key (a file still being fixed) reads like a causal tree. */
export function conventionFor(tree: string): TreeConvention {
  return (TREE_CONVENTIONS as Record<string, TreeConvention>)[tree] ?? { direction: 'up' };
}
