// The shape of a valid Conversational YAML v1 working file, named as the format names it.
// Loaded data is plain JSON-like values; an invalid file may not match these types, which is
// why readers in `read.ts` check before they trust.
import type { Attribution, Mode, Status, TreeKey } from './vocabulary';

/** Keys the format does not define are kept; every record allows them. */
export interface Extra {
  [unknownKey: string]: unknown;
}

export interface Contribution extends Extra {
  by: string;
  attribution: Attribution;
  mode: Mode;
}

/** An assumption or a challenge: a text and who supplied it. */
export interface Note extends Extra {
  text: string;
  by: string;
}

export interface ReasoningItem extends Extra {
  id: string;
  status?: Status;
  contributions: Contribution[];
  accepted_by?: string[];
  assumptions?: Note[];
  challenges?: Note[];
}

export interface Node extends ReasoningItem {
  kind: string;
  text: string;
  addresses?: string[];
  derived_from?: string[];
  implements?: string[];
}

export interface Link extends ReasoningItem {
  from: string[];
  to: string;
  relation: string;
}

export interface BacklogEntry extends Extra {
  ref: string;
  work: string;
  note?: string;
}

export interface Tree extends Extra {
  nodes: Node[];
  links: Link[];
  backlog: BacklogEntry[];
}

export interface WorkingFile extends Extra {
  schema_version?: 1;
  project?: string;
  participants: Record<string, string>;
  driver: string;
  active_tree: TreeKey;
  trees: Partial<Record<TreeKey, Tree>>;
}

export type Severity = 'error' | 'warning';

/** A problem found in a file: data first, printed by the CLI and listed by the editor. */
export interface Diagnostic {
  severity: Severity;
  code: string;
  message: string;
  /** Like `trees.current_reality.links[2].from[1]`; empty for the whole file. */
  path: string;
  /** 1-based; 0 when the place has no position in the source (an item added in the editor). */
  line: number;
  column: number;
}

/** Any value loaded from YAML: what the file says before anyone trusts its shape. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
