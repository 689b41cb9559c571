// Reason Commons designations ↔ Conversational YAML kinds, tree by tree. The app's roles are
// finer in places (a root cause and an intermediate cause are both a `cause` here); a role with
// no kind in its tree is imported as `observation` and reported.
import { OBSERVATION, type TreeKey } from '../../format';

const ROLE_TO_KIND: Record<TreeKey, Record<string, string>> = {
  goal: { goal: 'goal', critical_success_factor: 'critical_success_factor', necessary_condition: 'necessary_condition' },
  current_reality: { undesirable_effect: 'undesirable_effect', root_cause: 'cause', intermediate_cause: 'cause', cause: 'cause' },
  conflict: {
    cloud_objective: 'objective',
    objective: 'objective',
    cloud_requirement: 'need',
    requirement: 'need',
    need: 'need',
    cloud_prerequisite: 'prerequisite',
    prerequisite: 'prerequisite',
  },
  future_reality: {
    injection: 'injection',
    desired_effect: 'desirable_effect',
    desirable_effect: 'desirable_effect',
    undesirable_effect: 'undesirable_effect',
    predicted_effect: 'predicted_effect',
    intermediate_effect: 'predicted_effect',
    existing_condition: 'existing_condition',
    existing_reality: 'existing_condition',
  },
  prerequisite: {
    implementation_objective: 'objective',
    objective: 'objective',
    obstacle: 'obstacle',
    intermediate_objective: 'intermediate_objective',
  },
  transition: {
    transition_existing_reality: 'existing_condition',
    existing_condition: 'existing_condition',
    transition_need: 'need',
    need: 'need',
    transition_action: 'action',
    action: 'action',
    transition_expected_effect: 'expected_effect',
    expected_effect: 'expected_effect',
  },
};

/** The role the app uses for each kind (a cause is a root cause when nothing causes it). */
const KIND_TO_ROLE: Record<TreeKey, Record<string, string>> = {
  goal: { goal: 'goal', critical_success_factor: 'critical_success_factor', necessary_condition: 'necessary_condition' },
  current_reality: { undesirable_effect: 'undesirable_effect', cause: 'intermediate_cause' },
  conflict: { objective: 'cloud_objective', need: 'cloud_requirement', prerequisite: 'cloud_prerequisite' },
  future_reality: {
    injection: 'injection',
    desirable_effect: 'desired_effect',
    undesirable_effect: 'undesirable_effect',
    predicted_effect: 'predicted_effect',
    existing_condition: 'existing_condition',
  },
  prerequisite: { objective: 'implementation_objective', obstacle: 'obstacle', intermediate_objective: 'intermediate_objective' },
  transition: {
    existing_condition: 'transition_existing_reality',
    need: 'transition_need',
    action: 'transition_action',
    expected_effect: 'transition_expected_effect',
  },
};

/** The kind for a role in a tree; `observation` for the observation role; undefined when none. */
export function kindForRole(tree: TreeKey, role: unknown): string | undefined {
  if (typeof role !== 'string') return undefined;
  if (role === OBSERVATION) return OBSERVATION;
  return Object.prototype.hasOwnProperty.call(ROLE_TO_KIND[tree], role) ? ROLE_TO_KIND[tree][role] : undefined;
}

/** The role to designate a node of `kind` with; `hasCause` tells a root cause from another. */
export function roleForKind(tree: TreeKey, kind: string, hasCause: boolean): string {
  if (tree === 'current_reality' && kind === 'cause') return hasCause ? 'intermediate_cause' : 'root_cause';
  return Object.prototype.hasOwnProperty.call(KIND_TO_ROLE[tree], kind) ? KIND_TO_ROLE[tree][kind]! : kind;
}
