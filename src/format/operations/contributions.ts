// Who had the idea (FORMAT.md section 6): add, correct or remove a contribution on a node or
// link. Contributions are authorship, never endorsement: no status changes here.
import type { Contribution, WorkingFile } from '../model/types';
import { ASSISTANT, ATTRIBUTIONS, MODES, type Attribution, type Mode } from '../model/vocabulary';
import { capital } from '../validate/item';
import { runEdit } from './edit';
import { checkAuthor, isRefusal } from './people';
import { findItem, label } from './read';
import { done, refuse, type EditResult, type Refusal } from './result';
import { replaceItem, setKey, touched } from './write';

export interface ContributionInput {
  by: string;
  /** Defaults to `assistant` for the assistant and `explicit` for a named participant. */
  attribution?: Attribution;
  /** Defaults to `text`. */
  mode?: Mode;
}

/**
 * The contribution a new node or link starts with: by the driver (`driver_default`) unless a
 * contributor is named (`explicit`) or is the assistant (`assistant`). `attribution` says how
 * the credit was decided when the caller knows better: `speaker_label` for a participant named
 * as the speaker in a transcript, `driver_default` for a person's idea with no named speaker
 * (credited to the driver, whoever is named).
 */
export function firstContribution(file: WorkingFile, contributor?: string, mode: Mode = 'text', attribution?: Attribution): Contribution | Refusal {
  if (!(MODES as readonly string[]).includes(mode)) return refuse(`The mode ${mode} is not one of ${MODES.join(', ')}.`);
  if (attribution !== undefined && !(ATTRIBUTIONS as readonly string[]).includes(attribution)) {
    return refuse(`The attribution ${String(attribution)} is not one of ${ATTRIBUTIONS.join(', ')}.`);
  }
  if (contributor === undefined && attribution !== undefined && attribution !== 'driver_default') {
    return refuse(attribution === 'assistant' ? 'Attribution assistant goes with the assistant as contributor.' : `Attribution ${attribution} names the person who said it: name the contributor.`);
  }
  if (contributor === undefined || attribution === 'driver_default') {
    const driver: unknown = file.driver;
    const problem = typeof driver === 'string' && driver !== ASSISTANT ? checkAuthor(file, driver, 'idea') : null;
    if (typeof driver !== 'string' || driver === ASSISTANT || problem) {
      return refuse('The file has no valid driver to credit by default; name the contributor, or choose a driver among the participants first.');
    }
    if (contributor !== undefined && contributor !== driver) {
      return refuse(`driver_default credits the driver (${driver}); an idea from ${contributor} is credited to ${contributor} by name.`);
    }
    return { by: driver, attribution: 'driver_default', mode };
  }
  const problem = checkAuthor(file, contributor, 'idea');
  if (problem) return problem;
  const chosen: Attribution = attribution ?? (contributor === ASSISTANT ? 'assistant' : 'explicit');
  if ((contributor === ASSISTANT) !== (chosen === 'assistant')) {
    return refuse(contributor === ASSISTANT ? 'A contribution by the assistant has attribution assistant.' : `Attribution assistant goes only with the assistant, not with ${contributor}.`);
  }
  return { by: contributor, attribution: chosen, mode };
}

export function addContribution(file: WorkingFile, itemId: string, input: ContributionInput): EditResult {
  return runEdit(file, () => {
    const place = findItem(file, itemId);
    if (!place) return refuse(`There is no node or link ${itemId}.`);
    const contribution: Contribution = {
      by: input.by,
      attribution: input.attribution ?? (input.by === ASSISTANT ? 'assistant' : 'explicit'),
      mode: input.mode ?? 'text',
    };
    const problem = problemWith(file, contribution);
    if (problem) return refuse(problem);
    const list = contributionsOf(place.item);
    if (!list) return refuse(`The contributions of ${label(place)} are not a list; repair them in the file first.`);
    if (list.some((c) => c && c.by === contribution.by && c.attribution === contribution.attribution && c.mode === contribution.mode)) {
      return refuse(`${capital(label(place))} already has this contribution by ${contribution.by}.`);
    }
    const item = touched(setKey(place.item, 'contributions', [...list, contribution], ['status']));
    return done(replaceItem(file, place, item));
  });
}

