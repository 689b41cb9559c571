// The current tree's backlog: remaining reasoning work grouped by its label, with counts. Each
// entry shows its item and jumps to it; removing an entry says the work is done.
import type { DrawableTree } from '../../format';
import { commands } from '../../store/commands';
import { plural, termTip, treeLabel, workLabel } from '../words';
import { BacklogEntryForm } from './BacklogEntryForm';
import { groupBacklog } from './backlog-groups';
import { ItemRef } from './ItemRef';
import { PanelSection } from './PanelSection';
import { jumpFromList } from './side-section';

export function BacklogPanel({ tree }: { tree: DrawableTree | undefined }) {
  if (!tree) return <p className="cw-side-empty">Open a tree to see its backlog.</p>;
  const groups = groupBacklog(tree.backlog);
  return (
    <div className="cw-side-panel-body" data-testid="backlog-panel">
      <header className="cw-side-title">
        <h2>Backlog</h2>
        <span className="cw-side-title-note">
          {treeLabel(tree.key)} · {plural(tree.backlog.length, 'entry', 'entries')}
        </span>
      </header>
      {groups.length === 0 && <p className="cw-side-empty">No reasoning work is waiting in this tree.</p>}
      {groups.map((group) => (
        <PanelSection key={group.work} title={workLabel(group.work)} titleTip={termTip('work', group.work)} count={group.entries.length} testId={`backlog-group-${group.work}`}>
          <ul className="cw-side-list">
            {group.entries.map((entry) => (
              <li key={entry.index} className="cw-side-backlog-entry" data-backlog-ref={entry.ref}>
                <div className="cw-side-ref-row">
                  <ItemRef id={entry.ref} onJump={jumpFromList} />
                  <button type="button" className="cw-button cw-button-small" onClick={() => commands.removeBacklogEntry(tree.key, entry.index)} aria-label={`Done: remove ${entry.work} for ${entry.ref}`}>
                    Done
                  </button>
                </div>
                {entry.note && <p className="cw-side-note-text">{entry.note}</p>}
              </li>
            ))}
          </ul>
        </PanelSection>
      ))}
      <PanelSection title="Add backlog work">
        <BacklogEntryForm tree={tree.key} />
      </PanelSection>
    </div>
  );
}
