// The relation a new link is offered, from the kinds of its two ends (issue 4): the reading of
// FORMAT.md section 4 ("a condition is necessary for an objective, an intermediate objective
// overcomes an obstacle, an action produces an effect").
import { isObject } from '../model/json';
import { RELATIONS, isTreeKey, type TreeKey } from '../model/vocabulary';

/** Kinds that state a condition something else needs. */
const CONDITIONS = new Set([
  'critical_success_factor',
  'necessary_condition',
  'need',
  'prerequisite',
  'intermediate_objective',
  'existing_condition',
]);

/** Kinds a condition can be necessary for: a factor, a goal, an objective or a need. */
const SERVED = new Set(['goal', 'critical_success_factor', 'necessary_condition', 'objective', 'need']);

const INJECTION_EFFECTS = new Set(['predicted_effect', 'desirable_effect', 'undesirable_effect']);

/** What a tree's links usually say, when its own links say nothing yet. */
export const DEFAULT_RELATION: Record<TreeKey, string> = {
  goal: 'necessary_for',
  current_reality: 'causes',
  conflict: 'necessary_for',
  future_reality: 'causes',
  prerequisite: 'necessary_for',
  transition: 'produces',
};

/**
 * The relation to offer for a link from a `fromKind` node to a `toKind` node:
 *
 * | from → to                                                        | relation       |
 * |------------------------------------------------------------------|----------------|
 * | cause → undesirable_effect                                       | causes         |
 * | intermediate_objective → obstacle                                | overcomes      |
 * | action → expected_effect                                         | produces       |
 * | injection → predicted / desirable / undesirable_effect           | produces       |
 * | prerequisite → prerequisite                                      | conflicts_with |
 * | condition (critical_success_factor, necessary_condition, need,   | necessary_for  |
 * |   prerequisite, intermediate_objective, existing_condition)      |                |
 * |   → goal, critical_success_factor, necessary_condition,          |                |
 * |     objective or need                                            |                |
 * | anything else                                                    | the relation most used by `links` (the tree's own links; the first used wins a tie), else DEFAULT_RELATION of the tree |
 */
export function suggestRelation(tree: string, fromKind: string, toKind: string, links: readonly unknown[] = []): string {
  if (fromKind === 'cause' && toKind === 'undesirable_effect') return 'causes';
  if (fromKind === 'intermediate_objective' && toKind === 'obstacle') return 'overcomes';
  if (fromKind === 'action' && toKind === 'expected_effect') return 'produces';
  if (fromKind === 'injection' && INJECTION_EFFECTS.has(toKind)) return 'produces';
  if (fromKind === 'prerequisite' && toKind === 'prerequisite') return 'conflicts_with';
  if (CONDITIONS.has(fromKind) && SERVED.has(toKind)) return 'necessary_for';
  return relationsByUse(links)[0] ?? (isTreeKey(tree) ? DEFAULT_RELATION[tree] : 'causes');
}

/** The relations to offer in a picker: the tree's own, most used first, then the usual ones. */
export function relationChoices(links: readonly unknown[]): string[] {
  return [...new Set([...relationsByUse(links), ...RELATIONS])];
}

/** Relations named by `links`, most used first; ties keep the order of first use. */
function relationsByUse(links: readonly unknown[]): string[] {
  const uses = new Map<string, number>();
  for (const link of links) {
    if (!isObject(link) || typeof link.relation !== 'string' || link.relation.trim() === '') continue;
    uses.set(link.relation, (uses.get(link.relation) ?? 0) + 1);
  }
  return [...uses.entries()].sort((a, b) => b[1] - a[1]).map(([relation]) => relation);
}
