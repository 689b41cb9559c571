// What an import did: the trees it made and every item of the source it could not map as it was.
import { useEffect, useRef } from 'react';
import { IMPORT_FORMAT_NAMES } from '../../exchange';
import { TREE_NAMES } from '../../format';
import { trapTab } from '../commands/use-modal';
import { plural } from '../words';
import { useImportReport } from './import-report-store';

export function ImportReportDialog() {
  const report = useImportReport((s) => s.report);
  const close = useImportReport((s) => s.close);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (report) closeRef.current?.focus();
  }, [report]);
  if (!report) return null;
  return (
    <div className="cw-dialog-backdrop" onKeyDown={(e) => e.key === 'Escape' && close()}>
      <div className="cw-dialog cw-import-report" role="dialog" aria-modal="true" aria-labelledby="cw-import-title" onKeyDown={trapTab}>
        <h2 id="cw-import-title">Imported {report.source}</h2>
        <p>
          From {IMPORT_FORMAT_NAMES[report.format]}:{' '}
          {report.trees.map((t) => `${TREE_NAMES[t.tree]} (${plural(t.nodes, 'node')}, ${plural(t.links, 'link')})`).join(', ')}. Every item is proposed unless the
          source recorded an endorsement. Save or export the working file to keep it.
        </p>
        {report.notes.length === 0 ? (
          <p>Everything in the source was mapped.</p>
        ) : (
          <>
            <p>
              {plural(report.notes.length, 'item')} could not be mapped as {report.notes.length === 1 ? 'it was' : 'they were'}; nothing was dropped (what has no place is kept
              under each item&apos;s <code>source</code> and the file&apos;s <code>import_context</code>):
            </p>
            <ul className="cw-import-notes">
              {report.notes.map((note, index) => (
                <li key={index}>
                  <strong>{note.item}</strong>: {note.message}
                </li>
              ))}
            </ul>
          </>
        )}
        <button ref={closeRef} type="button" className="cw-button" onClick={close}>
          Close
        </button>
      </div>
    </div>
  );
}
