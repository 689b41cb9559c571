// Conflicts between edits not yet written and a change made to the file on disk meanwhile: the
// same field changed on both sides, or an item removed on one side and changed on the other.
// Each is settled as "keep mine" or "take theirs"; nothing is written until all are.
import { useEffect, useRef } from 'react';
import { settleAll, settleConflict } from '../../store/live/live-sync';
import { useLiveStore } from '../../store/live/live-store';
import type { Json, MergeConflict } from '../../format';
import { jumpTo } from './side-section';

/** A value as a person reads it: text as text, lists joined, records on one line. */
function shown(value: Json | undefined): string {
  if (value === undefined) return '(removed)';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.length ? value.join(', ') : '(none)';
  const text = JSON.stringify(value);
  return text.length > 240 ? `${text.slice(0, 237)}…` : text;
}

function ConflictEntry({ conflict, choice }: { conflict: MergeConflict; choice: 'mine' | 'theirs' | undefined }) {
  const canJump = conflict.kind === 'node' || conflict.kind === 'link';
  return (
    <li className="cw-conflict" data-conflict-id={conflict.id}>
      <p className="cw-conflict-message">
        {canJump ? (
          <button type="button" className="cw-link-button" onClick={() => jumpTo(conflict.item)}>
            {conflict.message}
          </button>
        ) : (
          conflict.message
        )}
      </p>
      <div className="cw-conflict-sides">
        <button type="button" className="cw-conflict-side" aria-pressed={choice === 'mine'} onClick={() => settleConflict(conflict.id, 'mine')} data-side="mine">
          <span className="cw-conflict-side-label">Keep mine</span>
          <span className="cw-conflict-value">{shown(conflict.mine)}</span>
        </button>
        <button type="button" className="cw-conflict-side" aria-pressed={choice === 'theirs'} onClick={() => settleConflict(conflict.id, 'theirs')} data-side="theirs">
          <span className="cw-conflict-side-label">Take theirs (on disk)</span>
          <span className="cw-conflict-value">{shown(conflict.theirs)}</span>
        </button>
      </div>
      {conflict.field !== undefined && conflict.base !== undefined && <p className="cw-conflict-base">Before both changes: {shown(conflict.base)}</p>}
    </li>
  );
}

export function ConflictsPanel() {
  const conflicts = useLiveStore((s) => s.conflicts);
  const choices = useLiveStore((s) => s.choices);
  const open = conflicts.filter((c) => !choices.has(c.id)).length;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Coming forward in place of the field that had the focus: the focus comes here, not to nowhere.
    if (document.activeElement === document.body || document.activeElement === null) heading.current?.focus();
  }, []);
  return (
    <div className="cw-side-panel-body" data-testid="conflicts-panel">
      <header className="cw-side-title">
        <h2 ref={heading} tabIndex={-1}>
          Conflicts
        </h2>
        <span className="cw-side-title-note">{open === 0 ? 'all settled' : `${open} to settle`}</span>
      </header>
      {conflicts.length === 0 ? (
        <p className="cw-side-empty">No conflicts: your edits and the file on disk agree.</p>
      ) : (
        <>
          <p className="cw-conflicts-intro">
            The file changed on disk while your edits were waiting to be written, and both changed the same things. Choose for each. Nothing is written until every one is
            settled; everything else was merged.
          </p>
          <div className="cw-conflicts-all">
            <button type="button" className="cw-button" onClick={() => settleAll('mine')}>
              Keep all mine
            </button>
            <button type="button" className="cw-button" onClick={() => settleAll('theirs')}>
              Take all theirs
            </button>
          </div>
          <ol className="cw-conflict-list">
            {conflicts.map((conflict) => (
              <ConflictEntry key={conflict.id} conflict={conflict} choice={choices.get(conflict.id)} />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
