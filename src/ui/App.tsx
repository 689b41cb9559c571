// The editor's frame: toolbar, tree tabs, the canvas (working file or a revision, in the full,
// accepted-only or latest-change view), and the side panel.
import { useEffect, useMemo, useRef, useState } from 'react';
import { acceptedView, readTrees, type DrawableTree } from '../format/read';
import { hasUnsavedChanges, useDocumentStore, type ViewMode } from '../store/document-store';
import { useHistoryStore } from '../store/history-store';
import { backToFolder, flushWrites } from '../store/live/live-sync';
import { useLiveStore } from '../store/live/live-store';
import { AddNodeDialog, type AddNodeRequest } from './AddNodeDialog';
import { CanvasBoundary } from './canvas/CanvasBoundary';
import { TreeCanvas, pinNode, resetTreeLayout } from './canvas/TreeCanvas';
import { changeDrawing, type ChangeMarks } from './canvas/change-tree';
import { problemsByItem } from './diagnostic-target';
import { exportTreeSvg } from './export-svg';
import { FileDropZone } from './FileDropZone';
import { changeToShow } from './latest-change';
import { Legend } from './Legend';
import { DiskProblemBanner } from './live/DiskProblemBanner';
import { FolderPicker } from './live/FolderPicker';
import { LiveStatus } from './live/LiveStatus';
import './live/live.css';
import { NoticeBar } from './NoticeBar';
import { OpenControl } from './OpenControl';
import { OpenProblemDialog } from './OpenProblemDialog';
import { RestoreBanner } from './RestoreBanner';
import { RevisionBar } from './RevisionBar';
import { SidePanel } from './side/SidePanel';
import { SnapshotControls } from './SnapshotControls';
import { TreeTabs } from './TreeTabs';
import { canSaveToFiles } from './file-access';
import { exportDownload, saveDocument, saveDocumentAs } from './saving';
import { useShortcuts } from './use-shortcuts';
import { plural, treeLabel } from './words';

const NO_PROBLEMS = new Map<string, string[]>();

