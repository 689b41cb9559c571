// Conflicts between edits not yet written and a change made to the file on disk meanwhile: the
// same field changed on both sides, or an item removed on one side and changed on the other.
// Each is settled as "keep mine" or "take theirs"; nothing is written until all are. In a group
// session the driver also settles the group's conflicts with the file (another program changed
// what the group was changing): the session writes nothing to the file until each is settled.
import { useEffect, useRef, useState } from 'react';
import { settleAll, settleConflict, settleGroupConflict } from '../../store/live/live-sync';
import { useLiveStore } from '../../store/live/live-store';
import { useGroupStore } from '../../store/group/group-store';
import { conflictPlaceWords, type Json, type MergeConflict, type MergeSide } from '../../format';
import type { SessionConflict } from '../../protocol/collab-protocol';
import { jumpTo } from './side-section';

/** The group's conflicts this page settles: the driver's (an invited page only waits for them). */
const groupConflictsOf = (s: { invited: unknown; sessionConflicts: SessionConflict[] }) => (s.invited === null ? s.sessionConflicts : NONE);
const NONE: SessionConflict[] = [];

/** How many conflicts wait for this page's person: their own with the file, and the group's (driver). */
export function useConflictCount(): number {
  const own = useLiveStore((s) => s.conflicts.length);
  const group = useGroupStore((s) => groupConflictsOf(s).length);
  return own + group;
}

export function conflictCountNow(): number {
  return useLiveStore.getState().conflicts.length + groupConflictsOf(useGroupStore.getState()).length;
}

/** A value as a person reads it: text as text, lists joined, records on one line. */
function shown(value: Json | undefined): string {
  if (value === undefined) return '(removed)';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.length ? value.join(', ') : '(none)';
  const text = JSON.stringify(value);
  return text.length > 240 ? `${text.slice(0, 237)}…` : text;
}

/** The two values of a conflict, each a button that chooses it. */
function ConflictSides({ chosen, choose, labels, mine, theirs }: { chosen: MergeSide | undefined; choose: (side: MergeSide) => void; labels: [mine: string, theirs: string]; mine: Json | undefined; theirs: Json | undefined }) {
  return (
    <div className="cw-conflict-sides">
      <button type="button" className="cw-conflict-side" aria-pressed={chosen === 'mine'} onClick={() => choose('mine')} data-side="mine">
        <span className="cw-conflict-side-label">{labels[0]}</span>
        <span className="cw-conflict-value">{shown(mine)}</span>
      </button>
      <button type="button" className="cw-conflict-side" aria-pressed={chosen === 'theirs'} onClick={() => choose('theirs')} data-side="theirs">
        <span className="cw-conflict-side-label">{labels[1]}</span>
        <span className="cw-conflict-value">{shown(theirs)}</span>
      </button>
    </div>
  );
}

function ConflictEntry({ conflict, choice }: { conflict: MergeConflict; choice: MergeSide | undefined }) {
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
      <ConflictSides chosen={choice} choose={(side) => settleConflict(conflict.id, side)} labels={['Keep mine', 'Take theirs (on disk)']} mine={conflict.mine} theirs={conflict.theirs} />
      {conflict.field !== undefined && conflict.base !== undefined && <p className="cw-conflict-base">Before both changes: {shown(conflict.base)}</p>}
    </li>
  );
}

function GroupConflictEntry({ conflict, chosen, choose }: { conflict: SessionConflict; chosen: MergeSide | undefined; choose: (side: MergeSide) => void }) {
  return (
    <li className="cw-conflict" data-conflict-id={conflict.id} data-group-conflict="">
      <p className="cw-conflict-message">
        <button type="button" className="cw-link-button" onClick={() => jumpTo(conflict.item)}>
          The group and the file on disk both changed {conflictPlaceWords(conflict)}.
        </button>
      </p>
      <ConflictSides chosen={chosen} choose={choose} labels={['Keep the group’s', 'Take the file’s (on disk)']} mine={conflict.mine?.value as Json | undefined} theirs={conflict.theirs?.value as Json | undefined} />
    </li>
  );
}

/** The driver's part for the group's conflicts: each choice goes to the session at once. */
function GroupConflicts({ conflicts }: { conflicts: SessionConflict[] }) {
  // Pressed until the session answers (the conflicts then go, once every one is chosen).
  const [chosen, setChosen] = useState<ReadonlyMap<string, MergeSide>>(new Map());
  const choose = (id: string, side: MergeSide) => {
    setChosen((before) => new Map(before).set(id, side));
    settleGroupConflict(id, side);
  };
  return (
    <section className="cw-group-conflicts" aria-label="The group’s conflicts with the file on disk" data-testid="group-conflicts">
      <h3 className="cw-side-heading">The group’s work and the file on disk</h3>
      <p className="cw-conflicts-intro">
        Another program changed the file on disk where the group was working, and both changed the same things. Choose for each: nothing the group does is written to
        the file until every one is settled; everything else was merged.
      </p>
      {conflicts.length > 1 && (
        <div className="cw-conflicts-all">
          <button type="button" className="cw-button" onClick={() => conflicts.forEach((c) => choose(c.id, 'mine'))}>
            Keep all the group’s
          </button>
          <button type="button" className="cw-button" onClick={() => conflicts.forEach((c) => choose(c.id, 'theirs'))}>
            Take all the file’s
          </button>
        </div>
      )}
      <ol className="cw-conflict-list">
        {conflicts.map((conflict) => (
          <GroupConflictEntry key={conflict.id} conflict={conflict} chosen={chosen.get(conflict.id)} choose={(side) => choose(conflict.id, side)} />
        ))}
      </ol>
    </section>
  );
}

export function ConflictsPanel() {
  const conflicts = useLiveStore((s) => s.conflicts);
  const choices = useLiveStore((s) => s.choices);
  const groupConflicts = useGroupStore(groupConflictsOf);
  const open = conflicts.filter((c) => !choices.has(c.id)).length + groupConflicts.length;
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
      {groupConflicts.length > 0 && <GroupConflicts conflicts={groupConflicts} />}
      {conflicts.length === 0 ? (
        groupConflicts.length === 0 && <p className="cw-side-empty">No conflicts: your edits and the file on disk agree.</p>
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
