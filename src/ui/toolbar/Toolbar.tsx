// The toolbar, on one row at 1280 px: the file and its save state, then the actions in groups
// (file, edit, view, find, history), with the rarer ones under "More". Every button has its
// shortcut in its tooltip; all of them are in the command palette too.
import { useGroupStore } from '../../store/group/group-store';
import type { RefObject } from 'react';
import { hasUnsavedChanges, useDocumentStore } from '../../store/document-store';
import type { EditorAction } from '../commands/editor-actions';
import { showChord } from '../commands/keys';
import { useLens } from '../find/lens-store';
import { useLiveStore } from '../../store/live/live-store';
import { LiveStatus } from '../live/LiveStatus';
import { OpenControl } from '../OpenControl';
import { MoreMenu } from './MoreMenu';
import { SnapshotPopover } from './SnapshotPopover';
import { ThemeToggle } from './ThemeToggle';
import { sidePanelShown, useLayout } from '../shell/layout-store';
import { useNarrow } from '../shell/use-narrow';

/** Actions under "More ▾", in this order. */
const MORE = ['present', 'read-through', 'save-as', 'export-png', 'export-html', 'export-markdown', 'export-markdown-accepted', 'export-mermaid', 'export-ltp', 'export-logicx', 'print', 'fit', 'palette', 'theme-system', 'guide', 'help'];

export interface ToolbarProps {
  actions: EditorAction[];
  openInput: RefObject<HTMLInputElement | null>;
  snapshotOpen: boolean;
  onSnapshotOpen(open: boolean): void;
}

