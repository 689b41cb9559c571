// Who may appear where: endorsers are human participants; contributors and the authors of
// assumptions and challenges are participants or the assistant.
import type { WorkingFile } from '../model/types';
import { ASSISTANT } from '../model/vocabulary';
import { humans } from './read';
import { refuse, type Refusal } from './result';

/** The endorsers, each once, or a refusal naming who cannot endorse. */
export function checkEndorsers(file: WorkingFile, endorsers: readonly string[] | undefined): string[] | Refusal {
  if (!endorsers || endorsers.length === 0) return refuse('Say who endorses it: at least one human participant.');
  const people = humans(file);
  const unique = [...new Set(endorsers)];
  for (const who of unique) {
    if (typeof who !== 'string' || who.trim() === '') return refuse('An endorser is blank; choose a human participant.');
    if (who === ASSISTANT) return refuse('The assistant never endorses; only human participants accept reasoning.');
    if (!people.has(who)) return refuse(`${who} is not a participant; only participants can endorse (add ${who} first).`);
  }
  return unique;
}

/** Null when `by` may supply content (a participant or the assistant), else the refusal. */
export function checkAuthor(file: WorkingFile, by: string | undefined, what: string): Refusal | null {
  if (typeof by !== 'string' || by.trim() === '') return refuse(`Say who supplied the ${what}: a participant or the assistant.`);
  if (by === ASSISTANT || humans(file).has(by)) return null;
  return refuse(`${by} is not a participant; the ${what} must come from a participant or the assistant (add ${by} first).`);
}

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;
}
