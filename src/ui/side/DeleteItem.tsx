// Delete…: first says everything else the deletion changes (links, AND sources, backlog entries,
// traces pointing at it), then does all of it in one undoable step.
import { useEffect, useState } from 'react';
import { describeLinkRemoval, describeNodeRemoval } from '../../format';
import { commands } from '../../store/commands';
import { useInspectorIntent } from './inspector-intent';
import { useWorkingFile } from './use-document';

export function DeleteItem({ id, kind }: { id: string; kind: 'node' | 'link' }) {
  const file = useWorkingFile();
  const [asking, setAsking] = useState(false);
  // Delete from the keyboard asks here first (the confirmation's Cancel takes the focus).
  const request = useInspectorIntent((s) => s.request);
  useEffect(() => {
    if (request?.intent !== 'delete' || request.id !== id) return;
    useInspectorIntent.getState().done();
    setAsking(true);
  }, [request, id]);
  if (!asking) {
    return (
      <div className="cw-side-delete">
        <button type="button" className="cw-button cw-button-danger-outline" onClick={() => setAsking(true)}>
          Delete {kind} {id}…
        </button>
      </div>
    );
  }
  const summary = (kind === 'node' ? describeNodeRemoval(file, id) : describeLinkRemoval(file, id))?.summary ?? [];
  return (
    <div className="cw-side-delete cw-side-confirm" role="group" aria-label={`Confirm: delete ${id}`} data-testid="delete-confirm">
      <p className="cw-side-confirm-title">Delete {kind} {id}?</p>
      {summary.length > 0 ? (
        <>
          <p>This also changes:</p>
          <ul className="cw-side-summary">
            {summary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>Nothing else changes.</p>
      )}
      <p className="cw-side-hint">One step: undo brings all of it back.</p>
      <div className="cw-side-actions">
        <button type="button" className="cw-button cw-button-danger" onClick={() => (kind === 'node' ? commands.removeNode(id) : commands.removeLink(id))}>
          Delete {id}
        </button>
        <button type="button" className="cw-button" onClick={() => setAsking(false)} autoFocus>
          Cancel
        </button>
      </div>
    </div>
  );
}