export function Toolbar({ actions, openInput, snapshotOpen, onSnapshotOpen }: ToolbarProps) {
  const document = useDocumentStore((s) => s.document);
  const mode = useDocumentStore((s) => s.view.mode);
  const unsaved = useDocumentStore(hasUnsavedChanges);
  const finding = useLens((s) => s.finding);
  const focusing = useLens((s) => s.focus !== null);
  const narrow = useNarrow();
  const sideShown = useLayout((s) => sidePanelShown(s, narrow));
  // A file on disk through `causeway open`: written by itself, so no Open/Save; its status instead.
  const live = useLiveStore((s) => s.active);
  const liveFile = useLiveStore((s) => s.file);
  const choosingFile = useLiveStore((s) => s.active && s.mode === 'folder');
  const byId = new Map(actions.map((a) => [a.id, a]));
  const tip = (id: string, words?: string) => {
    const action = byId.get(id);
    const keys = action?.keys?.[0];
    return `${words ?? action?.label ?? ''}${keys ? ` (${showChord(keys)})` : ''}`;
  };
  const button = (id: string, text: React.ReactNode, extra: { label?: string; pressed?: boolean; className?: string; title?: string } = {}) => {
    const action = byId.get(id);
    if (!action) return null;
    return (
      <button
        type="button"
        className={`cw-button${extra.className ? ` ${extra.className}` : ''}`}
        onClick={action.run}
        disabled={action.unavailable !== undefined && !extra.pressed}
        title={action.unavailable ?? extra.title ?? tip(id)}
        {...(extra.label ? { 'aria-label': extra.label } : {})}
        {...(extra.pressed !== undefined ? { 'aria-pressed': extra.pressed } : {})}
        data-action={id}
      >
        {text}
      </button>
    );
  };
  const invited = useGroupStore((s) => s.invited);
  return (
    // While a folder's files are listed there is nothing to edit yet: the actions wait (CSS).
    <header className={`cw-toolbar${choosingFile ? ' is-choosing-file' : ''}`}>
      <div className="cw-toolbar-group cw-toolbar-identity">
        <h1 className="cw-brand">Causeway</h1>
        {document && !choosingFile && (
          <span className="cw-file-name" title={live && liveFile ? `${liveFile.folder}/${liveFile.name}` : `${document.fileName}${unsaved ? ' — changes not exported yet' : ''}`}>
            <span className="cw-file-name-text">{document.fileName}</span>
            {!live &&
              (unsaved ? (
                <span className="cw-unsaved" title="Unsaved changes: not exported or saved yet">
                  <span aria-hidden="true">●</span>
                  <span className="cw-visually-hidden"> unsaved changes</span>
                </span>
              ) : (
                // The mark's room is kept, so the buttons do not jump aside on the first edit.
                <span className="cw-unsaved-room" aria-hidden="true" />
              ))}
          </span>
        )}
        <LiveStatus />
      </div>
      <div className="cw-toolbar-group" role="group" aria-label="File">
        {live ? button('files', 'Files…', { title: tip('files', 'Back to the list of working files in the folder') }) : <OpenControl ref={openInput} />}
        {!live && button('save', 'Save', { title: tip('save', 'Save back to the file on disk when the browser knows it (a dropped file, or after Save as…); otherwise download it') })}
        {!live && button('export-yaml', 'Export YAML', { title: tip('export-yaml', 'Download the file as YAML') })}
        {button('export-svg', 'SVG', { label: 'Export SVG', title: tip('export-svg', "Download this tree's accepted view (or its latest change) as SVG") })}
        {/* Live, the file is written by itself: a downloaded copy is the rare action. */}
        <MoreMenu actions={(live ? ['export-yaml', ...MORE] : MORE).map((id) => byId.get(id)).filter((a): a is EditorAction => a !== undefined)} />
      </div>
      {/* An observer changes nothing: no editing controls. */}
      {invited !== 'observer' && <div className="cw-toolbar-group" role="group" aria-label="Edit">
        {button('undo', <span aria-hidden="true">↶</span>, { label: 'Undo', className: 'cw-button-icon' })}
        {button('redo', <span aria-hidden="true">↷</span>, { label: 'Redo', className: 'cw-button-icon' })}
        {button('add-node', '+ Add node', { title: tip('add-node', 'Add a node to this tree (or double-click the canvas)') })}
      </div>}
      <div className="cw-toolbar-group" role="group" aria-label="View">
        {button('accepted-only', 'Accepted only', { pressed: mode === 'accepted', className: 'cw-toggle', title: tip('accepted-only', 'Show only accepted nodes and the accepted links between them') })}
        {button('tidy-up', <span aria-hidden="true">⟲</span>, { label: 'Tidy up', className: 'cw-button-icon', title: tip('tidy-up', 'Tidy up: lay this tree out afresh, in its usual shape (Undo puts every card back)') })}
        {button('latest-change', 'Latest change', { pressed: mode === 'changes', className: 'cw-toggle', title: tip('latest-change', "Show this tree's latest accepted change: added, changed, removed and context") })}
      </div>
      <div className="cw-toolbar-group" role="group" aria-label="Find and focus">
        {button('find', <span aria-hidden="true">⌕</span>, { label: 'Find', className: 'cw-button-icon cw-button-find', pressed: finding, title: tip('find', 'Find text in every tree, and filter') })}
        {button('focus', <span aria-hidden="true">◎</span>, { label: 'Focus', pressed: focusing, className: 'cw-button-icon cw-toggle', title: tip('focus', 'Focus on the selection: its causes and effects stay, the rest dims') })}
      </div>
      {/* Snapshots are the driver's (an invited person's page has no file to record from). */}
      {document && !invited && (
        <div className="cw-toolbar-group" role="group" aria-label="History">
          <SnapshotPopover open={snapshotOpen} onOpenChange={onSnapshotOpen} />
        </div>
      )}
      <span className="cw-toolbar-spacer" />
      <div className="cw-toolbar-group" role="group" aria-label="Help and look">
        {/* On a phone the side panel is a sheet this brings up; on a wide screen it folds from its own edge. */}
        {narrow && document && !choosingFile && button('side-panel', <span aria-hidden="true">◨</span>, { label: 'Side panel', pressed: sideShown, className: 'cw-button-icon', title: sideShown ? 'Hide the side panel: more room for the diagram' : 'Show the side panel (inspector, backlog, checks…)' })}
        <ThemeToggle />
      </div>
    </header>
  );
}
