// The named commands the editor offers. Each one runs a pure operation of src/format through the
// store, so every rule is written once and every step can be undone.
import type { Attribution, Mode, Note, NoteList, TraceField, TreeKey } from '../format';
import * as ops from '../format/operations';
import { useDocumentStore } from './document-store';

const edit: ReturnType<typeof useDocumentStore.getState>['edit'] = (...args) => useDocumentStore.getState().edit(...args);

export interface NodeInput {
  kind: string;
  text: string;
  contributor?: string;
  mode?: Mode;
}

/** The names of the edits a field makes as it is typed in, for undoing exactly those (Escape, Keep accepted). */
export const editLabel = {
  nodeText: (id: string) => `Edit text of ${id}`,
  nodeKind: (id: string) => `Change kind of ${id}`,
  nodeMeaning: (id: string) => `Change ${id}`,
  link: (id: string) => `Change ${id}`,
  joinLink: (linkId: string, nodeId: string) => `Join ${nodeId} to ${linkId}`,
  leaveLink: (linkId: string, nodeId: string) => `Remove ${nodeId} from ${linkId}`,
  note: (itemId: string, list: NoteList) => `Edit ${list === 'assumptions' ? 'assumption' : 'challenge'} of ${itemId}`,
  rename: (id: string) => `Rename ${id}`,
};

