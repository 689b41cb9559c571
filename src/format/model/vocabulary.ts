// The fixed words of Conversational YAML v1 (FORMAT.md sections 1–8), in one place.

export const TREE_KEYS = [
  'goal',
  'current_reality',
  'conflict',
  'future_reality',
  'prerequisite',
  'transition',
] as const;
export type TreeKey = (typeof TREE_KEYS)[number];

export const TREE_NAMES: Record<TreeKey, string> = {
  goal: 'Goal Tree',
  current_reality: 'Current Reality Tree',
  conflict: 'Conflict Cloud',
  future_reality: 'Future Reality Tree',
  prerequisite: 'Prerequisite Tree',
  transition: 'Transition Tree',
};

export const OBSERVATION = 'observation';

/** The kinds each tree allows besides `observation`, in the order a menu should offer them. */
export const TREE_KINDS: Record<TreeKey, readonly string[]> = {
  goal: ['goal', 'critical_success_factor', 'necessary_condition'],
  current_reality: ['undesirable_effect', 'cause'],
  conflict: ['objective', 'need', 'prerequisite'],
  future_reality: [
    'injection',
    'existing_condition',
    'predicted_effect',
    'desirable_effect',
    'undesirable_effect',
  ],
  prerequisite: ['objective', 'obstacle', 'intermediate_objective'],
  transition: ['existing_condition', 'need', 'action', 'expected_effect'],
};

export const STATUSES = ['proposed', 'accepted', 'disputed'] as const;
export type Status = (typeof STATUSES)[number];

export const ATTRIBUTIONS = ['explicit', 'speaker_label', 'driver_default', 'assistant'] as const;
export type Attribution = (typeof ATTRIBUTIONS)[number];

export const MODES = ['text', 'voice', 'unknown'] as const;
export type Mode = (typeof MODES)[number];

/** The reserved contributor id: the assistant may contribute but never endorse or participate. */
export const ASSISTANT = 'assistant';

/** The lists of `{text, by}` notes on a node or link (FORMAT.md section 6). */
export const NOTE_LISTS = ['assumptions', 'challenges'] as const;
export type NoteList = (typeof NOTE_LISTS)[number];

export const TRACE_FIELDS = ['addresses', 'derived_from', 'implements'] as const;
export type TraceField = (typeof TRACE_FIELDS)[number];

/** The usual relations; the vocabulary is open. */
export const RELATIONS = [
  'necessary_for',
  'causes',
  'contributes_to',
  'conflicts_with',
  'overcomes',
  'produces',
  'precedes',
] as const;

/** Common backlog work labels; the vocabulary is open. */
export const BACKLOG_WORK = [
  'connect_or_explain',
  'test_causality',
  'resolve_challenge',
  'examine_assumption',
] as const;

/** Fields that belong to snapshots only; a working file never holds them. */
export const SNAPSHOT_FIELDS = ['revision', 'previous_revision', 'change'] as const;

export function isTreeKey(value: unknown): value is TreeKey {
  return typeof value === 'string' && (TREE_KEYS as readonly string[]).includes(value);
}

export function allowedKinds(tree: TreeKey): readonly string[] {
  return [...TREE_KINDS[tree], OBSERVATION];
}

/** `critical_success_factor` → `critical success factor`. */
export function plainWords(word: string): string {
  return word.replace(/_/g, ' ');
}
