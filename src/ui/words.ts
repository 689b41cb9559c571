// How the format's words read on screen: every value people see has a label in plain words, and
// the format's own term goes in its tooltip ("said it themselves", with `explicit` on hover).
// Open vocabularies (kinds, relations, backlog work) fall back to readable words.
import { TREE_NAMES, plainWords, type Attribution, type Mode, type Status, type TraceField, type TreeKey } from '../format';

/** A term of an open vocabulary as words: `CONNECT_OR_EXPLAIN` → `connect or explain`. */
export function readable(term: string): string {
  const spaced = plainWords(term).replace(/-/g, ' ').replace(/\s+/g, ' ').trim();
  // Shouting is not meaning: a label written in capitals reads in lower case.
  return spaced === spaced.toUpperCase() ? spaced.toLowerCase() : spaced;
}

function capital(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function kindLabel(kind: string): string {
  return capital(readable(kind));
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

/** How a contribution came to be credited to its person. */
export const ATTRIBUTION_WORDS: Record<Attribution, string> = {
  explicit: 'said it themselves',
  speaker_label: 'named in the transcript',
  driver_default: 'credited to the driver',
  assistant: 'the assistant’s idea',
};

/** How the idea reached the file. */
export const MODE_WORDS: Record<Mode, string> = {
  text: 'typed',
  voice: 'spoken',
  unknown: 'not known how',
};

/** The usual backlog work, as a heading says it; other labels read as their words. */
const WORK_WORDS: Record<string, string> = {
  connect_or_explain: 'Connect it, or explain why it stands alone',
  test_causality: 'Test whether the cause really leads there',
  resolve_challenge: 'Resolve the challenge',
  examine_assumption: 'Examine the assumption',
};

export function attributionLabel(attribution: string): string {
  return (ATTRIBUTION_WORDS as Record<string, string>)[attribution] ?? readable(attribution);
}

export function modeLabel(mode: string): string {
  return (MODE_WORDS as Record<string, string>)[mode] ?? readable(mode);
}

export function workLabel(work: string): string {
  if (work.trim() === '') return '(no work named)';
  return WORK_WORDS[work] ?? WORK_WORDS[work.toLowerCase()] ?? capital(readable(work));
}

/** The tooltip of a value shown in words: the format's own term for it. */
export function termTip(field: string, term: string): string {
  return `In the file: ${field}: ${term}`;
}

/** What each mark on a card or a link means, for its tooltip and for the legend. */
export const MARK_MEANING = {
  assumptions: 'A: how many assumptions the link rests on (A1: one)',
  challenges: 'C: how many challenges (objections) are raised against it (C1: one)',
  backlog: '⚑: open backlog work about it, still to be done',
  check: '◇: reasoning advice about it (see the Checks panel)',
  problem: 'the red no-entry sign: it breaks a rule of the format (see Problems)',
  and: 'AND: the sources act together, one link with several causes',
  conflict: '⚡: conflicts with (between the two positions of a cloud), not a cause',
  order: '▷ (order): precedes, an order only, not a cause',
  trace: 'a trace: this node names a node of another tree (click to go there)',
} as const;

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
