// The tools about the file as a whole: start one, add a tree, people and the driver, the active
// tree, and recording a snapshot of the accepted reasoning (as `causeway snapshot` does).
import { z } from 'zod';
import { ASSISTANT, TREE_NAMES, addParticipant, addTree, setActiveTree, setDriver, type Json, type WorkingFile } from '../../format';
import { HistoryRefusal, recordSnapshot } from '../../disk/history-on-disk';
import { SeatRefusal } from '../file-seat';
import { participantId, treeKey } from '../inputs';
import { applyEdit, defineTool, editReply } from './tool';

const displayName = z.string().trim().min(1, 'Give a display name.').max(200);

export const fileTools = [
  defineTool({
    name: 'create_file',
    title: 'Start a working file',
    description: 'Creates the working file when it does not exist yet: its project title, the participants (id → display name; never "assistant"), the driver (the person operating the session) and the first tree. Refused when the file exists.',
    input: {
      project: z.string().trim().min(1).max(200).optional().describe('The project’s title.'),
      participants: z.record(participantId, displayName).describe('Participant id → display name, such as {"ana": "Ana", "tom": "Tom"}.'),
      driver: participantId.describe('The participant operating the session.'),
      tree: treeKey.describe('The first tree, which becomes the active tree.'),
    },
    readOnly: false,
    createsFile: true,
    async run(args, seat) {
      const ids = Object.keys(args.participants);
      if (ids.length === 0) throw new SeatRefusal('Name at least one participant.');
      if (ids.some((id) => id.trim().toLowerCase() === ASSISTANT)) throw new SeatRefusal('"assistant" is reserved for you and cannot be a participant.');
      if (!ids.includes(args.driver)) throw new SeatRefusal(`The driver must be one of the participants (${ids.join(', ')}).`);
      const data: WorkingFile = {
        schema_version: 1,
        ...(args.project ? { project: args.project } : {}),
        participants: args.participants,
        driver: args.driver,
        active_tree: args.tree,
        trees: { [args.tree]: { nodes: [], links: [], backlog: [] } },
      };
      const outcome = await seat.create(data);
      return editReply(outcome, `Created the working file with the ${TREE_NAMES[args.tree]} (empty) as its active tree.`);
    },
  }),

  defineTool({
    name: 'add_tree',
    title: 'Add a tree',
    description: 'Adds an empty tree the file does not have yet (goal, current_reality, conflict, future_reality, prerequisite, transition).',
    input: { tree: treeKey },
    readOnly: false,
    async run(args, seat) {
      return applyEdit(seat, (file) => addTree(file, args.tree), () => `Added the ${TREE_NAMES[args.tree]}.`);
    },
  }),

  defineTool({
    name: 'set_active_tree',
    title: 'Set the active tree',
    description: 'Makes a tree of the file the active one (the tree the group is working on).',
    input: { tree: treeKey },
    readOnly: false,
    async run(args, seat) {
      return applyEdit(seat, (file) => setActiveTree(file, args.tree), () => `The ${TREE_NAMES[args.tree]} is now the active tree.`);
    },
  }),

  defineTool({
    name: 'add_participant',
    title: 'Add a participant',
    description: 'Adds a person to the participants (id → display name), e.g. someone who joined the conversation. The id "assistant" is reserved.',
    input: { id: participantId, name: displayName },
    readOnly: false,
    async run(args, seat) {
      return applyEdit(seat, (file) => addParticipant(file, args.id, args.name), () => `${args.name} (${args.id}) is now a participant.`);
    },
  }),

  defineTool({
    name: 'set_driver',
    title: 'Set the driver',
    description: 'Makes a participant the driver: the person operating the session, credited (driver_default) for ideas with no named speaker.',
    input: { id: participantId },
    readOnly: false,
    async run(args, seat) {
      return applyEdit(seat, (file) => setDriver(file, args.id), () => `${args.id} is now the driver.`);
    },
  }),

  defineTool({
    name: 'record_snapshot',
    title: 'Record a snapshot',
    description: 'Records the accepted reasoning in the history beside the file (.NAME/history/NNNNNN.yaml) when it changed since the last snapshot, and redraws the diagrams, exactly as `causeway snapshot` does. The working file is not written. Only when the group asks for it.',
    input: { summary: z.string().trim().min(1).max(500).optional().describe('What changed, in a sentence (default: "Updated accepted reasoning in TREES").') },
    readOnly: false,
    async run(args, seat) {
      const reading = await seat.read();
      const errors = reading.opened.diagnostics.filter((d) => d.severity === 'error');
      if (errors.length > 0) throw new SeatRefusal(`The file has ${errors.length} error${errors.length === 1 ? '' : 's'} (first, line ${errors[0].line}:${errors[0].column}: ${errors[0].message}); nothing was recorded.`);
      try {
        const result = await recordSnapshot(reading.data as Json, await seat.outputFolder(), args.summary);
        if (result.changed_trees.length === 0) return { text: `No accepted change since revision ${result.revision}; nothing was recorded.`, data: { ...result } };
        return { text: `Recorded revision ${result.revision}: accepted changes in ${result.changed_trees.join(', ')}.${result.rendered_trees.length ? ` Diagrams redrawn: ${result.rendered_trees.join(', ')}.` : ''}`, data: { ...result } };
      } catch (error) {
        if (error instanceof HistoryRefusal) throw new SeatRefusal(error.message);
        throw error;
      }
    },
  }),
];
