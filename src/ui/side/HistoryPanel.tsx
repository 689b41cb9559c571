// The accepted history: every revision with its time, driver, summary and trees; any one opens
// read-only on the canvas. Where the browser can write to folders, the history can also be kept
// next to the working file. An invited person's page has no file of its own: the driver records
// the group's snapshots (beside the file on disk), and the page says so.
import { useState } from 'react';
import { displayName } from '../../format';
import { describeTime } from '../../render/diagram-files';
import { useDocumentStore } from '../../store/document-store';
import { canChooseFolder, chooseFolder } from '../../store/history-folder';
import { useHistoryStore } from '../../store/history-store';
import { treeLabel } from '../words';
import type { TreeKey } from '../../format';
import { useGroupStore } from '../../store/group/group-store';

export function HistoryPanel() {
  const snapshots = useHistoryStore((s) => s.snapshots);
  const problems = useHistoryStore((s) => s.problems);
  const folder = useHistoryStore((s) => s.folder);
  const onDisk = useHistoryStore((s) => s.source === 'disk');
  const fileName = useHistoryStore((s) => s.fileName);
  const useFolder = useHistoryStore((s) => s.useFolder);
  const revision = useDocumentStore((s) => s.view.revision);
  const showRevision = useDocumentStore((s) => s.showRevision);
  const say = useDocumentStore((s) => s.say);
  const [choosing, setChoosing] = useState(false);
  const invited = useGroupStore((s) => s.invited !== null);
  return (
    <div className="cw-side-panel-body" data-testid="history-panel">
      <header className="cw-side-title">
        <h2>History</h2>
        <span className="cw-side-title-note">
          {snapshots.length > 0 ? `${snapshots.length} revision${snapshots.length === 1 ? '' : 's'}` : invited ? 'recorded by the driver' : 'no snapshots yet'}
        </span>
      </header>
      {problems.length > 0 && (
        <div className="cw-history-problems" role="alert">
          <p>This history is inconsistent, so it is shown as nothing and never rewritten:</p>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      {snapshots.length === 0 && problems.length === 0 && (
        <p className="cw-side-empty">
          {invited
            ? 'In a group session the driver records the snapshots, beside the working file on disk; they are not listed on this page.'
            : 'Accept reasoning, then “Record snapshot” keeps an immutable copy of the accepted state here.'}
        </p>
      )}
      <ol className="cw-history-list" reversed>
        {[...snapshots].reverse().map((snapshot) => (
          <li key={snapshot.revision} data-revision={snapshot.revision}>
            <button
              type="button"
              className="cw-history-entry"
              aria-pressed={revision === snapshot.revision}
              onClick={() => showRevision(revision === snapshot.revision ? null : snapshot.revision)}
              title={revision === snapshot.revision ? 'Back to the working file' : 'Open this revision read-only'}
            >
              <span className="cw-history-number">Revision {snapshot.revision}</span>
              <span className="cw-history-time">{describeTime(snapshot.change?.at) ?? ''}</span>
              {snapshot.change?.driver && <span className="cw-history-driver">{displayName(snapshot.data, snapshot.change.driver)}</span>}
              {snapshot.change?.summary && <span className="cw-history-summary">{snapshot.change.summary}</span>}
              {snapshot.change?.trees && snapshot.change.trees.length > 0 && (
                <span className="cw-history-trees">{snapshot.change.trees.map((t) => treeLabel(t as TreeKey)).join(', ')}</span>
              )}
            </button>
          </li>
        ))}
      </ol>
      {onDisk && (
        <p className="cw-history-on-disk">
          Kept on disk beside the file, in <code>.{(fileName ?? '').replace(/\.(ya?ml)$/i, '')}/history/</code>, with the diagrams; snapshots taken with <code>causeway snapshot</code> appear here too.
        </p>
      )}
      {!onDisk && !invited && canChooseFolder() && (
        <div className="cw-history-folder">
          <p>{folder ? `Kept in the folder “${folder.name}” as well.` : 'Snapshots are kept in this browser. To keep them next to the working file too, choose its folder.'}</p>
          <button
            type="button"
            className="cw-button"
            disabled={choosing}
            onClick={async () => {
              setChoosing(true);
              try {
                const chosen = await chooseFolder();
                if (chosen) {
                  const outcome = await useFolder(chosen);
                  say(outcome.ok ? 'info' : 'refusal', outcome.message);
                }
              } catch (error) {
                say('refusal', `The folder could not be used: ${error instanceof Error ? error.message : String(error)}`);
              } finally {
                setChoosing(false);
              }
            }}
          >
            {folder ? 'Choose another folder…' : 'Choose the working file’s folder…'}
          </button>
        </div>
      )}
    </div>
  );
}
