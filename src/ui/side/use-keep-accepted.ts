// Changing the meaning of accepted reasoning returns it to proposed unless the change is endorsed
// at the same time. The choice of who endorses appears once something changed (never before):
// the change goes through as proposed, and "Keep it accepted" then puts it back as one change,
// endorsed, with the links it had touched still accepted. Further changes made with endorsers
// chosen stay accepted.
import { useRef, useState } from 'react';
import type { Json } from '../../format';
import type { EditResult } from '../../format/operations';
import { useDocumentStore } from '../../store/document-store';
import { commands } from '../../store/commands';

export interface KeepAccepted {
  /** The box shows: the item was accepted and its meaning changed here. */
  changed: boolean;
  endorsers: string[];
  setEndorsers(next: string[]): void;
  /** Endorsers to send with a meaning change now (only while the item is accepted). */
  endorsedBy: string[] | undefined;
  /** Call before sending a change of meaning. */
  beforeChange(): void;
  /** Makes the changed version accepted, endorsed by those chosen, as one step with the change. */
  keep(): void;
}

/**
 * `redo()`, called while the change is in the file, returns what makes the whole change again
 * from the state before it, endorsed; `labels`
 * are the names of the edits the fields make (only those may be taken back to do it).
 */
function isAccepted(id: string): boolean {
  return (useDocumentStore.getState().document?.trees ?? []).some((t) => [...t.nodes, ...t.links].some((item) => item.id === id && item.status === 'accepted'));
}

export function useKeepAccepted(id: string, accepted: boolean, redo: () => (endorsers: string[]) => EditResult, labels: readonly string[]): KeepAccepted {
  const [endorsers, setEndorsers] = useState<string[]>([]);
  // A ref as well as state: two keystrokes may come before the next render.
  const beforeRef = useRef<Json | null>(null);
  const [before, setBefore] = useState<Json | null>(null);
  return {
    changed: before !== null,
    endorsers,
    setEndorsers,
    endorsedBy: accepted && endorsers.length > 0 ? endorsers : undefined,
    beforeChange: () => {
      if (beforeRef.current !== null || endorsers.length > 0 || !isAccepted(id)) return;
      beforeRef.current = useDocumentStore.getState().document?.data ?? null;
      setBefore(beforeRef.current);
    },
    keep: () => {
      const before = beforeRef.current;
      if (endorsers.length === 0 || before === null) return;
      const store = useDocumentStore.getState();
      // The changed version, read before going back to the state it was made from.
      const again = redo();
      if (store.rewindTo(before, new Set(labels))) {
        if (!again(endorsers).ok) store.redo();
        return;
      }
      // Something else changed the file meanwhile: accept the new version as it stands.
      if (commands.accept([id], endorsers).ok) store.say('info', `${id} is accepted again, endorsed by those chosen. Links that returned to proposed with the change stay proposed: accept them again if they still hold.`);
    },
  };
}
