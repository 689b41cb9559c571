// After a reload, a closed tab or a crash: offer back the work that was never exported.
import { useDocumentStore } from '../store/document-store';
import { clearSession, type SavedSession } from '../store/autosave';
import { create } from 'zustand';

interface RestoreOffer {
  session: SavedSession | null;
  offer(session: SavedSession): void;
  close(): void;
}

export const useRestoreOffer = create<RestoreOffer>((set) => ({
  session: null,
  offer: (session) => set({ session }),
  close: () => set({ session: null }),
}));

export function RestoreBanner() {
  const session = useRestoreOffer((s) => s.session);
  const close = useRestoreOffer((s) => s.close);
  if (!session) return null;
  const when = new Date(session.savedAt);
  return (
    <div className="cw-restore" role="region" aria-label="Unsaved work found">
      <span>
        Unsaved work on <b>{session.fileName}</b> from {when.toLocaleString()} was kept in this browser.
      </span>
      <button
        type="button"
        className="cw-button cw-primary"
        onClick={() => {
          const ok = useDocumentStore.getState().restoreText(session.baseText, session.data, session.savedData, session.fileName);
          if (!ok) useDocumentStore.getState().say('refusal', `The kept work on ${session.fileName} could not be reopened.`);
          void clearSession('previous');
          close();
        }}
      >
        Restore it
      </button>
      <button
        type="button"
        className="cw-button"
        onClick={() => {
          void clearSession('previous');
          close();
        }}
      >
        Discard
      </button>
    </div>
  );
}
