// A revision of the history, open read-only: what it is, and stepping to older and newer ones.
import { useDocumentStore } from '../store/document-store';
import { useHistoryStore } from '../store/history-store';
import { displayName } from '../format';
import { describeTime } from '../render/diagram-files';

export function RevisionBar() {
  const revision = useDocumentStore((s) => s.view.revision);
  const showRevision = useDocumentStore((s) => s.showRevision);
  const snapshots = useHistoryStore((s) => s.snapshots);
  if (revision === null) return null;
  const snapshot = snapshots[revision - 1];
  if (!snapshot) return null;
  const change = snapshot.change;
  return (
    <div className="cw-revision-bar" role="region" aria-label="Revision shown read-only" data-revision={revision}>
      <strong>
        Revision {revision} of {snapshots.length}
      </strong>
      <span>{describeTime(change?.at) ?? ''}</span>
      {change?.driver && <span>driver: {displayName(snapshot.data, change.driver)}</span>}
      {change?.summary && <span className="cw-revision-summary">“{change.summary}”</span>}
      <span className="cw-readonly-tag">read-only</span>
      <span className="cw-revision-steps">
        <button type="button" className="cw-button" disabled={revision <= 1} onClick={() => showRevision(revision - 1)}>
          ◀ Older
        </button>
        <button type="button" className="cw-button" disabled={revision >= snapshots.length} onClick={() => showRevision(revision + 1)}>
          Newer ▶
        </button>
        <button type="button" className="cw-button cw-primary" onClick={() => showRevision(null)}>
          Back to the working file
        </button>
      </span>
    </div>
  );
}
