// The toolbar's word on the file on disk: Saved / Saving… / Not saved (reason) / Disconnected.
// Always visible while the editor works on a file through `causeway open`.
import type { ReactNode } from 'react';
import { retryWrite } from '../../store/live/live-sync';
import { useLiveStore } from '../../store/live/live-store';
import { useGroupStore } from '../../store/group/group-store';

export function LiveStatus() {
  const active = useLiveStore((s) => s.active);
  const connection = useLiveStore((s) => s.connection);
  const restarted = useLiveStore((s) => s.restarted);
  const noWayIn = useLiveStore((s) => s.access !== 'ok');
  const save = useLiveStore((s) => s.save);
  const file = useLiveStore((s) => s.file);
  const listing = useLiveStore((s) => s.mode === 'folder');
  // The group session writes nothing to the file while its conflicts with the disk wait for the driver.
  const waiting = useGroupStore((s) => s.sessionConflicts.length);
  const invited = useGroupStore((s) => s.invited !== null);
  const diskProblem = useGroupStore((s) => (s.invited !== null ? s.sessionDiskProblem : null));
  if (!active || (listing && connection === 'connected')) return null;
  const where = file ? (file.folder ? `${file.folder}/${file.name}` : file.name) : 'the file on disk';
  if (connection !== 'connected' && noWayIn) {
    return (
      <span className="cw-live-status is-disconnected" role="status" data-testid="save-status" data-state="disconnected" title="This page has no way in to the server yet: open the address causeway open printed.">
        <span aria-hidden="true">⚠</span> Not connected<span className="cw-live-detail"> — open the printed address</span>
      </span>
    );
  }
  if (connection === 'connecting' && save.kind === 'saved' && !restarted) {
    // Coming in (or back) with nothing waiting to be written: not a fault, just a moment.
    return (
      <span className="cw-live-status is-saving" role="status" data-testid="save-status" data-state="connecting" title="Connecting to the server…">
        <span aria-hidden="true">⟳</span> Connecting…
      </span>
    );
  }
  if (connection !== 'connected') {
    const detail = restarted
      ? 'The server was started again: open the address it printed to reconnect. Your edits are kept here.'
      : 'The server cannot be reached. Your edits are kept here and written when it is back.';
    return (
      <span className="cw-live-status is-disconnected" role="status" data-testid="save-status" data-state="disconnected" title={detail}>
        <span aria-hidden="true">⚠</span> Disconnected
        <span className="cw-live-detail">{restarted ? ' — open the new address' : ' — reconnecting'}</span>
      </span>
    );
  }
  if (diskProblem && save.kind !== 'unsaved') return <NotSaved reason="the file on disk cannot be used now" title={diskProblem} />;
  if (waiting > 0 && save.kind !== 'unsaved') {
    const conflicts = `${waiting} conflict${waiting === 1 ? '' : 's'} with the file on disk`;
    const reason = invited ? `waiting for the driver to settle ${conflicts}` : `the group’s work: ${conflicts} to settle`;
    const detail = invited ? 'Another program changed the file where the group was working. Your work is kept in the session and written once the driver settles it.' : 'Settle them under Conflicts: until then the session writes nothing to the file.';
    return <NotSaved reason={reason} title={`${reason}. ${detail}`} />;
  }
  if (save.kind === 'saved') {
    return (
      <span className="cw-live-status is-saved" role="status" data-testid="save-status" data-state="saved" title={`Every edit is in ${where}`}>
        <span aria-hidden="true">✓</span> Saved
      </span>
    );
  }
  if (save.kind === 'saving') {
    return (
      <span className="cw-live-status is-saving" role="status" data-testid="save-status" data-state="saving" title={`Writing to ${where}`}>
        <span aria-hidden="true">⟳</span> Saving…
      </span>
    );
  }
  return (
    <NotSaved reason={save.reason} title={save.reason}>
      {!/conflict|disconnected|unreadable|unfinished|gone from disk/.test(save.reason) && (
        <button type="button" className="cw-button cw-live-retry" onClick={retryWrite}>
          Try again
        </button>
      )}
    </NotSaved>
  );
}

/** "Not saved (why)", with the whole story in the tooltip, and what the person can do about it. */
function NotSaved({ reason, title, children }: { reason: string; title: string; children?: ReactNode }) {
  return (
    <span className="cw-live-status is-unsaved" role="status" data-testid="save-status" data-state="unsaved" title={`Not saved: ${title}`}>
      <span aria-hidden="true">●</span> Not saved <span className="cw-live-detail">({reason})</span>
      {children}
    </span>
  );
}
