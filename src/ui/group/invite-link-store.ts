// The link the driver last asked for in the People panel, shown once with Copy: asked for by an
// Invite button, or by "Add and invite" for someone just added to the participants.
import { create } from 'zustand';
import { requestInvite } from '../../store/live/live-sync';
import type { InviteRequest } from '../../protocol/workspace-protocol';

interface ShownInvite {
  who: string;
  link: string;
  copied: boolean;
}

interface InviteLinkState {
  shown: ShownInvite | null;
  problem: string | null;
  asking: boolean;
  /** Asks the session for a link for `who`; the last link goes at once. */
  ask(request: InviteRequest, who: string): Promise<void>;
  copy(): Promise<void>;
}

export const useInviteLink = create<InviteLinkState>((set, get) => ({
  shown: null,
  problem: null,
  asking: false,
  async ask(request, who) {
    // The last link goes at once: nobody copies Tom's link thinking it is the observer's.
    set({ asking: true, problem: null, shown: null });
    const answer = await requestInvite(request);
    set(answer.ok ? { asking: false, shown: { who, link: answer.link, copied: false } } : { asking: false, problem: answer.message });
  },
  async copy() {
    const shown = get().shown;
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.link);
      set({ shown: { ...shown, copied: true } });
    } catch {
      set({ problem: 'The browser did not allow copying: select the link and copy it by hand.' });
    }
  },
}));
