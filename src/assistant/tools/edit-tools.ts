// The tools that add and change reasoning: nodes, links and AND sources, rewording, kinds and
// relations, assumptions and challenges, backlog entries, traces and contributions. Each is one
// format operation, so each follows the editor's rules exactly.
import { z } from 'zod';
import {
  ASSISTANT,
  TREE_NAMES,
  addBacklogEntry,
  addContribution,
  addLink,
  addNode,
  addNote,
  addSourceToLink,
  addTrace,
  findItem,
  listOf,
  refuse,
  removeBacklogEntry,
  removeSourceFromLink,
  removeTrace,
  treeEntries,
  updateLink,
  updateNode,
  type WorkingFile,
} from '../../format';
import { credit, endorsedBy, itemId, MAX_IDS, newItemId, noteText, participantId, relation, statement, traceField, treeKey, workLabel } from '../inputs';
import { quote } from '../describe';
import { applyEdit, checkReference, creditOf, defineTool } from './tool';

const treeOfItem = (file: WorkingFile, id: string): string | undefined => findItem(file, id)?.tree;

export const editTools = [
  defineTool({
    name: 'add_node',
    title: 'Add a node',
    description:
      'Adds a proposed node (a statement) to a tree. Kinds per tree: goal: goal, critical_success_factor, necessary_condition; current_reality: undesirable_effect, cause; conflict: objective, need, prerequisite; future_reality: injection, existing_condition, predicted_effect, desirable_effect, undesirable_effect; prerequisite: objective, obstacle, intermediate_objective; transition: existing_condition, need, action, expected_effect; observation in any tree. Say who had the idea in credit. The id follows the file’s own style unless you propose one.',
    input: {
      tree: treeKey,
      kind: z.string().min(1).max(100).describe('The node’s kind (its role in the tree), allowed in that tree.'),
      text: statement.describe('The statement, one claim, in the words the people used where possible.'),
      credit: credit.optional(),
      id: newItemId.optional(),
    },
    readOnly: false,
    async run(args, seat) {
      const who = creditOf(args.credit);
      return applyEdit(
        seat,
        (file, avoid) => addNode(file, args.tree, { kind: args.kind, text: args.text, contributor: who.contributor, attribution: who.attribution, mode: who.mode, ...(args.id ? { id: args.id } : {}), avoid }),
        (outcome) => `Added node ${outcome.created[0]} (${args.kind}) to the ${TREE_NAMES[args.tree]}, proposed. Ask the group whether they endorse it.`,
      );
    },
  }),

  defineTool({
    name: 'add_link',
    title: 'Link nodes',
    description:
      'Adds a proposed link from one or more source nodes to a target node of the same tree. Several sources form ONE joint (AND) link: they act together. Alternatives are separate links. Without a relation one is suggested from the kinds (causes in a current reality tree, necessary_for in a goal tree…).',
    input: {
      from: z.array(itemId).min(1, 'Name at least one source node.').max(MAX_IDS).describe('The source node ids; several act together (AND).'),
      to: itemId.describe('The target node id.'),
      relation: relation.optional(),
      credit: credit.optional(),
      id: newItemId.optional(),
    },
    readOnly: false,
    async run(args, seat) {
      const who = creditOf(args.credit);
      return applyEdit(
        seat,
        (file, avoid) => {
          for (const id of [...args.from, args.to]) checkReference(file, id);
          const tree = treeOfItem(file, args.to);
          if (!tree) return refuse(`There is no node ${args.to}.`);
          return addLink(file, tree, args.from, args.to, args.relation, { contributor: who.contributor, attribution: who.attribution, mode: who.mode, ...(args.id ? { id: args.id } : {}), avoid });
        },
        (outcome) => `Linked ${args.from.join(' AND ')} → ${args.to} as ${outcome.created[0]}, proposed.`,
      );
    },
  }),

  defineTool({
    name: 'add_and_source',
    title: 'Join a source to a link (AND)',
    description: 'Adds a node to the sources of an existing link, making (or widening) a joint (AND) cause: the sources act together. An accepted link returns to proposed unless endorsed_by names who endorse the new version now.',
    input: { link: itemId.describe('The link id.'), node: itemId.describe('The node to add as a source.'), endorsed_by: endorsedBy },
    readOnly: false,
    async run(args, seat) {
      return applyEdit(
        seat,
        (file) => {
          checkReference(file, args.link);
          checkReference(file, args.node);
          return addSourceToLink(file, args.link, args.node, { endorsedBy: args.endorsed_by });
        },
        () => `${args.node} now acts together with the other sources of ${args.link}.`,
      );
    },
  }),

  defineTool({
    name: 'remove_and_source',
    title: 'Take a source out of a link',
    description: 'Removes one source from a joint (AND) link (the last source cannot go: remove the link instead). An accepted link returns to proposed unless endorsed_by names who endorse the new version now.',
    input: { link: itemId, node: itemId, endorsed_by: endorsedBy },
    readOnly: false,
    destructive: true,
    async run(args, seat) {
      return applyEdit(
        seat,
        (file) => {
          checkReference(file, args.link);
          return removeSourceFromLink(file, args.link, args.node, { endorsedBy: args.endorsed_by });
        },
        () => `${args.node} is no longer a source of ${args.link}.`,
      );
    },
  }),

  defineTool({
    name: 'reword',
    title: 'Reword a node',
    description:
      'Changes a node’s text. Rewording accepted reasoning changes its meaning: the node and its accepted links return to proposed, unless endorsed_by names the people who endorse the new wording now. Use it for the group’s own rewording; a different claim is a new node.',
    input: { node: itemId, text: statement, endorsed_by: endorsedBy },
    readOnly: false,
    async run(args, seat) {
      return applyEdit(
        seat,
        (file) => {
          checkReference(file, args.node);
          return updateNode(file, args.node, { text: args.text }, { endorsedBy: args.endorsed_by });
        },
        () => `Reworded ${args.node}: ${quote(args.text)}`,
      );
    },
  }),

  defineTool({
    name: 'change_kind',
    title: 'Change a node’s kind',
    description: 'Changes a node’s kind (its role), to one its tree allows. An accepted node returns to proposed (with its accepted links) unless endorsed_by names who endorse it now.',
    input: { node: itemId, kind: z.string().min(1).max(100), endorsed_by: endorsedBy },
    readOnly: false,
    async run(args, seat) {
      return applyEdit(
        seat,
        (file) => {
          checkReference(file, args.node);
          return updateNode(file, args.node, { kind: args.kind }, { endorsedBy: args.endorsed_by });
        },
        () => `${args.node} is now a ${args.kind}.`,
      );
    },
  }),

  defineTool({
    name: 'change_link',
    title: 'Change a link’s relation or ends',
    description: 'Changes a link’s relation, its sources or its target (ends stay in its own tree). An accepted link returns to proposed unless endorsed_by names who endorse the new version now.',
    input: {
      link: itemId,
      relation: relation.optional(),
      from: z.array(itemId).min(1).max(MAX_IDS).optional().describe('The new sources (together, AND).'),
      to: itemId.optional().describe('The new target.'),
      endorsed_by: endorsedBy,
    },
    readOnly: false,
    async run(args, seat) {
      return applyEdit(
        seat,
        (file) => {
          for (const id of [args.link, ...(args.from ?? []), ...(args.to ? [args.to] : [])]) checkReference(file, id);
          if (args.relation === undefined && args.from === undefined && args.to === undefined) return refuse('Say what changes: relation, from or to.');
          return updateLink(file, args.link, { ...(args.relation ? { relation: args.relation } : {}), ...(args.from ? { from: args.from } : {}), ...(args.to ? { to: args.to } : {}) }, { endorsedBy: args.endorsed_by });
        },
        () => `Changed ${args.link}.`,
      );
    },
  }),

  ...(['assumption', 'challenge'] as const).map((note) =>
    defineTool({
      name: `add_${note}`,
      title: note === 'assumption' ? 'Add an assumption' : 'Add a challenge',
      description:
        note === 'assumption'
          ? 'Records an assumption on a node or link: something that must hold for it (for a link: why the sources lead to the target). Say who stated it in by (a participant), or leave by out for your own.'
          : 'Records a challenge (an objection or doubt) on a node or link without disputing it. To dispute the item, use dispute. Say who raised it in by, or leave by out for your own.',
      input: { item: itemId, text: noteText, by: participantId.optional().describe('Who stated it: a participant id; leave it out when it is yours (the assistant).') },
      readOnly: false,
      async run(args, seat) {
        return applyEdit(
          seat,
          (file) => {
            checkReference(file, args.item);
            return addNote(file, args.item, note === 'assumption' ? 'assumptions' : 'challenges', { text: args.text, by: args.by ?? ASSISTANT });
          },
          () => `Added ${note === 'assumption' ? 'an assumption' : 'a challenge'} to ${args.item}, by ${args.by ?? ASSISTANT}.`,
        );
      },
    }),
  ),

  defineTool({
    name: 'add_backlog_entry',
    title: 'Add backlog work',
    description: 'Records remaining reasoning work on a node or link: {ref, work, note?}, in the item’s own tree. Common work: connect_or_explain, test_causality, resolve_challenge, examine_assumption. Backlog does not change acceptance.',
    input: { ref: itemId, work: workLabel, note: noteText.optional().describe('The particular assumption, objection or question.') },
    readOnly: false,
    async run(args, seat) {
      return applyEdit(
        seat,
        (file) => {
          checkReference(file, args.ref);
          const tree = treeOfItem(file, args.ref);
          if (!tree) return refuse(`There is no node or link ${args.ref}.`);
          return addBacklogEntry(file, tree, { ref: args.ref, work: args.work, ...(args.note ? { note: args.note } : {}) });
        },
        () => `Added backlog work on ${args.ref}: ${args.work}.`,
      );
    },
  }),

  defineTool({
    name: 'remove_backlog_entry',
    title: 'Remove backlog work',
    description: 'Removes a backlog entry (how work is marked done): the first entry on ref with this work (and note, when given).',
    input: { ref: itemId, work: workLabel, note: noteText.optional() },
    readOnly: false,
    destructive: true,
    async run(args, seat) {
      return applyEdit(
        seat,
        (file) => {
          for (const [key, tree] of treeEntries(file)) {
            const index = listOf(tree, 'backlog').findIndex((entry) => {
              const e = entry as { ref?: unknown; work?: unknown; note?: unknown } | null;
              return e !== null && typeof e === 'object' && e.ref === args.ref && e.work === args.work && (args.note === undefined || e.note === args.note);
            });
            if (index >= 0) return removeBacklogEntry(file, key, index);
          }
          return refuse(`There is no backlog entry on ${args.ref} with the work ${args.work}${args.note ? ' and that note' : ''}.`);
        },
        () => `Removed the backlog entry ${args.ref}: ${args.work}.`,
      );
    },
  }),

  ...(['add', 'remove'] as const).map((action) =>
    defineTool({
      name: `${action}_trace`,
      title: action === 'add' ? 'Trace a node to another tree' : 'Remove a trace',
      description:
        action === 'add'
          ? 'States an intended relationship from a node to a node of any tree (not a causal arrow): addresses (an injection addresses undesirable effects), derived_from (what it grew from), implements (an objective or action puts an injection or objective into practice).'
          : 'Removes a trace from a node.',
      input: { node: itemId, field: traceField, target: itemId },
      readOnly: false,
      destructive: action === 'remove',
      async run(args, seat) {
        return applyEdit(
          seat,
          (file) => {
            checkReference(file, args.node);
            checkReference(file, args.target);
            return (action === 'add' ? addTrace : removeTrace)(file, args.node, args.field, args.target);
          },
          () => (action === 'add' ? `${args.node} now ${args.field.replace('_', ' ')} ${args.target}.` : `Removed ${args.node} ${args.field} ${args.target}.`),
        );
      },
    }),
  ),

  defineTool({
    name: 'add_contribution',
    title: 'Credit another contributor',
    description: 'Adds a contributor to a node or link: someone else had the same idea (when genuine duplicates are merged, every contributor is kept). Authorship only: it never endorses.',
    input: { item: itemId, credit },
    readOnly: false,
    async run(args, seat) {
      const who = creditOf(args.credit);
      return applyEdit(
        seat,
        (file) => {
          checkReference(file, args.item);
          const by = who.contributor ?? (typeof file.driver === 'string' ? file.driver : '');
          return addContribution(file, args.item, { by, attribution: who.attribution, mode: who.mode });
        },
        () => `Credited ${who.contributor ?? 'the driver'} on ${args.item} (${who.attribution}).`,
      );
    },
  }),
];
