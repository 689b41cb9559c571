// Keeps the turns store in step with the editor: which file is open (on disk through `causeway
// open`, or opened in the browser), who drives it, what arrives from outside, and the turn log.
// In the browser-only editor there is no turn log: opening a newer version of the open file
// (the assistant rewrote it, or it came back from a colleague) is a turn of "the file, opened again".
import { isObject } from '../../format';
import { textFingerprint } from '../../protocol/turn-record';
import { useDocumentStore } from '../document-store';
import { onOutside } from '../live/live-sync';
import { whenIdle } from '../when-idle';
import { useLiveStore } from '../live/live-store';
import type { Turn } from './turn-list';
import { adoptTurnRecords, observeOutsideChange, requestTurnsPanel, setTurnsDriver, setTurnsFile, useTurnsStore } from './turns-store';

function fileKey(): string | null {
  const live = useLiveStore.getState();
  if (live.active) return live.mode === 'file' && live.file ? `live:${live.file.id}` : null;
  const name = useDocumentStore.getState().document?.fileName;
  return name ? `local:${name}` : null;
}

function driverOf(data: unknown): string | null {
  return isObject(data) && typeof data.driver === 'string' ? data.driver : null;
}

/** "3 added, 1 changed" */
export function turnCounts(turn: Pick<Turn, 'changes'>): string {
  const count = (kind: string) => turn.changes.filter((change) => change.change === kind).length;
  return (['added', 'changed', 'removed'] as const)
    .map((kind) => [count(kind), kind] as const)
    .filter(([n]) => n > 0)
    .map(([n, kind]) => `${n} ${kind}`)
    .join(', ');
}

/** How long after a turn was told a write of its items is taken for the same news. */
const RETELL_MS = 10_000;

export function startTurnTracking(): () => void {
  const follow = () => setTurnsFile(fileKey());
  follow();
  setTurnsDriver(driverOf(useDocumentStore.getState().document?.data));
  const stopLive = useLiveStore.subscribe((now, before) => {
    if (now.file !== before.file || now.mode !== before.mode || now.active !== before.active) follow();
  });
  const stopDocument = useDocumentStore.subscribe((now, before) => {
    if (now.document?.fileName !== before.document?.fileName) follow();
    if (now.document?.data !== before.document?.data) setTurnsDriver(driverOf(now.document?.data));
  });
  let told: { text: string; at: number } | undefined;
  const tell = (text: string) => useDocumentStore.getState().say('info', text, { label: 'Review', run: requestTurnsPanel });
  onOutside({
    change: (before, after, fingerprint, cause, mine) => {
      // Once the change is drawn and the page is idle: telling it as a turn never delays the drawing.
      whenIdle(() => observeOutsideChange(before, after, fingerprint, cause, undefined, mine));
      // In a group session the assistant's turn is told as soon as it is made, and the session
      // writes it to the file a moment later: that write is the same news, so the turn stays told.
      setTimeout(() => {
        const changed = useDocumentStore.getState().recentChanges?.ids;
        const marks = useTurnsStore.getState().marks;
        if (told && Date.now() - told.at < RETELL_MS && changed && changed.size > 0 && [...changed].every((id) => marks.get(id)?.actor === 'assistant')) tell(told.text);
      }, 0);
    },
    turns: (records) => {
      const { announce } = adoptTurnRecords(records);
      if (announce && useDocumentStore.getState().document) {
        const said = announce.summary ? ` It says: “${announce.summary}”` : '';
        const what = turnCounts(announce) || 'no change yet';
        told = { text: `${announce.ended ? 'The assistant made a turn' : 'The assistant is making a turn'}: ${what}.${said} Its items are marked until you review them.`, at: Date.now() };
        tell(told.text);
      }
    },
  });
  return () => {
    stopLive();
    stopDocument();
  };
}

/**
 * Browser-only editor: a file opened in place of the open one with the same name is a newer
 * version of it; what changed becomes a turn to review.
 */
export function observeReopened(previous: { fileName: string; savedData: unknown } | null, fileName: string, text: string): void {
  const now = useDocumentStore.getState().document;
  if (!previous || previous.fileName !== fileName || !now) return;
  observeOutsideChange(previous.savedData as never, now.data, textFingerprint(text), 'reopened');
}
