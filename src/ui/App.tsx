// The editor's frame: toolbar, tree tabs, the canvas, and the side panel.
import { useEffect, useMemo, useRef, useState } from 'react';
import { acceptedView } from '../format/read';
import { hasUnsavedChanges, useDocumentStore } from '../store/document-store';
import { AddNodeDialog, type AddNodeRequest } from './AddNodeDialog';
import { TreeCanvas, pinNode, resetTreeLayout } from './canvas/TreeCanvas';
import { problemsByItem } from './diagnostic-target';
import { FileDropZone } from './FileDropZone';
import { Legend } from './Legend';
import { NoticeBar } from './NoticeBar';
import { OpenControl } from './OpenControl';
import { OpenProblemDialog } from './OpenProblemDialog';
import { RestoreBanner } from './RestoreBanner';
import { SidePanel } from './side/SidePanel';
import { TreeTabs } from './TreeTabs';
import { exportDownload, saveDocument } from './saving';
import { useShortcuts } from './use-shortcuts';
import { plural } from './words';

export function App() {
  const document = useDocumentStore((s) => s.document);
  const view = useDocumentStore((s) => s.view);
  const history = useDocumentStore((s) => s.history);
  const unsaved = useDocumentStore(hasUnsavedChanges);
  const showTree = useDocumentStore((s) => s.showTree);
  const setAcceptedOnly = useDocumentStore((s) => s.setAcceptedOnly);
  const undo = useDocumentStore((s) => s.undo);
  const redo = useDocumentStore((s) => s.redo);
  const openInput = useRef<HTMLInputElement>(null);
  const [relayout, setRelayout] = useState(0);
  const [adding, setAdding] = useState<AddNodeRequest | null>(null);

  const tree = document?.trees.find((t) => t.key === view.tree);
  const shownTree = useMemo(() => (tree && view.acceptedOnly ? acceptedView(tree) : tree), [tree, view.acceptedOnly]);
  const problems = useMemo(() => (document ? problemsByItem(document.diagnostics, document.trees) : new Map<string, string[]>()), [document]);
  const viewName = view.acceptedOnly ? 'accepted' : 'full';

  useShortcuts({
    open: () => openInput.current?.click(),
    exportFile: exportDownload,
    addNode: () => tree && setAdding({ tree: tree.key }),
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

  return (
    <div className="cw-app">
      <header className="cw-toolbar">
        <h1 className="cw-brand">Causeway</h1>
        {document && (
          <span className="cw-file-name" title={unsaved ? 'Open file — changes not exported yet' : 'Open file'}>
            {document.fileName}
            {unsaved && (
              <span className="cw-unsaved" aria-label="unsaved changes">
                {' '}
                ● unsaved
              </span>
            )}
          </span>
        )}
        <div className="cw-toolbar-group">
          <OpenControl ref={openInput} />
          <button type="button" className="cw-button" onClick={() => void saveDocument()} disabled={!document} title="Save back to the file (download where the browser cannot write files)">
            Save
          </button>
          <button type="button" className="cw-button" onClick={exportDownload} disabled={!document} title="Download the file as YAML (Ctrl+S)">
            Export YAML
          </button>
        </div>
        <div className="cw-toolbar-group">
          <button type="button" className="cw-button" onClick={undo} disabled={!lastUndo} title={lastUndo ? `Undo: ${lastUndo} (Ctrl+Z)` : 'Nothing to undo'} aria-label="Undo">
            ↶ Undo
          </button>
          <button type="button" className="cw-button" onClick={redo} disabled={!nextRedo} title={nextRedo ? `Redo: ${nextRedo} (Ctrl+Shift+Z)` : 'Nothing to redo'} aria-label="Redo">
            ↷ Redo
          </button>
          <button type="button" className="cw-button" onClick={() => tree && setAdding({ tree: tree.key })} disabled={!tree} title="Add a node to this tree (N, or double-click the canvas)">
            + Add node
          </button>
        </div>
        <div className="cw-toolbar-group">
          <button
            type="button"
            className="cw-button cw-toggle"
            aria-pressed={view.acceptedOnly}
            disabled={!document}
            onClick={() => setAcceptedOnly(!view.acceptedOnly)}
            title="Show only accepted nodes and the accepted links between them"
          >
            Accepted only
          </button>
          <button
            type="button"
            className="cw-button"
            disabled={!shownTree}
            onClick={() => {
              if (!document || !shownTree) return;
              resetTreeLayout(document.fileName, shownTree.key, viewName);
              setRelayout((n) => n + 1);
            }}
            title="Lay this tree out again, forgetting where nodes were dragged"
          >
            Re-layout
          </button>
        </div>
        {document?.version.kind === 'unversioned' && (
          <span className="cw-version-note" role="status">
            Unversioned draft: items without a status read as proposed; the first edit makes it version 1.
          </span>
        )}
      </header>
      <RestoreBanner />
      {document && (
        <div className="cw-tabbar">
          <TreeTabs trees={document.trees} current={view.tree} onShow={showTree} />
          {tree && shownTree && (
            <p className="cw-view-summary" role="status" data-testid="view-summary">
              {view.acceptedOnly
                ? `Showing ${shownTree.nodes.length} of ${plural(tree.nodes.length, 'node')} (accepted only; ${tree.nodes.length - shownTree.nodes.length} hidden) · ${plural(shownTree.links.length, 'link')}`
                : `${plural(tree.nodes.length, 'node')} · ${plural(tree.links.length, 'link')} · ${plural(tree.backlog.length, 'backlog entry', 'backlog entries')}`}
            </p>
          )}
        </div>
      )}
      <main className="cw-main">
        <section className="cw-canvas-area" id="cw-tree-panel" role="tabpanel" aria-labelledby={view.tree ? `tab-${view.tree}` : undefined}>
          {document && shownTree && tree ? (
            <>
              <TreeCanvas
                key={`${document.fileName}:${shownTree.key}:${viewName}`}
                tree={shownTree}
                allTrees={document.trees}
                view={viewName}
                problems={problems}
                relayoutGeneration={relayout}
                editable={!view.acceptedOnly}
                onAddNodeAt={(at) => setAdding({ tree: shownTree.key, at })}
              />
              <Legend />
            </>
          ) : (
            <div className="cw-empty-state">{document ? 'This file has no trees to draw.' : 'Open a working file (.yaml) or drop one here.'}</div>
          )}
        </section>
        <SidePanel />
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
      <FileDropZone />
      <OpenProblemDialog />
    </div>
  );
}
