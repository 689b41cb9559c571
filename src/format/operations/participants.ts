// Participants and the driver (FORMAT.md section 1): who may contribute, endorse and drive.
// `assistant` is reserved; someone still named anywhere cannot be removed.
import { isObject } from '../model/json';
import type { WorkingFile } from '../model/types';
import { ASSISTANT } from '../model/vocabulary';
import { runEdit } from './edit';
import { humans, listOf, treeEntries } from './read';
import { done, refuse, type EditResult } from './result';
import { setKey } from './write';

function participantsOf(file: WorkingFile): Record<string, string> | string {
  const participants: unknown = file.participants;
  if (participants === undefined || participants === null) return {};
  if (!isObject(participants)) return 'participants is not a mapping of id to name; repair it in the file first.';
  return participants as Record<string, string>;
}

export function addParticipant(file: WorkingFile, id: string, name: string): EditResult {
  return runEdit(file, () => {
    const participants = participantsOf(file);
    if (typeof participants === 'string') return refuse(participants);
    const key = typeof id === 'string' ? id.trim() : '';
    if (key === '') return refuse('A participant needs an id, such as alice.');
    if (key.toLowerCase() === ASSISTANT) return refuse('The id "assistant" is reserved for the AI assistant; choose another id.');
    if (Object.prototype.hasOwnProperty.call(participants, key)) return refuse(`${key} is already a participant (${String(participants[key])}).`);
    if (typeof name !== 'string' || name.trim() === '') return refuse(`Give ${key} a display name.`);
    return done(setKey(file, 'participants', setKey(participants, key, name), ['schema_version', 'project']));
  });
}

/** Changes a participant's display name (the id, used everywhere, stays). */
export function renameParticipant(file: WorkingFile, id: string, name: string): EditResult {
  return runEdit(file, () => {
    const participants = participantsOf(file);
    if (typeof participants === 'string') return refuse(participants);
    if (!Object.prototype.hasOwnProperty.call(participants, id)) return refuse(`${id} is not a participant.`);
    if (typeof name !== 'string' || name.trim() === '') return refuse(`The display name of ${id} cannot be blank.`);
    if (participants[id] === name) return done(file);
    return done(setKey(file, 'participants', setKey(participants, id, name)));
  });
}

/** Makes `id`, a human participant, the driver: the person operating the session. */
export function setDriver(file: WorkingFile, id: string): EditResult {
  return runEdit(file, () => {
    if (id === ASSISTANT) return refuse('The assistant cannot drive; the driver is a human participant.');
    if (!humans(file).has(id)) return refuse(`${id} is not a participant; add them before making them the driver.`);
    if (file.driver === id) return done(file);
    return done(setKey(file, 'driver', id, ['participants', 'project', 'schema_version']));
  });
}

/** Where a participant is still named, grouped by role. */
export interface ParticipantReferences {
  driver: boolean;
  /** Ids of the nodes and links with a contribution by the participant. */
  contributions: string[];
  accepted_by: string[];
  assumptions: string[];
  challenges: string[];
}

export function participantReferences(file: WorkingFile, id: string): ParticipantReferences {
  const refs: ParticipantReferences = { driver: file.driver === id, contributions: [], accepted_by: [], assumptions: [], challenges: [] };
  const note = (key: 'contributions' | 'assumptions' | 'challenges', item: Record<string, unknown>) => {
    const list = item[key];
    if (Array.isArray(list) && list.some((entry) => isObject(entry) && entry.by === id)) refs[key].push(String(item.id));
  };
  for (const [, tree] of treeEntries(file)) {
    for (const list of ['nodes', 'links'] as const) {
      for (const item of listOf(tree, list)) {
        if (!isObject(item)) continue;
        note('contributions', item);
        if (Array.isArray(item.accepted_by) && item.accepted_by.includes(id)) refs.accepted_by.push(String(item.id));
        note('assumptions', item);
        note('challenges', item);
      }
    }
  }
  return refs;
}

/** Removes a participant no longer named anywhere; otherwise refuses, listing the places. */
export function removeParticipant(file: WorkingFile, id: string): EditResult {
  return runEdit(file, () => {
    const participants = participantsOf(file);
    if (typeof participants === 'string') return refuse(participants);
    if (!Object.prototype.hasOwnProperty.call(participants, id)) return refuse(`${id} is not a participant.`);
    // A broken file may list the assistant as a participant; contributions and notes by the
    // assistant stay valid without that entry, so removing it is always a repair.
    const refs = id === ASSISTANT ? { driver: false, contributions: [], accepted_by: [], assumptions: [], challenges: [] } : participantReferences(file, id);
    const places: string[] = [];
    if (refs.driver) places.push('the driver');
    for (const key of ['contributions', 'accepted_by', 'assumptions', 'challenges'] as const) {
      if (refs[key].length) places.push(`${key} of ${refs[key].join(', ')}`);
    }
    if (places.length) return refuse(`${id} cannot be removed while still named: ${places.join('; ')}.`);
    const rest = Object.fromEntries(Object.entries(participants).filter(([key]) => key !== id));
    return done(setKey(file, 'participants', rest));
  });
}