export const commands = {
  // Nodes
  addNode: (tree: TreeKey, input: NodeInput) => edit('Add node', (f, c) => ops.addNode(f, tree, { ...input, avoid: c.avoid })),
  editNodeText: (id: string, text: string, endorsedBy?: string[]) =>
    edit(editLabel.nodeText(id), (f) => ops.updateNode(f, id, { text }, { endorsedBy }), { coalesce: `text:${id}` }),
  changeNodeKind: (id: string, kind: string, endorsedBy?: string[]) => edit(editLabel.nodeKind(id), (f) => ops.updateNode(f, id, { kind }, { endorsedBy })),
  /** A node's text and kind as one change, endorsed or not (Keep it accepted). */
  changeNodeMeaning: (id: string, changes: { text: string; kind: string }, endorsedBy?: string[]) => edit(editLabel.nodeMeaning(id), (f) => ops.updateNode(f, id, changes, { endorsedBy })),
  removeNode: (id: string) => edit(`Delete ${id}`, (f) => ops.removeNode(f, id)),
  /** A new node that causes `other` (or is its effect), with the link, as one undoable step. */
  addLinkedNode: (tree: TreeKey, input: NodeInput, other: string, as: 'cause' | 'effect') =>
    edit(as === 'cause' ? `Add a cause of ${other}` : `Add an effect of ${other}`, (f, c) => {
      const added = ops.addNode(f, tree, { ...input, avoid: c.avoid });
      if (!added.ok || !added.created?.length) return added;
      const id = added.created[0];
      const avoid = new Set([...c.avoid, id]);
      const linked = as === 'cause' ? ops.addLink(added.file, tree, [id], other, undefined, { avoid }) : ops.addLink(added.file, tree, [other], id, undefined, { avoid });
      if (!linked.ok) return linked;
      // The new node is selected (first), ready to read; the link is made with it.
      return { ok: true, file: linked.file, notices: [...added.notices, ...linked.notices], created: [id] };
    }),

  // Links
  addLink: (tree: TreeKey, from: string[], to: string, relation?: string) =>
    edit('Add link', (f, c) => ops.addLink(f, tree, from, to, relation, { avoid: c.avoid })),
  /** Joins `nodeId` to a link as one more joint (AND) source; with `replaceOwnLinks`, its own links to that target go in the same step. */
  addSourceToLink: (linkId: string, nodeId: string, endorsedBy?: string[], replaceOwnLinks = false) =>
    edit(editLabel.joinLink(linkId, nodeId), (f) => ops.addSourceToLink(f, linkId, nodeId, { endorsedBy, replaceOwnLinks })),
  removeSourceFromLink: (linkId: string, nodeId: string, endorsedBy?: string[]) =>
    edit(editLabel.leaveLink(linkId, nodeId), (f) => ops.removeSourceFromLink(f, linkId, nodeId, { endorsedBy })),
  changeLink: (linkId: string, changes: ops.LinkChanges, endorsedBy?: string[]) =>
    edit(editLabel.link(linkId), (f) => ops.updateLink(f, linkId, changes, { endorsedBy }), changes.relation !== undefined ? { coalesce: `relation:${linkId}` } : {}),
  removeLink: (linkId: string) => edit(`Delete ${linkId}`, (f) => ops.removeLink(f, linkId)),
  /** Edit as YAML: the item replaced by what was written, refused if it breaks a rule. */
  rewriteItem: (id: string, written: unknown) => edit(`Edit ${id} as YAML`, (f) => ops.rewriteItem(f, id, written)),

  // Acceptance
  accept: (ids: string[], endorsers: string[]) => edit(`Accept ${ids.join(', ')}`, (f) => ops.accept(f, ids, endorsers), { selectCreated: false }),
  dispute: (id: string, objection: Note, addBacklog: boolean) => edit(`Dispute ${id}`, (f) => ops.dispute(f, id, objection, { addBacklog })),
  returnToProposed: (id: string) => edit(`Return ${id} to proposed`, (f) => ops.returnToProposed(f, id)),

  // Assumptions and challenges
  addNote: (itemId: string, list: NoteList, note: Note) => edit(`Add ${list === 'assumptions' ? 'assumption' : 'challenge'} to ${itemId}`, (f) => ops.addNote(f, itemId, list, note)),
  updateNote: (itemId: string, list: NoteList, index: number, changes: Partial<Note>) =>
    edit(editLabel.note(itemId, list), (f) => ops.updateNote(f, itemId, list, index, changes), { coalesce: `${list}:${itemId}:${index}` }),
  removeNote: (itemId: string, list: NoteList, index: number) =>
    edit(`Remove ${list === 'assumptions' ? 'assumption' : 'challenge'} of ${itemId}`, (f) => ops.removeNote(f, itemId, list, index)),

  // Contributions
  addContribution: (itemId: string, input: ops.ContributionInput) => edit(`Add contributor to ${itemId}`, (f) => ops.addContribution(f, itemId, input)),
  updateContribution: (itemId: string, index: number, changes: { by?: string; attribution?: Attribution; mode?: Mode }) =>
    edit(`Change contribution of ${itemId}`, (f) => ops.updateContribution(f, itemId, index, changes)),
  removeContribution: (itemId: string, index: number) => edit(`Remove contribution of ${itemId}`, (f) => ops.removeContribution(f, itemId, index)),

  // Traces
  addTrace: (nodeId: string, field: TraceField, target: string) => edit(`Trace ${nodeId} to ${target}`, (f) => ops.addTrace(f, nodeId, field, target)),
  removeTrace: (nodeId: string, field: TraceField, target: string) => edit(`Remove trace ${nodeId} → ${target}`, (f) => ops.removeTrace(f, nodeId, field, target)),

  // Backlog
  addBacklogEntry: (tree: TreeKey, input: ops.BacklogInput) => edit(`Add backlog entry for ${input.ref}`, (f) => ops.addBacklogEntry(f, tree, input)),
  updateBacklogEntry: (tree: TreeKey, index: number, changes: { work?: string; note?: string | null }) =>
    edit('Edit backlog entry', (f) => ops.updateBacklogEntry(f, tree, index, changes), { coalesce: `backlog:${tree}:${index}` }),
  removeBacklogEntry: (tree: TreeKey, index: number) => edit('Remove backlog entry', (f) => ops.removeBacklogEntry(f, tree, index)),

  // Participants
  addParticipant: (id: string, name: string) => edit(`Add participant ${id}`, (f) => ops.addParticipant(f, id, name)),
  renameParticipant: (id: string, name: string) => edit(editLabel.rename(id), (f) => ops.renameParticipant(f, id, name), { coalesce: `name:${id}` }),
  setDriver: (id: string) => edit(`Make ${id} the driver`, (f) => ops.setDriver(f, id)),
  removeParticipant: (id: string) => edit(`Remove participant ${id}`, (f) => ops.removeParticipant(f, id)),

  // Trees
  addTree: (key: TreeKey) => edit(`Add ${key} tree`, (f) => ops.addTree(f, key)),
  removeTree: (key: TreeKey) => edit(`Remove ${key} tree`, (f) => ops.removeTree(f, key)),
};
