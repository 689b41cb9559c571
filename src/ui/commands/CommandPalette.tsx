// Ctrl+K: every action of the editor, searchable, with its shortcut; actions that cannot run now
// are listed too, greyed, with the reason. "Link to…" opens a second page that lists the nodes
// of the tree to link the selected node to.
import { useEffect, useRef, useState } from 'react';
import { Command } from 'cmdk';
import { commands } from '../../store/commands';
import { requestJoin } from '../join/join-link';
import { useDocumentStore } from '../../store/document-store';
import { kindLabel, relationLabel } from '../words';
import { GROUP_ORDER, type EditorAction } from './editor-actions';
import { showChord } from './keys';
import { trapTab, useRestoreFocus } from './use-modal';

export type PalettePage = 'actions' | 'link' | 'join';

export function CommandPalette({ actions, page: firstPage, onClose }: { actions: EditorAction[]; page: PalettePage; onClose(): void }) {
  useRestoreFocus();
  const [page, setPage] = useState<PalettePage>(firstPage);
  const [search, setSearch] = useState('');
  // The search field has the keyboard on every page: opened by L or J, or chosen here (a click on
  // "Link to…" would otherwise leave the keyboard nowhere).
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus({ preventScroll: true });
  }, [page]);
  const run = (action: EditorAction) => {
    if (action.unavailable) return;
    if (action.id === 'link-to' || action.id === 'join-link') {
      setPage(action.id === 'link-to' ? 'link' : 'join');
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
        aria-label={PAGE_TITLE[page]}
        onKeyDown={(event) => {
          trapTab(event);
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            if (page !== 'actions' && firstPage === 'actions') setPage('actions');
            else onClose();
          }
          if (event.key === 'Backspace' && search === '' && page !== 'actions' && firstPage === 'actions') setPage('actions');
        }}
      >
        <Command label={PAGE_TITLE[page]} loop>
          <Command.Input ref={input} autoFocus value={search} onValueChange={setSearch} placeholder={PLACEHOLDER[page]} aria-label={PLACEHOLDER[page]} />
          <Command.List>
            <Command.Empty>{page === 'link' ? 'No node matches.' : page === 'join' ? 'No link matches.' : 'No command matches.'}</Command.Empty>
            {page === 'link' && <LinkTargets onDone={onClose} />}
            {page === 'join' && <JoinTargets onDone={onClose} />}
            {page === 'actions' && <ActionItems actions={actions} onRun={run} />}
          </Command.List>
        </Command>
        <p className="cw-palette-foot" aria-hidden="true">
          ↑↓ to choose · Enter to run · Esc to close
        </p>
      </div>
    </div>
  );
}

const PAGE_TITLE: Record<PalettePage, string> = {
  actions: 'Command palette',
  link: 'Link the selected node to…',
  join: 'Join the selected node to a link as a joint cause…',
};

const PLACEHOLDER: Record<PalettePage, string> = {
  actions: 'Type a command…',
  link: 'Link to which node? Type its words or id…',
  join: 'Join which link? Type its id or the words of its ends…',
};

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

/** Links of the tree the selected node could join as one more joint (AND) source. */
function JoinTargets({ onDone }: { onDone(): void }) {
  const { document, view } = useDocumentStore.getState();
  const tree = document?.trees.find((t) => t.key === view.tree);
  const source = view.selection.nodes[0];
  if (!tree || !source) return <Command.Empty>Select a node first.</Command.Empty>;
  const textOf = (id: string) => tree.nodes.find((n) => n.id === id)?.text ?? id;
  return (
    <Command.Group heading={`Join ${source} to`}>
      {tree.links
        .filter((link) => link.to !== undefined && link.to !== source && !link.from.includes(source))
        .map((link) => (
          <Command.Item
            key={link.id}
            value={`${link.id} ${link.from.join(' ')} ${link.to} ${link.from.map(textOf).join(' ')} ${textOf(link.to!)}`}
            data-target={link.id}
            onSelect={() => {
              onDone();
              requestJoin(link.id, source);
            }}
          >
            <span className="cw-palette-label">
              <code>{link.id}</code> {link.from.join(' + ')} {relationLabel(link.relation)} {link.to}
            </span>
            <span className="cw-palette-kind">{textOf(link.to!).slice(0, 40)}</span>
          </Command.Item>
        ))}
    </Command.Group>
  );
}
