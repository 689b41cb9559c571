// The file on disk cannot be used right now (half written, a syntax error, gone): say so, keep
// the last good content on screen, and write nothing over it unless the user asks.
import { useState } from 'react';
import { overwriteDiskProblem } from '../../store/live/live-sync';
import { useLiveStore } from '../../store/live/live-store';
import { useDocumentStore } from '../../store/document-store';

export function DiskProblemBanner() {
  const problem = useLiveStore((s) => s.diskProblem);
  const file = useLiveStore((s) => s.file);
  const hasDocument = useDocumentStore((s) => s.document !== null);
  const [confirming, setConfirming] = useState(false);
  if (!problem || !hasDocument) return null;
  const first = problem.diagnostics.find((d) => d.severity === 'error');
  return (
    <div className="cw-disk-problem" role="alert" data-testid="disk-problem">
      <p>
        <strong>{problem.missing ? `${file?.name ?? 'The file'} is gone from disk.` : `${file?.name ?? 'The file'} on disk cannot be read right now.`}</strong>{' '}
        {problem.missing ? '' : first ? `Line ${first.line}, column ${first.column}: ${first.message} ` : `${problem.message} `}
        The last good content stays on screen, and nothing is written to the file until it reads again.
      </p>
      {confirming ? (
        <span className="cw-disk-problem-actions">
          <span>Replace the file on disk with what is shown here?</span>
          <button
            type="button"
            className="cw-button cw-danger"
            onClick={() => {
              setConfirming(false);
              overwriteDiskProblem();
            }}
          >
            Replace it
          </button>
          <button type="button" className="cw-button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </span>
      ) : (
        <button type="button" className="cw-button" onClick={() => setConfirming(true)}>
          {problem.missing ? 'Write it again from here…' : 'Replace it with what is shown…'}
        </button>
      )}
    </div>
  );
}
