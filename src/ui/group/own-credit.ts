// On the page of a participant invited to a group session, credit is theirs alone: the server
// credits what they add to them, lets them endorse and object only as themselves, and leaves who
// had an idea (and others' notes) to the driver (src/collab/credit.ts). The page's forms follow the
// same rules, so they never offer a choice the server would refuse or rewrite.
import { useGroupStore, type GroupStoreState } from '../../store/group/group-store';

export interface OwnCredit {
  id: string;
  name: string;
}

const ownCreditOf = (s: Pick<GroupStoreState, 'invited' | 'me'>): OwnCredit | null => (s.invited === 'participant' ? s.me : null);

/** The participant this page speaks for, or null where the page credits anyone (the driver, a file of one's own). */
export function useOwnCredit(): OwnCredit | null {
  return useGroupStore(ownCreditOf);
}

/** The same, read once (for a form's first value). */
export function ownCredit(): OwnCredit | null {
  return ownCreditOf(useGroupStore.getState());
}

/** Whether a participant's page may change a note (assumption, challenge) by `by`: only their own. */
export function mayChangeNote(own: OwnCredit | null, by: string): boolean {
  return own === null || own.id === by;
}
