// The backlog work about one node or link: what is still to be done, and a way to add more.
// Removing an entry says the work is done.
import type { DrawableBacklogEntry, DrawableTree } from '../../format';
import { commands } from '../../store/commands';
import { AddDisclosure } from './AddDisclosure';
import { BacklogEntryForm } from './BacklogEntryForm';
import { PanelSection } from './PanelSection';
import { termTip, workLabel } from '../words';

export function ItemBacklog({ itemId, tree }: { itemId: string; tree: DrawableTree }) {
  const entries = tree.backlog.filter((entry) => entry.ref === itemId);
  return (
    <PanelSection title="Backlog" count={entries.length} testId="item-backlog">
      {entries.length > 0 && (
        <ul className="cw-side-list">
          {entries.map((entry) => (
            <li key={entry.index} className="cw-side-row cw-side-backlog-row">
              <BacklogWork entry={entry} />
              <button type="button" className="cw-button cw-button-small" onClick={() => commands.removeBacklogEntry(tree.key, entry.index)} aria-label={`Done: remove ${entry.work} for ${itemId}`}>
                Done
              </button>
            </li>
          ))}
        </ul>
      )}
      <AddDisclosure label="Add backlog work">{(close) => <BacklogEntryForm tree={tree.key} fixedRef={itemId} onClose={close} />}</AddDisclosure>
    </PanelSection>
  );
}

/** One piece of backlog work: what is to be done, in words, and its note. */
export function BacklogWork({ entry }: { entry: Pick<DrawableBacklogEntry, 'work' | 'note'> }) {
  return (
    <div className="cw-side-grow">
      <span className="cw-side-work" title={termTip('work', entry.work)}>
        {workLabel(entry.work)}
      </span>
      {entry.note && (
        <p className="cw-side-note-text" dir="auto">
          {entry.note}
        </p>
      )}
    </div>
  );
}
