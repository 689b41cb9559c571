// What a reasoning check finds: advice about the logic of a tree, derived from the file alone.
// A finding never changes the file; people decide whether to add it to the backlog or set it aside.
import type { Path, TreeKey } from '../format';

export const CHECK_CODES = [
  'effect-without-cause',
  'cause-explains-nothing',
  'sole-cause',
  'link-without-assumption',
  'rests-on-dispute',
  'idle-injection',
  'unreached-desirable-effect',
  'hanging-negative-branch',
  'incomplete-cloud',
  'cloud-without-conflict',
  'unovercome-obstacle',
  'action-without-effect',
  'effect-meets-no-need',
  'causal-cycle',
  'duplicate-text',
] as const;
export type CheckCode = (typeof CHECK_CODES)[number];

export interface ReasoningFinding {
  check: CheckCode;
  tree: TreeKey;
  /** The node or link the finding is about: where it is marked, what a backlog entry refers to. */
  ref: string;
  /** Every item the finding marks on the diagram, `ref` first (a loop marks all its links). */
  items: string[];
  /** Plain language, one line, naming the items by id and text. */
  message: string;
  /** The backlog `work` label it suggests. */
  work: string;
  /** Where `ref` sits in the file, to give the finding a line and column. */
  path: Path;
}

/** One finding per check and item: the key a dismissal is kept under. */
export function findingKey(finding: { check: string; ref: string }): string {
  return `${finding.check} ${finding.ref}`;
}