export function App() {
  const document = useDocumentStore((s) => s.document);
  const view = useDocumentStore((s) => s.view);
  const history = useDocumentStore((s) => s.history);
  const unsaved = useDocumentStore(hasUnsavedChanges);
  const showTree = useDocumentStore((s) => s.showTree);
  const setMode = useDocumentStore((s) => s.setMode);
  const undo = useDocumentStore((s) => s.undo);
  const redo = useDocumentStore((s) => s.redo);
  const snapshots = useHistoryStore((s) => s.snapshots);
  // Served by `causeway open`: the file on disk is the document, written as it is edited.
  const live = useLiveStore((s) => s.active);
  const liveMode = useLiveStore((s) => s.mode);
  const liveFile = useLiveStore((s) => s.file);
  const inFolder = useLiveStore((s) => s.folder !== null);
  const connection = useLiveStore((s) => s.connection);
  const choosingFile = live && liveMode === 'folder';
  const openInput = useRef<HTMLInputElement>(null);
  const [relayout, setRelayout] = useState(0);
  const [adding, setAdding] = useState<AddNodeRequest | null>(null);

  // What the canvas shows: the working file, or a revision of its history (read-only).
  const revision = view.revision !== null ? snapshots[view.revision - 1] : undefined;
  const data = revision ? revision.data : document?.data;
  const trees: DrawableTree[] = useMemo(() => (revision ? readTrees(revision.data) : (document?.trees ?? [])), [revision, document?.trees]);
  const readOnly = revision !== undefined;
  const tree = trees.find((t) => t.key === view.tree) ?? trees[0];

  const change = useMemo(
    () => (tree && view.mode === 'changes' ? changeToShow(tree.key, snapshots, document?.data, view.revision) : undefined),
    [tree, view.mode, snapshots, document?.data, view.revision],
  );
  const shown = useMemo((): { tree: DrawableTree; marks?: ChangeMarks } | undefined => {
    if (!tree) return undefined;
    if (view.mode === 'accepted') return { tree: acceptedView(tree) };
    if (view.mode === 'changes') {
      if (!change) return { tree: { ...tree, nodes: [], links: [], backlog: [] }, marks: { marks: new Map(), previous: new Map(), wasOf: new Map() } };
      const drawing = changeDrawing(tree.key, change.before, change.after);
      return { tree: drawing.tree, marks: drawing };
    }
    return { tree };
  }, [tree, view.mode, change]);
  const problems = useMemo(() => (document && !readOnly ? problemsByItem(document.diagnostics, document.trees) : NO_PROBLEMS), [document, readOnly]);
  const viewName = `${revision ? `r${revision.revision}-` : ''}${view.mode}`;
  const editable = !readOnly && view.mode === 'full';

  useShortcuts({
    open: () => openInput.current?.click(),
    // Live, Ctrl+S writes now (edits are written a moment after anyway); otherwise it downloads.
    exportFile: live
      ? () =>
          void flushWrites().then((written) => {
            const save = useLiveStore.getState().save;
            useDocumentStore.getState().say(written ? 'info' : 'refusal', written ? `Saved to ${liveFile?.name ?? 'the file'}.` : `Not saved: ${save.kind === 'unsaved' ? save.reason : 'the file could not be written'}.`);
          })
      : exportDownload,
    addNode: () => editable && tree && setAdding({ tree: tree.key }),
  });

  // Closing the tab with work that was not exported or saved asks first.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges(useDocumentStore.getState())) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const lastUndo = history.past[history.past.length - 1]?.label;
  const nextRedo = history.future[0]?.label;
  const toggle = (mode: ViewMode) => setMode(view.mode === mode ? 'full' : mode);

  return (
    <div className="cw-app">
      {/* While a folder's files are listed, there is nothing to edit yet: the actions wait. */}
      <header className={`cw-toolbar${choosingFile ? ' is-choosing-file' : ''}`}>
        <h1 className="cw-brand">Causeway</h1>
        {document && !choosingFile && (
          <span className="cw-file-name" title={live && liveFile ? `${liveFile.folder}/${liveFile.name}` : unsaved ? 'Open file — changes not exported yet' : 'Open file'}>
            {document.fileName}
            {unsaved && !live && (
              <span className="cw-unsaved" aria-label="unsaved changes">
                {' '}
                ● unsaved
              </span>
            )}
          </span>
        )}
        <LiveStatus />
        <div className="cw-toolbar-group">
          {live && inFolder && (
            <button type="button" className="cw-button" onClick={() => void backToFolder()} disabled={choosingFile} title="Back to the list of working files in the folder">
              Files…
            </button>
          )}
          {!live && <OpenControl ref={openInput} />}
          {!live && (
            <button type="button" className="cw-button" onClick={() => void saveDocument()} disabled={!document} title="Save back to the file on disk when the browser knows it (a dropped file, or after Save as…); otherwise download it">
              Save
            </button>
          )}
          {!live && canSaveToFiles() && (
            <button type="button" className="cw-button" onClick={() => void saveDocumentAs()} disabled={!document} title="Choose a file on disk to save into; Save writes there from then on">
              Save as…
            </button>
          )}
          <button type="button" className="cw-button" onClick={exportDownload} disabled={!document} title="Download the file as YAML (Ctrl+S)">
            Export YAML
          </button>
        </div>
        <div className="cw-toolbar-group">
          <button type="button" className="cw-button" onClick={undo} disabled={!lastUndo || readOnly} title={lastUndo ? `Undo: ${lastUndo} (Ctrl+Z)` : 'Nothing to undo'} aria-label="Undo">
            ↶ Undo
          </button>
          <button type="button" className="cw-button" onClick={redo} disabled={!nextRedo || readOnly} title={nextRedo ? `Redo: ${nextRedo} (Ctrl+Shift+Z)` : 'Nothing to redo'} aria-label="Redo">
            ↷ Redo
          </button>
          <button type="button" className="cw-button" onClick={() => tree && setAdding({ tree: tree.key })} disabled={!tree || readOnly} title="Add a node to this tree (N, or double-click the canvas)">
            + Add node
          </button>
        </div>
        <div className="cw-toolbar-group">
          <button type="button" className="cw-button cw-toggle" aria-pressed={view.mode === 'accepted'} disabled={!document} onClick={() => toggle('accepted')} title="Show only accepted nodes and the accepted links between them">
            Accepted only
          </button>
          <button type="button" className="cw-button cw-toggle" aria-pressed={view.mode === 'changes'} disabled={!document} onClick={() => toggle('changes')} title="Show this tree's latest accepted change: added, changed, removed and context">
            Latest change
          </button>
          <button
            type="button"
            className="cw-button"
            disabled={!shown}
            onClick={() => {
              if (!document || !shown) return;
              resetTreeLayout(document.fileName, shown.tree.key, viewName);
              setRelayout((n) => n + 1);
            }}
            title="Lay this tree out again, forgetting where nodes were dragged"
          >
            Re-layout
          </button>
          <button
            type="button"
            className="cw-button"
            disabled={!tree}
            onClick={() => {
              if (!document || !tree) return;
              try {
                exportTreeSvg(document.fileName, tree.key, data, view.mode === 'changes' ? change : undefined);
              } catch (error) {
                useDocumentStore.getState().say('refusal', `The ${treeLabel(tree.key)} could not be drawn as SVG (${error instanceof Error ? error.message : String(error)}); the rest of the file is unaffected.`);
              }
            }}
            title={view.mode === 'changes' ? "Download this tree's latest-change diagram as SVG" : "Download this tree's accepted view as SVG"}
          >
            Export SVG
          </button>
        </div>
        {document && <SnapshotControls />}
        {document?.version.kind === 'unversioned' && (
          <span className="cw-version-note" role="status">
            Unversioned draft: items without a status read as proposed; the first edit makes it version 1.
          </span>
        )}
      </header>
      {live && <DiskProblemBanner />}
      {!live && <RestoreBanner />}
      <RevisionBar />
      {document && !choosingFile && (
        <div className="cw-tabbar">
          <TreeTabs trees={trees} current={tree?.key ?? null} onShow={showTree} />
          {tree && shown && (
            <p className="cw-view-summary" role="status" data-testid="view-summary">
              {view.mode === 'accepted'
                ? `Showing ${shown.tree.nodes.length} of ${plural(tree.nodes.length, 'node')} (accepted only; ${tree.nodes.length - shown.tree.nodes.length} hidden) · ${plural(shown.tree.links.length, 'link')}`
                : view.mode === 'changes'
                  ? change
                    ? `Latest change: ${change.caption}`
                    : 'No accepted change to show for this tree yet'
                  : `${plural(tree.nodes.length, 'node')} · ${plural(tree.links.length, 'link')} · ${plural(tree.backlog.length, 'backlog entry', 'backlog entries')}`}
            </p>
          )}
        </div>
      )}
      <main className="cw-main">
        <section className="cw-canvas-area" id="cw-tree-panel" role="tabpanel" aria-labelledby={tree ? `tab-${tree.key}` : undefined}>
          {choosingFile ? (
            <FolderPicker />
          ) : document && shown ? (
            <>
              <CanvasBoundary key={`${document.fileName}:${shown.tree.key}:${viewName}`} treeName={treeLabel(shown.tree.key)} resetKey={shown.tree}>
                <TreeCanvas
                  tree={shown.tree}
                  allTrees={trees}
                  view={viewName}
                  problems={problems}
                  relayoutGeneration={relayout}
                  editable={editable}
                  change={shown.marks}
                  onAddNodeAt={(at) => setAdding({ tree: shown.tree.key, at })}
                />
              </CanvasBoundary>
              <Legend mode={view.mode} />
            </>
          ) : (
            <div className="cw-empty-state">
              {document
                ? 'This file has no trees to draw.'
                : live
                  ? connection === 'connected'
                    ? `${liveFile?.name ?? 'The file'} cannot be opened yet: it opens here as soon as it reads.`
                    : 'Connecting to the server…'
                  : 'Open a working file (.yaml) or drop one here.'}
            </div>
          )}
        </section>
        {!choosingFile && <SidePanel />}
      </main>
      {adding && (
        <AddNodeDialog
          request={adding}
          onClose={() => setAdding(null)}
          onAdded={(id) => {
            if (adding.at && document && id) pinNode(document.fileName, adding.tree, 'full', id, { x: adding.at.x - 120, y: adding.at.y - 40 });
          }}
        />
      )}
      <NoticeBar />
      {!live && <FileDropZone />}
      <OpenProblemDialog />
    </div>
  );
}
