// Rules every node and link shares (FORMAT.md sections 3, 4 and 6): status, contributions,
// the endorsement record, assumptions and challenges.
import { Findings, describe, has, isObject, type JsonObject } from '../model/findings';
import type { Path } from '../model/path';
import { ASSISTANT, ATTRIBUTIONS, MODES, NOTE_LISTS, STATUSES } from '../model/vocabulary';

export interface People {
  /** Participant ids, `assistant` excluded even when a file wrongly lists it. */
  humans: ReadonlySet<string>;
  /**
   * False when participants is missing or not a mapping: that is reported once, and names
   * are then not checked against it (every reference would be reported as unknown).
   */
  known: boolean;
}

/** "node n3" or "link l2", for messages. */
export type ItemLabel = string;

export function checkStatus(item: JsonObject, path: Path, label: ItemLabel, findings: Findings): void {
  if (!has(item, 'status')) return; // missing status reads as proposed
  const status = item.status;
  if (typeof status !== 'string' || !(STATUSES as readonly string[]).includes(status)) {
    findings.error(
      'invalid-status',
      [...path, 'status'],
      `The status of ${label} is ${describe(status)}; expected one of proposed, accepted or disputed.`,
    );
  }
}

export function checkContributions(item: JsonObject, path: Path, label: ItemLabel, people: People, findings: Findings): void {
  const at = [...path, 'contributions'];
  if (!has(item, 'contributions')) {
    findings.error('missing-field', at, `${capital(label)} has no contributions; record who had the idea as a list of {by, attribution, mode}.`);
    return;
  }
  const list = item.contributions;
  if (!Array.isArray(list)) {
    findings.error('wrong-type', at, `The contributions of ${label} are ${describe(list)}; expected a list of {by, attribution, mode}.`);
    return;
  }
  if (list.length === 0) {
    findings.error('missing-contributions', at, `${capital(label)} has an empty contributions list; at least one contribution is required.`);
    return;
  }
  list.forEach((entry, index) => {
    const here = [...at, index];
    if (!isObject(entry)) {
      findings.error('wrong-type', here, `Contribution ${index + 1} of ${label} is ${describe(entry)}; expected a mapping {by, attribution, mode}.`);
      return;
    }
    const by = entry.by;
    const byIsText = checkPerson(entry, here, `contribution ${index + 1} of ${label}`, people, findings, true);
    warnStrayKeys(entry, ['by', 'attribution', 'mode'], here, `contribution ${index + 1} of ${label}`, findings);
    const attribution = entry.attribution;
    let attributionValid = false;
    if (!has(entry, 'attribution')) {
      findings.error('missing-field', [...here, 'attribution'], `Contribution ${index + 1} of ${label} has no attribution; expected explicit, speaker_label, driver_default or assistant.`);
    } else if (typeof attribution !== 'string' || !(ATTRIBUTIONS as readonly string[]).includes(attribution)) {
      findings.error('invalid-attribution', [...here, 'attribution'], `The attribution of contribution ${index + 1} of ${label} is ${describe(attribution)}; expected explicit, speaker_label, driver_default or assistant.`);
    } else attributionValid = true;
    const mode = entry.mode;
    if (!has(entry, 'mode')) {
      findings.error('missing-field', [...here, 'mode'], `Contribution ${index + 1} of ${label} has no mode; expected text, voice or unknown.`);
    } else if (typeof mode !== 'string' || !(MODES as readonly string[]).includes(mode)) {
      findings.error('invalid-mode', [...here, 'mode'], `The mode of contribution ${index + 1} of ${label} is ${describe(mode)}; expected text, voice or unknown.`);
    }
    if (byIsText && attributionValid && (by === ASSISTANT) !== (attribution === ASSISTANT)) {
      findings.error(
        'assistant-attribution',
        [...here, by === ASSISTANT ? 'attribution' : 'by'],
        by === ASSISTANT
          ? `Contribution ${index + 1} of ${label} is by the assistant but its attribution is ${attribution}; an assistant contribution has attribution: assistant.`
          : `Contribution ${index + 1} of ${label} has attribution: assistant but is by ${by}; only by: assistant goes with attribution: assistant.`,
      );
    }
  });
}

/**
 * Checks `by` names a participant or the assistant; returns whether it is text at all.
 * `what` reads like "contribution 1 of node n3".
 */
