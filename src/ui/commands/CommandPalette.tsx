// Ctrl+K: every action of the editor, searchable, with its shortcut; actions that cannot run now
// are listed too, greyed, with the reason. "Link to…" opens a second page that lists the nodes
// of the tree to link the selected node to.
import { useState } from 'react';
import { Command } from 'cmdk';
import { commands } from '../../store/commands';
import { useDocumentStore } from '../../store/document-store';
import { kindLabel } from '../words';
import { GROUP_ORDER, type EditorAction } from './editor-actions';
import { showChord } from './keys';
import { trapTab, useRestoreFocus } from './use-modal';

export type PalettePage = 'actions' | 'link';

export function CommandPalette({ actions, page: firstPage, onClose }: { actions: EditorAction[]; page: PalettePage; onClose(): void }) {
  useRestoreFocus();
  const [page, setPage] = useState<PalettePage>(firstPage);
  const [search, setSearch] = useState('');
  const run = (action: EditorAction) => {
    if (action.unavailable) return;
    if (action.id === 'link-to') {
      setPage('link');
      setSearch('');
      return;
    }
    onClose();
    action.run();
  };
  return (
    <div className="cw-dialog-backdrop cw-palette-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className="cw-palette"
        role="dialog"
        aria-modal="true"
        aria-label={page === 'link' ? 'Link the selected node to…' : 'Command palette'}
        onKeyDown={(event) => {
          trapTab(event);
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            if (page === 'link' && firstPage === 'actions') setPage('actions');
            else onClose();
          }
          if (event.key === 'Backspace' && search === '' && page === 'link' && firstPage === 'actions') setPage('actions');
        }}
      >
        <Command label={page === 'link' ? 'Nodes to link to' : 'Commands'} loop>
          <Command.Input autoFocus value={search} onValueChange={setSearch} placeholder={page === 'link' ? 'Link to which node? Type its words or id…' : 'Type a command…'} aria-label={page === 'link' ? 'Find the node to link to' : 'Find a command'} />
          <Command.List>
            <Command.Empty>{page === 'link' ? 'No node matches.' : 'No command matches.'}</Command.Empty>
            {page === 'link' ? <LinkTargets onDone={onClose} /> : <ActionItems actions={actions} onRun={run} />}
          </Command.List>
        </Command>
        <p className="cw-palette-foot" aria-hidden="true">
          ↑↓ to choose · Enter to run · Esc to close
        </p>
      </div>
    </div>
  );
}

function ActionItems({ actions, onRun }: { actions: EditorAction[]; onRun(action: EditorAction): void }) {
  return (
    <>
      {GROUP_ORDER.map((group) => {
        const items = actions.filter((a) => a.group === group && !a.helpOnly);
        if (items.length === 0) return null;
        return (
          <Command.Group key={group} heading={group}>
            {items.map((action) => (
              <Command.Item
                key={action.id}
                value={`${action.label} ${action.id}`}
                keywords={action.keywords}
                disabled={action.unavailable !== undefined}
                onSelect={() => onRun(action)}
                data-action={action.id}
              >
                <span className="cw-palette-label">
                  {action.label}
                  {action.unavailable && <span className="cw-palette-why"> — {action.unavailable}</span>}
                </span>
                {action.keys && <kbd className="cw-kbd">{showChord(action.keys[0])}</kbd>}
              </Command.Item>
            ))}
          </Command.Group>
        );
      })}
    </>
  );
}

function LinkTargets({ onDone }: { onDone(): void }) {
  const { document, view } = useDocumentStore.getState();
  const tree = document?.trees.find((t) => t.key === view.tree);
  const source = view.selection.nodes[0];
  if (!tree || !source) return <Command.Empty>Select a node first.</Command.Empty>;
  return (
    <Command.Group heading={`Link ${source} to`}>
      {tree.nodes
        .filter((n) => n.id !== source)
        .map((node) => (
          <Command.Item
            key={node.id}
            value={`${node.id} ${node.text}`}
            data-target={node.id}
            onSelect={() => {
              onDone();
              commands.addLink(tree.key, [source], node.id);
            }}
          >
            <span className="cw-palette-label">
              <code>{node.id}</code> {node.text}
            </span>
            <span className="cw-palette-kind">{kindLabel(node.kind)}</span>
          </Command.Item>
        ))}
    </Command.Group>
  );
}
