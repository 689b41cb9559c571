// How the format's words read on screen.
import { TREE_NAMES, plainWords, type Status, type TraceField, type TreeKey } from '../format';

export function kindLabel(kind: string): string {
  const words = plainWords(kind);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function relationLabel(relation: string): string {
  return relation.trim() === '' ? '(no relation)' : plainWords(relation);
}

export function treeLabel(tree: TreeKey): string {
  return TREE_NAMES[tree];
}

/** Status is told by colour and by this icon and word, so it survives greyscale. */
export const STATUS_LABEL: Record<Status, { icon: string; word: string }> = {
  accepted: { icon: '✓', word: 'Accepted' },
  proposed: { icon: '?', word: 'Proposed' },
  disputed: { icon: '!', word: 'Disputed' },
};

export const TRACE_LABEL: Record<TraceField, string> = {
  addresses: 'addresses',
  derived_from: 'derived from',
  implements: 'implements',
};

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
