// The editing operations of issue 4: pure functions from a working file to an EditResult.
// Each refuses with a reason the user can read, never mutates its input, keeps unknown keys and
// list order, upgrades an unversioned draft on its first edit, and never adds a validation error.
export { type EditResult, type Refusal, done, refuse } from './result';
export { allIds, findItem, listOf, treeEntries } from './read';
export { withList } from './write';
export { guardEdit, newErrors, prepareEdits, prepareEditsOfErrorFree, GUARD_REASON } from './guard';
export { editRefusal, runEdit } from './edit';
export { newNodeId, newLinkId, checkNewId, readyNewIds } from './ids';
export { type EndorseOption } from './status';
export {
  addNode,
  updateNode,
  removeNode,
  describeNodeRemoval,
  type NewNode,
  type NodeChanges,
  type NodeRemoval,
} from './nodes';
export {
  addLink,
  addSourceToLink,
  ownLinksTo,
  removeSourceFromLink,
  updateLink,
  removeLink,
  describeLinkRemoval,
  type LinkOptions,
  type LinkChanges,
  type JoinOptions,
} from './links';
export { suggestRelation, relationChoices, DEFAULT_RELATION } from './relations';
export { accept, endsNeededToAccept, dispute, returnToProposed, type DisputeOptions } from './acceptance';
export { addNote, updateNote, removeNote } from './notes';
export { addContribution, updateContribution, removeContribution, type ContributionInput } from './contributions';
export { addTrace, removeTrace, backReferences, type BackReference } from './traces';
export { addBacklogEntry, updateBacklogEntry, removeBacklogEntry, type BacklogInput } from './backlog';
export {
  addParticipant,
  renameParticipant,
  setDriver,
  removeParticipant,
  participantReferences,
  type ParticipantReferences,
} from './participants';
export { addTree, removeTree, setActiveTree } from './trees';
export { rewriteItem } from './rewrite';
export { revertChanges } from './revert';
