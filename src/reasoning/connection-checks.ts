// Checks of what is left unconnected: an effect nobody explains, a cause that explains nothing,
// an injection, obstacle, action or effect with nothing on the other end. A node the group has
// disputed or superseded is not asked for its missing connections (see `setAside`).
import type { Check } from './context';
import { finding, linksInto, linksOutOf, named, nodesOfKind, reach, setAside, standingOfKind, supporting } from './tree-index';

/** Current reality: an undesirable effect that no link explains. */
export const effectWithoutCause: Check = (index) =>
  standingOfKind(index, 'undesirable_effect')
    .filter((node) => !linksInto(index, node.id).some(supporting))
    .map((node) =>
      finding(
        'effect-without-cause',
        index,
        node,
        `Undesirable effect ${named(node)} has no cause yet. Link what brings it about, or note why it stands on its own.`,
      ),
    );

const CONDITION_KINDS: Record<string, string> = {
  cause: 'Cause',
  existing_condition: 'Existing condition',
  necessary_condition: 'Necessary condition',
  critical_success_factor: 'Critical success factor',
};

/** A cause or condition with no link leading from it: it explains or supports nothing. */
export const causeExplainsNothing: Check = (index) =>
  index.tree.nodes
    .filter((node) => CONDITION_KINDS[node.kind] !== undefined && !setAside(index, node) && !linksOutOf(index, node.id).some(supporting))
    .map((node) =>
      finding(
        'cause-explains-nothing',
        index,
        node,
        node.kind === 'cause'
          ? `Cause ${named(node)} explains nothing: no link leads from it to an effect. Link it to what it causes, or drop it if it plays no part.`
          : `${CONDITION_KINDS[node.kind]} ${named(node)} supports nothing: no link leads from it. Link it to what it is needed for, or drop it if it plays no part.`,
      ),
    );

/**
 * Future reality: an injection traced to nothing it answers and that no node `implements`. What
 * it answers is named by `addresses` (the undesirable effects) or by `derived_from` (FORMAT.md
 * section 7: the conflict prerequisites that prompted it, the cloud it breaks).
 */
export const idleInjection: Check = (index, context) =>
  standingOfKind(index, 'injection')
    .filter((node) => !node.traces.some((t) => t.field === 'addresses' || t.field === 'derived_from') && !context.implemented.has(node.id))
    .map((node) =>
      finding(
        'idle-injection',
        index,
        node,
        `Injection ${named(node)} is traced to no problem or conflict, and nothing implements it. Trace it to the undesirable effects it answers (addresses) or the conflict prerequisites it grew from (derived_from), or plan it in a prerequisite or transition tree (implements).`,
      ),
    );

/** Future reality: a desirable effect that no chain of links reaches from an injection. */
export const unreachedDesirableEffect: Check = (index) => {
  const reached = reach(
    nodesOfKind(index, 'injection').map((n) => n.id),
    (id) => linksOutOf(index, id).filter(supporting).map((l) => l.to!),
  );
  return standingOfKind(index, 'desirable_effect')
    .filter((node) => !reached.has(node.id))
    .map((node) =>
      finding(
        'unreached-desirable-effect',
        index,
        node,
        `Desirable effect ${named(node)} is not reached from any injection. Link the chain of effects by which an injection brings it about.`,
      ),
    );
};

/** Future reality: an undesirable effect with no link at all, a negative branch left hanging. */
export const hangingNegativeBranch: Check = (index) =>
  standingOfKind(index, 'undesirable_effect')
    .filter((node) => linksInto(index, node.id).length === 0 && linksOutOf(index, node.id).length === 0)
    .map((node) =>
      finding(
        'hanging-negative-branch',
        index,
        node,
        `Undesirable effect ${named(node)} is not linked: the negative branch is left hanging. Show what in the change would lead to it, and what trims it.`,
      ),
    );

/**
 * Prerequisite tree: an obstacle no intermediate objective overcomes. A disputed obstacle, or one
 * a later obstacle supersedes, no longer blocks anything to overcome.
 */
export const unovercomeObstacle: Check = (index) =>
  standingOfKind(index, 'obstacle')
    .filter((node) => !linksInto(index, node.id).some((link) => link.relation === 'overcomes' || link.from.some((id) => index.node.get(id)?.kind === 'intermediate_objective')))
    .map((node) =>
      finding(
        'unovercome-obstacle',
        index,
        node,
        `Obstacle ${named(node)} is not overcome by any intermediate objective. Add the intermediate objective that overcomes it, or say why it does not block the objective.`,
      ),
    );

/** Transition tree: an action with no link to an expected effect. */
export const actionWithoutEffect: Check = (index) =>
  standingOfKind(index, 'action')
    .filter((node) => !linksOutOf(index, node.id).some((link) => supporting(link) && index.node.get(link.to!)?.kind === 'expected_effect'))
    .map((node) =>
      finding(
        'action-without-effect',
        index,
        node,
        `Action ${named(node)} has no expected effect. Add the effect it should produce, so the group can tell when it worked.`,
      ),
    );

/**
 * Transition tree: an expected effect with no need on either side of it, neither a need leading
 * (through its action) to it nor a need it leads to. Order-only links do not count.
 */
export const effectMeetsNoNeed: Check = (index) => {
  const needs = nodesOfKind(index, 'need').map((n) => n.id);
  const downstreamOfNeed = reach(needs, (id) => linksOutOf(index, id).filter(supporting).map((l) => l.to!));
  const upstreamOfNeed = reach(needs, (id) => linksInto(index, id).filter(supporting).flatMap((l) => l.from));
  return standingOfKind(index, 'expected_effect')
    .filter((node) => !downstreamOfNeed.has(node.id) && !upstreamOfNeed.has(node.id))
    .map((node) =>
      finding(
        'effect-meets-no-need',
        index,
        node,
        `Expected effect ${named(node)} meets no need: no need leads to the action behind it, and it leads to no need. Link the need it serves.`,
      ),
    );
};
