// `?`: every keyboard shortcut, by group, from the same list the keyboard and the palette use.
import { useId } from 'react';
import { GROUP_ORDER, type EditorAction } from './editor-actions';
import { showChord } from './keys';
import { trapTab, useRestoreFocus } from './use-modal';

export function ShortcutHelp({ actions, onClose }: { actions: EditorAction[]; onClose(): void }) {
  useRestoreFocus();
  const id = useId();
  return (
    <div className="cw-dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className="cw-dialog cw-shortcuts"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onKeyDown={(event) => {
          trapTab(event);
          if (event.key === 'Escape' || event.key === '?') {
            event.preventDefault();
            event.stopPropagation();
            onClose();
          }
        }}
      >
        <header className="cw-shortcuts-head">
          <h2 id={`${id}-title`}>Keyboard shortcuts</h2>
          <button type="button" className="cw-button" onClick={onClose} autoFocus>
            Close
          </button>
        </header>
        <p className="cw-dialog-note">
          Every action is also in the command palette (<kbd className="cw-kbd">{showChord('Ctrl+K')}</kbd>). Letter keys work when the keyboard is not in a text field.
        </p>
        <div className="cw-shortcuts-groups">
          {GROUP_ORDER.map((group) => {
            const items = actions.filter((a) => a.group === group && a.keys?.length);
            if (items.length === 0) return null;
            return (
              <section key={group} aria-label={group}>
                <h3>{group}</h3>
                <dl>
                  {items.map((action) => (
                    <div key={action.id} className="cw-shortcut-row" data-shortcut={action.id}>
                      <dt>
                        {action.keys!.map((chord, i) => (
                          <span key={chord}>
                            {i > 0 && <span className="cw-shortcut-or"> or </span>}
                            <kbd className="cw-kbd">{showChord(chord)}</kbd>
                          </span>
                        ))}
                      </dt>
                      <dd>{action.id.startsWith('tree-') ? action.label.replace(/^Show the /, '') : action.label}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            );
          })}
        </div>
      </div>
    </div>
  );
}