export function updateContribution(file: WorkingFile, itemId: string, index: number, changes: Partial<ContributionInput>): EditResult {
  return runEdit(file, () => {
    const found = contributionAt(file, itemId, index);
    if (isRefusal(found)) return found;
    const { place, list } = found;
    const current: unknown = list[index];
    const old = (typeof current === 'object' && current !== null ? current : {}) as Partial<Contribution>;
    const by = changes.by ?? old.by;
    // Keep `by: assistant` and `attribution: assistant` together when only one of them changes.
    let attribution = changes.attribution ?? old.attribution;
    if (changes.attribution === undefined && changes.by !== undefined) {
      if (by === ASSISTANT) attribution = 'assistant';
      else if (attribution === 'assistant' || attribution === undefined) attribution = 'explicit';
    }
    const next: Contribution = { ...old, by: by as string, attribution: attribution as Attribution, mode: (changes.mode ?? old.mode ?? 'text') as Mode };
    const problem = problemWith(file, next);
    if (problem) return refuse(problem);
    if (next.by === old.by && next.attribution === old.attribution && next.mode === old.mode) return done(file);
    const contributions = list.map((c, i) => (i === index ? next : c));
    return done(replaceItem(file, place, touched(setKey(place.item, 'contributions', contributions))));
  });
}

export function removeContribution(file: WorkingFile, itemId: string, index: number): EditResult {
  return runEdit(file, () => {
    const found = contributionAt(file, itemId, index);
    if (isRefusal(found)) return found;
    const { place, list } = found;
    if (list.length === 1) return refuse(`This is the only contribution of ${label(place)}; every node and link records who had the idea. Add the right contributor before removing this one.`);
    const contributions = list.filter((_, i) => i !== index);
    return done(replaceItem(file, place, touched(setKey(place.item, 'contributions', contributions))));
  });
}

function contributionsOf(item: object): Contribution[] | undefined {
  const list: unknown = (item as { contributions?: unknown }).contributions;
  if (list === undefined) return [];
  return Array.isArray(list) ? (list as Contribution[]) : undefined;
}

/** Why this contribution is not allowed, or undefined when it is. */
function problemWith(file: WorkingFile, contribution: Contribution): string | undefined {
  const author = checkAuthor(file, contribution.by, 'idea');
  if (author) return author.reason;
  if (!(ATTRIBUTIONS as readonly string[]).includes(contribution.attribution)) {
    return `The attribution ${String(contribution.attribution)} is not one of ${ATTRIBUTIONS.join(', ')}.`;
  }
  if (!(MODES as readonly string[]).includes(contribution.mode)) {
    return `The mode ${String(contribution.mode)} is not one of ${MODES.join(', ')}.`;
  }
  if ((contribution.by === ASSISTANT) !== (contribution.attribution === ASSISTANT)) {
    return contribution.by === ASSISTANT
      ? 'A contribution by the assistant has attribution assistant.'
      : `Attribution assistant goes only with the assistant, not with ${contribution.by}.`;
  }
  return undefined;
}

/** The item and its contributions list, when contribution `index` of `itemId` exists. */
function contributionAt(file: WorkingFile, itemId: string, index: number): { place: NonNullable<ReturnType<typeof findItem>>; list: Contribution[] } | Refusal {
  const place = findItem(file, itemId);
  if (!place) return refuse(`There is no node or link ${itemId}.`);
  const list = contributionsOf(place.item);
  if (!list) return refuse(`The contributions of ${label(place)} are not a list; repair them in the file first.`);
  if (!Number.isInteger(index) || index < 0 || index >= list.length) return refuse(`${capital(label(place))} has no contribution ${index + 1}.`);
  return { place, list };
}
