// "Record snapshot": enabled when the accepted content differs from the latest snapshot, and
// saying which trees changed; an optional summary goes with it.
import { useMemo, useState } from 'react';
import { useDocumentStore } from '../store/document-store';
import { pendingTrees, useHistoryStore } from '../store/history-store';

export function SnapshotControls() {
  const data = useDocumentStore((s) => s.document?.data);
  const viewingRevision = useDocumentStore((s) => s.view.revision !== null);
  const say = useDocumentStore((s) => s.say);
  const snapshots = useHistoryStore((s) => s.snapshots);
  const problems = useHistoryStore((s) => s.problems);
  const busy = useHistoryStore((s) => s.busy);
  const record = useHistoryStore((s) => s.record);
  const [summary, setSummary] = useState('');
  const trees = useMemo(() => pendingTrees(snapshots, data), [snapshots, data]);
  const status =
    problems.length > 0
      ? 'The stored history is inconsistent; see History.'
      : trees.length > 0
        ? `Accepted changes in: ${trees.map((t) => t.replace(/_/g, ' ')).join(', ')}`
        : snapshots.length > 0
          ? `No accepted changes since revision ${snapshots.length}`
          : 'Nothing accepted yet to record';
  const disabled = busy || viewingRevision || trees.length === 0 || problems.length > 0;
  return (
    <div className="cw-toolbar-group cw-snapshot-controls">
      <input
        className="cw-snapshot-summary"
        aria-label="Snapshot summary (optional)"
        placeholder="Summary (optional)"
        value={summary}
        onChange={(e) => setSummary(e.target.value)}
        disabled={disabled}
      />
      <button
        type="button"
        className="cw-button"
        disabled={disabled}
        aria-describedby="cw-snapshot-status"
        title={status}
        onClick={async () => {
          const outcome = await record(summary);
          say(outcome.ok ? 'info' : 'refusal', outcome.message);
          if (outcome.ok) setSummary('');
        }}
      >
        Record snapshot
      </button>
      <span id="cw-snapshot-status" className="cw-snapshot-status" role="status" data-testid="snapshot-status" title={status}>
        {status}
      </span>
    </div>
  );
}
