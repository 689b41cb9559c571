// The editor's frame: toolbar, tree tabs, the canvas, and the side panel.
import { useEffect, useMemo, useRef, useState } from 'react';
import { acceptedView } from '../format/read';
import { useDocumentStore } from '../store/document-store';
import { TreeCanvas, resetTreeLayout } from './canvas/TreeCanvas';
import { downloadText } from './download';
import { FileDropZone } from './FileDropZone';
import { Legend } from './Legend';
import { OpenControl } from './OpenControl';
import { OpenProblemDialog } from './OpenProblemDialog';
import { SidePanel } from './side/SidePanel';
import { TreeTabs } from './TreeTabs';
import { problemsByItem } from './diagnostic-target';
import { plural } from './words';

export function App() {
  const document = useDocumentStore((s) => s.document);
  const view = useDocumentStore((s) => s.view);
  const showTree = useDocumentStore((s) => s.showTree);
  const setAcceptedOnly = useDocumentStore((s) => s.setAcceptedOnly);
  const exportText = useDocumentStore((s) => s.exportText);
  const openInput = useRef<HTMLInputElement>(null);
  const [relayout, setRelayout] = useState(0);

  const exportFile = () => {
    const text = exportText();
    if (text !== null && document) downloadText(document.fileName, text);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'o') {
        event.preventDefault();
        openInput.current?.click();
      } else if (key === 's') {
        event.preventDefault();
        exportFile();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const tree = document?.trees.find((t) => t.key === view.tree);
  const shownTree = useMemo(() => (tree && view.acceptedOnly ? acceptedView(tree) : tree), [tree, view.acceptedOnly]);
  const problems = useMemo(() => (document ? problemsByItem(document.diagnostics, document.trees) : new Map<string, string[]>()), [document]);
  const viewName = view.acceptedOnly ? 'accepted' : 'full';

  return (
    <div className="cw-app">
      <header className="cw-toolbar">
        <h1 className="cw-brand">Causeway</h1>
        {document && (
          <span className="cw-file-name" title="Open file">
            {document.fileName}
          </span>
        )}
        <div className="cw-toolbar-group">
          <OpenControl ref={openInput} />
          <button type="button" className="cw-button" onClick={exportFile} disabled={!document} title="Download the file as YAML (Ctrl+S)">
            Export YAML
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
            Unversioned draft: items without a status read as proposed.
          </span>
        )}
      </header>
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
              <TreeCanvas key={`${document.fileName}:${shownTree.key}:${viewName}`} tree={shownTree} allTrees={document.trees} view={viewName} problems={problems} relayoutGeneration={relayout} />
              <Legend />
            </>
          ) : (
            <div className="cw-empty-state">{document ? 'This file has no trees to draw.' : 'Open a working file (.yaml) or drop one here.'}</div>
          )}
        </section>
        <SidePanel />
      </main>
      <FileDropZone />
      <OpenProblemDialog />
    </div>
  );
}
