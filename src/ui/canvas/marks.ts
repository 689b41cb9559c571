// The latest-change view's marks, told by colour and by a word, as in the change diagrams.
import type { ChangeMark } from './change-tree';

export const MARKS: readonly ChangeMark[] = ['added', 'changed', 'removed', 'context'];

export const MARK_WORD: Record<ChangeMark, string> = {
  added: 'ADDED',
  changed: 'CHANGED',
  removed: 'REMOVED',
  context: 'CONTEXT',
};
