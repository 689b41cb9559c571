// Status and removal: record the group's endorsement (never the assistant's), a dispute with its
// objection, a return to proposed, and removing an item with everything that depends on it.
import { z } from 'zod';
import { ASSISTANT, accept, dispute, findItem, refuse, removeLink, removeNode, returnToProposed } from '../../format';
import { endorsers, itemId, MAX_IDS, noteText, participantId } from '../inputs';
import { applyEdit, checkReference, defineTool } from './tool';

export const statusTools = [
  defineTool({
    name: 'accept',
    title: 'Record an endorsement',
    description:
      'Records that the people named endorsed these nodes and links: they become accepted with those people in accepted_by. Only when the people actually said so; never on your own judgement (the assistant never endorses). A link is accepted only with all its ends accepted (name them together to accept a fragment). Accepting never changes who had the idea.',
    input: {
      ids: z.array(itemId).min(1, 'Name the nodes and links to accept.').max(MAX_IDS).describe('The nodes and links the people endorsed (a fragment may be accepted together).'),
      endorsed_by: endorsers,
    },
    readOnly: false,
    async run(args, seat) {
      return applyEdit(
        seat,
        (file) => {
          for (const id of args.ids) checkReference(file, id);
          if (args.endorsed_by.includes(ASSISTANT)) return refuse('The assistant never endorses; name the human participants who endorsed it.');
          return accept(file, args.ids, args.endorsed_by);
        },
        () => `Accepted ${args.ids.join(', ')}, endorsed by ${args.endorsed_by.join(', ')}.`,
      );
    },
  }),

  defineTool({
    name: 'dispute',
    title: 'Record a dispute',
    description:
      'Records a substantive objection: the item becomes disputed, the objection is kept as a challenge by whoever raised it, and (unless add_backlog is false) a resolve_challenge backlog entry is added. Accepted links touching a disputed node return to proposed.',
    input: {
      id: itemId,
      objection: noteText.describe('The objection, in the words used.'),
      raised_by: participantId.describe('Who raised it: a participant id, or "assistant" for your own objection.'),
      add_backlog: z.boolean().optional().describe('Add a resolve_challenge backlog entry (default true).'),
    },
    readOnly: false,
    async run(args, seat) {
      return applyEdit(
        seat,
        (file) => {
          checkReference(file, args.id);
          return dispute(file, args.id, { text: args.objection, by: args.raised_by }, { addBacklog: args.add_backlog !== false });
        },
        () => `${args.id} is disputed; the objection is kept as a challenge by ${args.raised_by}.`,
      );
    },
  }),

  defineTool({
    name: 'return_to_proposed',
    title: 'Return to proposed',
    description: 'Returns an item to proposed (its accepted_by stays as a record); accepted links of a node follow. For when the group withdraws an endorsement.',
    input: { id: itemId },
    readOnly: false,
    async run(args, seat) {
      return applyEdit(
        seat,
        (file) => {
          checkReference(file, args.id);
          return returnToProposed(file, args.id);
        },
        () => `${args.id} is proposed again.`,
      );
    },
  }),

  defineTool({
    name: 'remove',
    title: 'Remove a node or link',
    description:
      'Removes a node or a link, with what depends on it in the same step: a node’s links (or its place among an AND link’s sources), backlog entries about it and traces to it. The reply lists everything removed. Ids are never reused; a different claim gets a new id.',
    input: { id: itemId },
    readOnly: false,
    destructive: true,
    async run(args, seat) {
      return applyEdit(
        seat,
        (file) => {
          checkReference(file, args.id);
          const place = findItem(file, args.id);
          if (!place) return refuse(`There is no node or link ${args.id}.`);
          return place.list === 'nodes' ? removeNode(file, args.id) : removeLink(file, args.id);
        },
        () => `Removed ${args.id}.`,
      );
    },
  }),
];
