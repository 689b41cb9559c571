// The typed inputs of the tools, as zod schemas (the MCP SDK checks every call against them and
// answers a wrong call with zod's message). Limits keep a runaway or hostile call small; the
// format's own rules are checked by its operations.
import { z } from 'zod';
import { MODES, TRACE_FIELDS, TREE_KEYS } from '../format';

/** A statement is one claim; longer text belongs in several nodes, or in a note. */
export const MAX_TEXT = 4000;
export const MAX_ID = 200;
/** Ids named in one call (an accepted fragment, an AND link's sources). */
export const MAX_IDS = 200;

export const treeKey = z.enum(TREE_KEYS).describe(`A tree key: ${TREE_KEYS.join(', ')}.`);

/** A node or link id already in the file (any text the file uses: ids are just ids). */
export const itemId = z
  .string()
  .min(1, 'Name the node or link by its id, such as n3.')
  .max(MAX_ID, `An id is at most ${MAX_ID} characters.`)
  .describe('The id of a node or link in the file, such as n3 or l2.');

/** An id the assistant proposes for a new item: plain letters, digits, - _ . only. */
export const newItemId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'A new id is 1–64 letters, digits, "-", "_" or "." starting with a letter or digit, such as n12; leave it out to get the next id in the file’s own style.')
  .describe('Optional: the id for the new item. Leave it out: the server picks the next id in the file’s own style (n7 after n6, crt-004 after crt-003).');

export const statement = z
  .string()
  .trim()
  .min(1, 'Write the statement: a node states something.')
  .max(MAX_TEXT, `A statement is at most ${MAX_TEXT.toLocaleString('en')} characters: one claim per node; put the rest in assumptions, challenges or further nodes.`);

export const noteText = z
  .string()
  .trim()
  .min(1, 'Write the text.')
  .max(MAX_TEXT, `A note is at most ${MAX_TEXT.toLocaleString('en')} characters.`);

export const participantId = z
  .string()
  .min(1, 'Name a participant by their id, such as alice.')
  .max(MAX_ID, `A participant id is at most ${MAX_ID} characters.`)
  .describe('A participant id from the file (see summary), such as alice.');

export const endorsers = z
  .array(participantId)
  .min(1, 'Name at least one person who endorsed it.')
  .max(MAX_IDS)
  .describe('The human participants who endorsed it, as the people named them. Never "assistant": the assistant never endorses.');

export const endorsedBy = z
  .array(participantId)
  .min(1)
  .max(MAX_IDS)
  .optional()
  .describe('Only for an accepted item: the participants who endorse the new version now. Without it, accepted reasoning whose meaning changes returns to proposed, as the format requires.');

/**
 * Who had the idea. The format credits the person who had it, not who typed it: the assistant's
 * own idea is `by: assistant, attribution: assistant`; an idea a named person said is theirs with
 * `speaker_label`; a person's idea with no named speaker goes to the driver with `driver_default`.
 */
export const credit = z
  .strictObject({
    idea_from: z
      .enum(['assistant', 'person'])
      .describe('"assistant" when the idea is yours; "person" when you are recording what someone in the conversation said.'),
    person: participantId.optional().describe('With idea_from "person": the participant named as the speaker in the conversation. Leave it out when nobody was named: the driver is credited (driver_default).'),
    mode: z.enum(MODES).optional().describe('How the idea came in: text, voice or unknown (default text).'),
  })
  .describe('Who had the idea (default: the assistant).');

export type Credit = z.infer<typeof credit>;

export const traceField = z.enum(TRACE_FIELDS).describe('addresses (the problems it is meant to address), derived_from (what it grew from) or implements (the change it helps put into practice).');

export const relation = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[^\s]+$/, 'A relation is one word such as causes, necessary_for, contributes_to, conflicts_with, overcomes, produces or precedes.')
  .describe('How the sources bear on the target, read from source to target: causes, necessary_for, contributes_to, conflicts_with, overcomes, produces, precedes (the vocabulary is open).');

export const workLabel = z
  .string()
  .trim()
  .min(1, 'Name the work, such as connect_or_explain.')
  .max(100)
  .describe('The remaining work: connect_or_explain, test_causality, resolve_challenge, examine_assumption (the vocabulary is open).');

/** In folder mode every tool names its file. */
export function fileField(required: boolean) {
  const name = z.string().min(1).max(255).describe('The working file of the folder to use, by its name as list_files shows it (such as plan.yaml).');
  return required ? name : name.optional();
}
