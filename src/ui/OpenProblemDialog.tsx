// A file that could not be opened: why, and where; the document already open is untouched.
import { useEffect, useRef } from 'react';
import { useDocumentStore } from '../store/document-store';
import { useLiveStore } from '../store/live/live-store';

export function OpenProblemDialog() {
  const problem = useDocumentStore((s) => s.openProblem);
  const dismiss = useDocumentStore((s) => s.dismissOpenProblem);
  const hasDocument = useDocumentStore((s) => s.document !== null);
  const live = useLiveStore((s) => s.active);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (problem) closeRef.current?.focus();
  }, [problem]);
  if (!problem) return null;
  return (
    <div className="cw-dialog-backdrop" onKeyDown={(e) => e.key === 'Escape' && dismiss()}>
      <div className="cw-dialog" role="alertdialog" aria-modal="true" aria-labelledby="cw-open-problem-title" aria-describedby="cw-open-problem-summary">
        <h2 id="cw-open-problem-title">Could not open {problem.fileName}</h2>
        <p id="cw-open-problem-summary">{problem.summary}</p>
        {problem.diagnostics.length > 0 && (
          <ol className="cw-diagnostic-list">
            {problem.diagnostics.map((d, index) => (
              <li key={index} className={`cw-diagnostic is-${d.severity}`} data-code={d.code} data-line={d.line}>
                <div className="cw-diagnostic-static">
                  <span className="cw-diagnostic-place" title={`${problem.fileName}:${d.line}:${d.column}`}>
                    line {d.line}:{d.column}
                  </span>
                  <span className={`cw-diagnostic-severity is-${d.severity}`}>{d.severity}</span>
                  <span className="cw-diagnostic-message">{d.message}</span>
                </div>
              </li>
            ))}
          </ol>
        )}
        <p className="cw-dialog-note">
          {live
            ? 'The file on disk was left as it is. Fix it in a text editor (or ask the assistant to): this page opens it as soon as it reads.'
            : hasDocument
              ? 'The document you had open is unchanged.'
              : 'Nothing was opened.'}
        </p>
        <button ref={closeRef} type="button" className="cw-button" onClick={dismiss}>
          Close
        </button>
      </div>
    </div>
  );
}
