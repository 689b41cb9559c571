// The group session as this page sees it. For the driver (the live channel): the invites made and
// who is in. For an invited person (the collaboration channel): their role, the connection, who
// is in, and the edits the session could not keep. The UI reads this; live-sync.ts (driver) and
// group-sync.ts (invited people) keep it current; driver-session.ts puts the driver's page in the
// session.
import { create } from 'zustand';
import type { MergeConflict } from '../../format';
import type { Presence, SessionConflict } from '../../protocol/collab-protocol';
import type { GroupInvite, GroupPerson } from '../../protocol/workspace-protocol';

export type GroupRole = 'participant' | 'observer';

export interface GroupStoreState {
  /** Set when this page came in with an invite: it edits through the group session. */
  invited: GroupRole | null;
  /** This person as the server named them. */
  me: { id: string; name: string } | null;
  status: 'connecting' | 'connected' | 'offline' | 'refused' | 'closed';
  /** Why the server refused this page (a revoked link, an edit it could not accept). */
  refusal: string | null;
  /** Everyone in the session now, with what they select and type in (invited pages). */
  presence: Presence[];
  /** The driver's view: the invites made, and who is in. */
  invites: GroupInvite[];
  people: GroupPerson[];
  /** The hubs' address when the session runs on hubs (its links then work until revoked or expired). */
  hubs: string | null;
  /** Edits of this page that someone else's change of the same field overrode while it was away. */
  lost: MergeConflict[];
  /**
   * Conflicts between the group's work and a change to the file on disk by another program,
   * waiting for the driver (who settles them); the session writes nothing to the file until then.
   */
  sessionConflicts: SessionConflict[];
  /** Why the session cannot read or write the file on disk now (invited pages; the driver's page has its own word on the file), or null. */
  sessionDiskProblem: string | null;
  /** The node or link this page's person is typing in now (the editor's fields say; the driver's presence tells the others). */
  typingIn: string | null;
}

export const useGroupStore = create<GroupStoreState>(() => ({
  invited: null,
  me: null,
  status: 'connecting',
  refusal: null,
  presence: [],
  invites: [],
  people: [],
  hubs: null,
  lost: [],
  sessionConflicts: [],
  sessionDiskProblem: null,
  typingIn: null,
}));
