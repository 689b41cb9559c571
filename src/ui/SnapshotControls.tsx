// "Record snapshot": enabled when the accepted content differs from the latest snapshot, and
// saying which trees changed; an optional summary goes with it. The toolbar's button records at
// once; its panel adds a summary.
import { useMemo, useState } from 'react';
import { entryKey } from './entry/text-entry';
import { useDocumentStore } from '../store/document-store';
import { useHistoryStore } from '../store/history-store';
import { pendingTrees } from '../store/pending-trees';
import { useWhenIdle } from './timing/use-when-idle';

export interface SnapshotState {
  /** What would be recorded, or why nothing can be. */
  status: string;
  disabled: boolean;
  /** Records a snapshot with this summary and says how it went; true when one was recorded. */
  record(summary: string): Promise<boolean>;
}

export function useSnapshotState(): SnapshotState {
  // Which trees changed is worked out when the page is idle: never inside a keystroke, nor between
  // a big file chosen and its picture.
  const data = useWhenIdle(useDocumentStore((s) => s.document?.data));
  const viewingRevision = useDocumentStore((s) => s.view.revision !== null);
  const snapshots = useHistoryStore((s) => s.snapshots);
  const problems = useHistoryStore((s) => s.problems);
  const busy = useHistoryStore((s) => s.busy);
  const trees = useMemo(() => pendingTrees(snapshots, data), [snapshots, data]);
  const status =
    problems.length > 0
      ? 'The stored history is inconsistent; see History.'
      : trees.length > 0
        ? `Accepted changes in: ${trees.map((t) => t.replace(/_/g, ' ')).join(', ')}`
        : snapshots.length > 0
          ? `No accepted changes since revision ${snapshots.length}`
          : 'Nothing accepted yet to record';
  return {
    status,
    disabled: busy || viewingRevision || trees.length === 0 || problems.length > 0,
    async record(summary) {
      const outcome = await useHistoryStore.getState().record(summary);
      useDocumentStore.getState().say(outcome.ok ? 'info' : 'refusal', outcome.message);
      return outcome.ok;
    },
  };
}

/** The summary field, the status and the button that records with the summary; `onRecorded` once one is recorded. */
export function SnapshotControls({ onRecorded }: { onRecorded?(): void } = {}) {
  const { status, disabled, record } = useSnapshotState();
  const [summary, setSummary] = useState('');
  const recordNow = async () => {
    if (!(await record(summary))) return;
    setSummary('');
    onRecorded?.();
  };
  return (
    <div className="cw-toolbar-group cw-snapshot-controls">
      <span className="cw-snapshot-status" title={status}>
        {status}
      </span>
      <input
        className="cw-snapshot-summary"
        aria-label="Snapshot summary (optional)"
        placeholder="Summary (optional)"
        value={summary}
        onChange={(e) => setSummary(e.target.value)}
        onKeyDown={async (e) => {
          // Enter records with the summary, as the button beside it does.
          if (entryKey(e) !== 'commit' || disabled) return;
          e.preventDefault();
          await recordNow();
        }}
        disabled={disabled}
      />
      <button
        type="button"
        className="cw-button"
        disabled={disabled}
        onClick={() => void recordNow()}
      >
        Record with this summary
      </button>
    </div>
  );
}
