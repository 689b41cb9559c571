// One change of a turn (see history/turn-changes.ts): shared by the history room, which finds the
// changes, and the operations room, which undoes them.
import type { Json } from './types';

export type TurnChangeKind = 'added' | 'changed' | 'removed';
export type TurnSubject = 'node' | 'link' | 'backlog' | 'participant' | 'field' | 'tree';

export interface TurnChange {
  subject: TurnSubject;
  /** Unique within a turn: the id of a node or link, else the subject and what names it. */
  key: string;
  /** The node or link id, the participant id, the field name or the tree key. */
  id: string;
  /** The tree of a node, link or backlog entry. */
  tree?: string;
  change: TurnChangeKind;
  /** The content before (absent when added). */
  before?: Json;
  /** The content after (absent when removed). */
  after?: Json;
  /** The place in its list before (removed) or after (added), to put an undone item back where it was. */
  index?: number;
}
