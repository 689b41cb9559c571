// What every editing operation returns: the new file with what else changed, or a refusal
// whose reason is shown to the user as it is.
import type { WorkingFile } from '../model/types';

export type EditResult =
  | {
      ok: true;
      /** The edited file; the very input object when the edit changed nothing. */
      file: WorkingFile;
      /** Side effects worth telling the user, e.g. "2 links returned to proposed (l3, l4)". */
      notices: string[];
      /** Ids of the nodes or links the edit created. */
      created?: string[];
    }
  | { ok: false; reason: string };

export type Refusal = Extract<EditResult, { ok: false }>;

export function refuse(reason: string): Refusal {
  return { ok: false, reason };
}

export function done(file: WorkingFile, notices: string[] = [], created?: string[]): EditResult {
  return created ? { ok: true, file, notices, created } : { ok: true, file, notices };
}

/** "l3, l4 and l7" */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** "1 link", "2 links" */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}
