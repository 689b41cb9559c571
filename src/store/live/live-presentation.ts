// The driver's page leading the group session's presentation: while the presentation running here
// is shared (`leading`), each tree and step it shows goes to the server on the live channel, which
// keeps it in the session for every invited page to follow; leaving it, or sharing no more, ends
// it for everyone. Sent again after the channel is back (the server ends a presentation whose
// page went).
import type { ClientMessage } from '../../protocol/workspace-protocol';
import { usePresentation, type PresentationState } from '../presentation-store';

/** What the group session should show now for this page: a tree and a step, or nothing. */
function sharedOf(state: PresentationState): { tree: NonNullable<PresentationState['tree']>; step: number } | null {
  return state.active && state.role === 'leading' && state.tree !== null ? { tree: state.tree, step: state.step } : null;
}

export function startLivePresentation(send: (message: ClientMessage) => boolean): { stop(): void; reconnected(): void } {
  /** What the server was last told, as text (null: nothing is led from here). */
  let told = 'null';
  const tell = (force: boolean) => {
    const presenting = sharedOf(usePresentation.getState());
    const said = JSON.stringify(presenting);
    if (said === told && !force) return;
    // Only what changes is sent: a page that never led sends nothing.
    if (presenting === null && told === 'null') return;
    if (send({ type: 'present', presenting })) told = said;
  };
  const unsubscribe = usePresentation.subscribe(() => tell(false));
  return {
    stop: unsubscribe,
    reconnected: () => {
      told = 'null';
      tell(true);
    },
  };
}
