// An invited person's edits that met someone else's change of the same field, made while this
// person was offline or at the same moment: the other value was kept (the one the group sees),
// and each of these is listed here with both values, to put back (an edit like any other) or to
// let go. Never dropped in silence.
import type { Json, MergeConflict } from '../../format';
import { useGroupStore } from '../../store/group/group-store';
import { forgetLost, putMineBack } from '../../store/group/lost-edits';
import { jumpTo } from '../side/side-section';
import { PanelSection } from '../side/PanelSection';
import { kindLabel } from '../words';

/** A value as a person reads it: text as text, lists joined, records on one line. */
function shown(value: Json | undefined, field: string | undefined): string {
  if (value === undefined) return '(removed)';
  if (field === 'kind' && typeof value === 'string') return kindLabel(value);
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.length ? value.join(', ') : '(none)';
  const text = JSON.stringify(value);
  return text.length > 240 ? `${text.slice(0, 237)}…` : text;
}

function place(conflict: MergeConflict): string {
  const what = conflict.kind === 'node' ? 'Node' : conflict.kind === 'link' ? 'Link' : conflict.kind === 'file' ? 'The file’s' : 'Entry';
  return conflict.field ? `${what} ${conflict.item}: ${conflict.field}` : `${what} ${conflict.item}`;
}

function LostEdit({ conflict }: { conflict: MergeConflict }) {
  const canJump = conflict.kind === 'node' || conflict.kind === 'link';
  return (
    <li className="cw-conflict" data-lost-id={conflict.id}>
      <p className="cw-conflict-message">
        {canJump ? (
          <button type="button" className="cw-link-button" onClick={() => jumpTo(conflict.item)}>
            {place(conflict)}
          </button>
        ) : (
          place(conflict)
        )}
      </p>
      <dl className="cw-lost-values">
        <dt>Yours</dt>
        <dd data-side="mine">{shown(conflict.mine, conflict.field)}</dd>
        <dt>Kept, someone else’s</dt>
        <dd data-side="theirs">{shown(conflict.theirs, conflict.field)}</dd>
      </dl>
      <div className="cw-conflicts-all">
        {conflict.mine !== undefined && (
          <button type="button" className="cw-button" onClick={() => putMineBack(conflict)} aria-label={`Put mine back (${place(conflict)})`}>
            Put mine back
          </button>
        )}
        <button type="button" className="cw-button" onClick={() => forgetLost(conflict)} aria-label={`Keep theirs (${place(conflict)})`}>
          Keep theirs
        </button>
      </div>
    </li>
  );
}

export function LostEdits() {
  const lost = useGroupStore((s) => s.lost);
  if (lost.length === 0) return null;
  return (
    <PanelSection title="Your edits not kept" count={lost.length} testId="lost-edits">
      <p className="cw-conflicts-intro">Someone else changed the same things as you, at the same moment or while you were offline. Their values were kept; yours are here.</p>
      <ol className="cw-conflict-list">
        {lost.map((conflict) => (
          <LostEdit key={conflict.id} conflict={conflict} />
        ))}
      </ol>
    </PanelSection>
  );
}
