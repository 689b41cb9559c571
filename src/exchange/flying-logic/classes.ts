// Flying Logic entity classes ↔ Conversational YAML kinds. Flying Logic names its classes in
// words ("Undesirable Effect"); a class with no kind in the tree is imported as an observation.
import type { TreeKey } from '../../format';

const CLASS_KIND: Record<TreeKey, Record<string, string>> = {
  goal: { goal: 'goal', objective: 'goal', 'critical success factor': 'critical_success_factor', csf: 'critical_success_factor', 'necessary condition': 'necessary_condition', nc: 'necessary_condition' },
  current_reality: { 'undesirable effect': 'undesirable_effect', ude: 'undesirable_effect', 'negative effect': 'undesirable_effect', 'root cause': 'cause', cause: 'cause', effect: 'cause', 'intermediate effect': 'cause' },
  conflict: { objective: 'objective', goal: 'objective', requirement: 'need', need: 'need', prerequisite: 'prerequisite', want: 'prerequisite' },
  future_reality: {
    injection: 'injection',
    'desirable effect': 'desirable_effect',
    'desired effect': 'desirable_effect',
    'undesirable effect': 'undesirable_effect',
    ude: 'undesirable_effect',
    'negative effect': 'undesirable_effect',
    'intermediate effect': 'predicted_effect',
    effect: 'predicted_effect',
    'predicted effect': 'predicted_effect',
    precondition: 'existing_condition',
    'existing condition': 'existing_condition',
  },
  prerequisite: { objective: 'objective', goal: 'objective', obstacle: 'obstacle', 'intermediate objective': 'intermediate_objective', io: 'intermediate_objective' },
  transition: {
    action: 'action',
    step: 'action',
    need: 'need',
    precondition: 'existing_condition',
    'existing condition': 'existing_condition',
    'expected effect': 'expected_effect',
    effect: 'expected_effect',
    'intermediate effect': 'expected_effect',
    'desirable effect': 'expected_effect',
    'desired effect': 'expected_effect',
  },
};

const KIND_CLASS: Record<string, string> = {
  goal: 'Goal',
  critical_success_factor: 'Critical Success Factor',
  necessary_condition: 'Necessary Condition',
  undesirable_effect: 'Undesirable Effect',
  cause: 'Intermediate Effect',
  objective: 'Objective',
  need: 'Need',
  prerequisite: 'Prerequisite',
  injection: 'Injection',
  existing_condition: 'Precondition',
  predicted_effect: 'Intermediate Effect',
  desirable_effect: 'Desirable Effect',
  obstacle: 'Obstacle',
  intermediate_objective: 'Intermediate Objective',
  action: 'Action',
  expected_effect: 'Expected Effect',
  observation: 'Note',
};

/** The tree each class suggests, to choose the tree of a diagram that holds one. */
export const CLASS_TREE: Record<string, TreeKey> = {
  goal: 'goal',
  'critical success factor': 'goal',
  'necessary condition': 'goal',
  'undesirable effect': 'current_reality',
  'root cause': 'current_reality',
  cause: 'current_reality',
  injection: 'future_reality',
  'desirable effect': 'future_reality',
  'desired effect': 'future_reality',
  obstacle: 'prerequisite',
  'intermediate objective': 'prerequisite',
  action: 'transition',
  requirement: 'conflict',
  want: 'conflict',
  prerequisite: 'conflict',
};

export function kindForClass(tree: TreeKey, entityClass: string | undefined): string | undefined {
  if (!entityClass) return undefined;
  const key = entityClass.trim().toLowerCase();
  if (key === 'note' || key === 'knowledge' || key === 'generic') return 'observation';
  return Object.prototype.hasOwnProperty.call(CLASS_KIND[tree], key) ? CLASS_KIND[tree][key] : undefined;
}

export function classForKind(kind: string): string {
  return Object.prototype.hasOwnProperty.call(KIND_CLASS, kind) ? KIND_CLASS[kind]! : kind.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}
