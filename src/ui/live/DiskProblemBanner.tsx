// The file on disk cannot be used right now (half written, a syntax error, gone): say so, keep
// the last good content on screen, and write nothing over it unless the user asks.
import { useState } from 'react';
import { overwriteDiskProblem, takeDiskAsItIs } from '../../store/live/live-sync';
import { useLiveStore } from '../../store/live/live-store';
import { useDocumentStore } from '../../store/document-store';

export function DiskProblemBanner() {
  const problem = useLiveStore((s) => s.diskProblem);
  const file = useLiveStore((s) => s.file);
  const hasDocument = useDocumentStore((s) => s.document !== null);
  const [confirming, setConfirming] = useState(false);
  if (!problem || !hasDocument) return null;
  const name = file?.name ?? 'The file';
  const first = problem.diagnostics.find((d) => d.severity === 'error');
  const headline = problem.missing ? `${name} is gone from disk.` : problem.unfinished ? `${name} on disk looks unfinished: ${problem.unfinished}.` : `${name} on disk cannot be read right now.`;
  const showLine = first && (!problem.unfinished || /valid/.test(problem.unfinished));
  const detail = problem.missing ? '' : showLine ? `Line ${first.line}, column ${first.column}: ${first.message} ` : problem.unfinished ? '' : `${problem.message} `;
  return (
    <div className="cw-disk-problem" role="alert" data-testid="disk-problem">
      <p>
        <strong>{headline}</strong> {detail}
        {problem.unfinished
          ? 'If a program is still writing it, this clears by itself when it is done; until then nothing is written to it, unless you choose.'
          : 'The last good content stays on screen, and nothing is written to the file until it reads again.'}
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
        <span className="cw-disk-problem-actions">
          {problem.unfinished && (
            <button type="button" className="cw-button" onClick={takeDiskAsItIs}>
              Open it as it is
            </button>
          )}
          <button type="button" className="cw-button" onClick={() => setConfirming(true)}>
            {problem.missing ? 'Write it again from here…' : 'Replace it with what is shown…'}
          </button>
        </span>
      )}
    </div>
  );
}