function checkPerson(entry: JsonObject, path: Path, what: string, people: People, findings: Findings, assistantAllowed: boolean): boolean {
  const at = [...path, 'by'];
  if (!has(entry, 'by')) {
    findings.error('missing-field', at, `${capital(what)} has no "by"; name the participant${assistantAllowed ? ' or the assistant' : ''} who supplied it.`);
    return false;
  }
  const by = entry.by;
  if (typeof by !== 'string') {
    findings.error('wrong-type', at, `The "by" of ${what} is ${describe(by)}; expected one participant id${assistantAllowed ? ' or assistant' : ''}.`);
    return false;
  }
  if (people.known && !(people.humans.has(by) || (assistantAllowed && by === ASSISTANT))) {
    findings.error('unknown-participant', at, `The "by" of ${what} is ${by}, who is not a participant; add ${by} to participants or name someone who is.`);
  }
  return true;
}

export function checkEndorsement(item: JsonObject, path: Path, label: ItemLabel, people: People, findings: Findings): void {
  const at = [...path, 'accepted_by'];
  const accepted = item.status === 'accepted';
  if (!has(item, 'accepted_by') || item.accepted_by === null) {
    if (has(item, 'accepted_by') && !accepted) {
      findings.warning('empty-field', at, `accepted_by of ${label} is empty (null); write a list of participant ids, or leave the key out.`);
    } else if (accepted) {
      findings.error('missing-endorsement', at, `${capital(label)} is accepted but has no accepted_by; list the human participants who endorsed it.`);
    }
    return;
  }
  const endorsers = item.accepted_by;
  if (!Array.isArray(endorsers)) {
    const hint = typeof endorsers === 'string' ? ` write it as a list: [${endorsers}].` : ' expected a list of participant ids.';
    findings.error('wrong-type', at, `accepted_by of ${label} is ${describe(endorsers)};${hint}`);
    return;
  }
  if (accepted && endorsers.length === 0) {
    findings.error('missing-endorsement', at, `${capital(label)} is accepted but accepted_by is empty; list the human participants who endorsed it.`);
  }
  endorsers.forEach((who, index) => {
    const here = [...at, index];
    if (typeof who !== 'string') {
      findings.error('wrong-type', here, `Entry ${index + 1} of accepted_by of ${label} is ${describe(who)}; expected a participant id.`);
    } else if (who === ASSISTANT) {
      findings.error('assistant-endorser', here, `The assistant is listed in accepted_by of ${label}; only human participants endorse.`);
    } else if (people.known && !people.humans.has(who)) {
      findings.error('unknown-participant', here, `accepted_by of ${label} names ${who}, who is not a participant; every endorser must be a configured participant.`);
    }
  });
}

export function checkNotes(item: JsonObject, path: Path, label: ItemLabel, people: People, findings: Findings): void {
  for (const key of NOTE_LISTS) {
    if (!has(item, key)) continue;
    const singular = key === 'assumptions' ? 'assumption' : 'challenge';
    const at = [...path, key];
    const list = item[key];
    if (!Array.isArray(list)) {
      findings.error('wrong-type', at, `The ${key} of ${label} are ${describe(list)}; expected a list of {text, by}.`);
      continue;
    }
    list.forEach((note, index) => {
      const here = [...at, index];
      const what = `${singular} ${index + 1} of ${label}`;
      if (!isObject(note)) {
        findings.error('wrong-type', here, `${capital(what)} is ${describe(note)}; expected a mapping {text, by}.`);
        return;
      }
      if (!has(note, 'text')) {
        findings.error('missing-field', [...here, 'text'], `${capital(what)} has no text; say what is ${singular === 'assumption' ? 'assumed' : 'objected'}.`);
      } else if (typeof note.text !== 'string') {
        findings.error('wrong-type', [...here, 'text'], `The text of ${what} is ${describe(note.text)}; expected text.`);
      } else if (note.text.trim() === '') {
        findings.warning('empty-note', [...here, 'text'], `${capital(what)} has empty text; say what is assumed or objected, or remove it.`);
      }
      checkPerson(note, here, what, people, findings, true);
      warnStrayKeys(note, ['text', 'by'], here, what, findings);
    });
  }
}

/**
 * A key with no value beside the known ones in a small record is almost always text cut at a
 * comma: in `{text: Slow, not broken, by: bob}` YAML reads "not broken" as a key. Worth a word.
 */
export function warnStrayKeys(record: JsonObject, known: readonly string[], path: Path, what: string, findings: Findings): void {
  for (const [key, value] of Object.entries(record)) {
    if (value !== null || known.includes(key)) continue;
    findings.warning(
      'stray-key',
      [...path, key],
      `${capital(what)} has a key "${key}" with no value; if it is the rest of a text cut at a comma inside {…}, put the whole text in quotes.`,
    );
  }
}

export function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
