// The editor's frame: toolbar, tree tabs, the canvas (working file or a revision, in the full,
// accepted-only or latest-change view), and the side panel.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { acceptedView, readTrees, type DrawableTree } from '../format';
import { hasUnsavedChanges, useDocumentStore } from '../store/document-store';
import { useHistoryStore } from '../store/history-store';
import { backToFolder, flushWrites } from '../store/live/live-sync';
import { useLiveStore } from '../store/live/live-store';
import { AddNodeDialog, type AddNodeRequest } from './AddNodeDialog';
import { CanvasBoundary } from './canvas/CanvasBoundary';
import { TreeCanvas, pinNode, prepareTidyUp } from './canvas/TreeCanvas';
import { changeDrawing, type ChangeMarks } from './canvas/change-tree';
import { problemsByItem, sameProblems } from './diagnostic-target';
import { CommandPalette, type PalettePage } from './commands/CommandPalette';
import { editorActions, type EditorAction } from './commands/editor-actions';
import { ShortcutHelp } from './commands/ShortcutHelp';
import { exportTreePng, exportTreeSvg } from './export-svg';
import { FindBar } from './find/FindBar';
import { ModeBar } from './find/ModeBar';
import { useLens } from './find/lens-store';
import { useLensDerivation } from './find/use-lens-derivation';
import { FirstRunGuide } from './guide/FirstRunGuide';
import { useGuide } from './guide/guide-store';
import { useTheme } from './theme/theme';
import { Toolbar } from './toolbar/Toolbar';
import { FileDropZone } from './FileDropZone';
import { changeToShow } from './latest-change';
import { Legend } from './Legend';
import { DiskProblemBanner } from './live/DiskProblemBanner';
import { FolderPicker } from './live/FolderPicker';
import { LiveAccessMessage } from './live/LiveAccessMessage';
import './live/live.css';
import './group/group.css';
import { PresenceStrip } from './group/PresenceStrip';
import { PresenceOutlines } from './group/PresenceOutlines';
import { TypingTracker } from './group/TypingTracker';
import { ObserverPanel } from './group/ObserverPanel';
import { useGroupStore } from '../store/group/group-store';
import { NoticeBar } from './NoticeBar';
import { OpenProblemDialog } from './OpenProblemDialog';
import { JoinQuestionDialog } from './join/JoinQuestionDialog';
import { ImportReportDialog } from './exchange/ImportReportDialog';
import { PresentationMode } from './present/PresentationMode';
import { FollowPrompt } from './present/FollowPrompt';
import { RestoreBanner } from './RestoreBanner';
import { RevisionBar } from './RevisionBar';
import { SidePanel } from './side/SidePanel';
import { CanvasFoot } from './shell/CanvasFoot';
import { MinimapSlot } from './shell/minimap-slot';
import { SideColumn } from './shell/SideColumn';
import { useLayout } from './shell/layout-store';
import './shell/shell.css';
import { TreeTabs } from './TreeTabs';
import { useShortcuts } from './use-shortcuts';
import { useAfterPaint } from './timing/use-after-paint';
import { plural, treeLabel } from './words';

const NO_PROBLEMS = new Map<string, string[]>();

/** Ctrl+S on a file on disk: write now, and say so. */
function saveNow(): void {
  void flushWrites().then((written) => {
    const save = useLiveStore.getState().save;
    const name = useLiveStore.getState().file?.name ?? 'the file';
    useDocumentStore.getState().say(written ? 'info' : 'refusal', written ? `Saved to ${name}.` : `Not saved: ${save.kind === 'unsaved' ? save.reason : 'the file could not be written'}.`);
  });
}

export function App() {
  const document = useDocumentStore((s) => s.document);
  const view = useDocumentStore((s) => s.view);
  const showTree = useDocumentStore((s) => s.showTree);
  // The action list reads these: the palette and the menu follow them.
  useDocumentStore((s) => s.history);
  useLens((s) => s.focus);
  useTheme((s) => s.theme);
  useLayout((s) => `${s.sideCollapsed} ${s.sheetOpen}`);
  const snapshots = useHistoryStore((s) => s.snapshots);
  // Served by `causeway open`: the file on disk is the document, written as it is edited.
  const live = useLiveStore((s) => s.active);
  const liveFile = useLiveStore((s) => s.file);
  const inFolder = useLiveStore((s) => s.folder !== null);
  const connection = useLiveStore((s) => s.connection);
  const noWayIn = useLiveStore((s) => s.active && (s.access !== 'ok' || s.restarted) && s.connection !== 'connected');
  const choosingFile = useLiveStore((s) => s.active && s.mode === 'folder');
  const openInput = useRef<HTMLInputElement>(null);
  const [relayout, setRelayout] = useState(0);
  const [adding, setAdding] = useState<AddNodeRequest | null>(null);
  const [palette, setPalette] = useState<PalettePage | null>(null);
  const [help, setHelp] = useState(false);
  const [snapshotOpen, setSnapshotOpen] = useState(false);
  const [minimapSlot, setMinimapSlot] = useState<HTMLElement | null>(null);

  // What the canvas shows: the working file, or a revision of its history (read-only).
  const revision = view.revision !== null ? snapshots[view.revision - 1] : undefined;
  const data = revision ? revision.data : document?.data;
  const trees: DrawableTree[] = useMemo(() => (revision ? readTrees(revision.data) : (document?.trees ?? [])), [revision, document?.trees]);
  // An observer follows the group session: every editing control is hidden (the server refuses anyway).
  const observer = useGroupStore((s) => s.invited === 'observer');
  const readOnly = revision !== undefined || observer;
  const tree = trees.find((t) => t.key === view.tree) ?? trees[0];
  // The toolbar's toggle shows pressed at once; the canvas for the other view is drawn just after
  // that paint. A file just opened is drawn in its own mode straight away.
  const mode = useAfterPaint(view.mode, { key: document?.base });

  const change = useMemo(
    () => (tree && mode === 'changes' ? changeToShow(tree.key, snapshots, document?.data, view.revision) : undefined),
    [tree, mode, snapshots, document?.data, view.revision],
  );
  const shown = useMemo((): { tree: DrawableTree; marks?: ChangeMarks } | undefined => {
    if (!tree) return undefined;
    if (mode === 'accepted') return { tree: acceptedView(tree) };
    if (mode === 'changes') {
      if (!change) return { tree: { ...tree, nodes: [], links: [], backlog: [] }, marks: { marks: new Map(), previous: new Map(), wasOf: new Map() } };
      const drawing = changeDrawing(tree.key, change.before, change.after);
      return { tree: drawing.tree, marks: drawing };
    }
    return { tree };
  }, [tree, mode, change]);
  const diagnostics = document?.diagnostics;
  const documentTrees = document?.trees;
  const foundProblems = useMemo(() => (diagnostics && documentTrees && !readOnly ? problemsByItem(diagnostics, documentTrees) : NO_PROBLEMS), [diagnostics, documentTrees, readOnly]);
  // The same map while the problems are the same: the diagnostics placed again after each edit
  // (or someone else's) mostly find what they found before, and the canvas need not be rebuilt.
  const keptProblems = useRef(foundProblems);
  if (!sameProblems(keptProblems.current, foundProblems)) keptProblems.current = foundProblems;
  const problems = keptProblems.current;
  const viewName = `${revision ? `r${revision.revision}-` : ''}${mode}`;
  const editable = !readOnly && mode === 'full';
  useLensDerivation(shown?.tree, trees);

  const doTidyUp = useCallback(() => {
    if (!document || !shown) return;
    prepareTidyUp(shown.tree.key, viewName);
    setRelayout((n) => n + 1);
  }, [document, shown, viewName]);
  const pictureChange = mode === 'changes' ? change : undefined;
  const exportSvg = () => {
    if (!document || !tree) return;
    try {
      exportTreeSvg(document.fileName, tree.key, data, pictureChange);
    } catch (error) {
      useDocumentStore.getState().say('refusal', `The ${treeLabel(tree.key)} could not be drawn as SVG (${error instanceof Error ? error.message : String(error)}); the rest of the file is unaffected.`);
    }
  };
  const exportPng = () => {
    if (!document || !tree) return;
    exportTreePng(document.fileName, tree.key, data, pictureChange).catch((error: unknown) =>
      useDocumentStore.getState().say('refusal', `The PNG could not be made: ${error instanceof Error ? error.message : String(error)}`),
    );
  };

  const actions = (): EditorAction[] =>
    editorActions({
      trees,
      tree,
      editable,
      readOnly,
      openFile: () => openInput.current?.click(),
      addNode: (link) => tree && setAdding({ tree: tree.key, ...(link ? { link } : {}) }),
      tidyUp: doTidyUp,
      exportSvg,
      exportPng,
      openSnapshot: () => setSnapshotOpen(true),
      openPalette: (page) => setPalette(page ?? 'actions'),
      openHelp: () => setHelp(true),
      showGuide: () => useGuide.getState().request(),
      ...(live ? { live: { fileName: liveFile?.name, inFolder, save: saveNow, backToFolder: () => void backToFolder() } } : {}),
    });
  useShortcuts(actions);
  const list = actions();

  // Closing the tab with work that was not exported or saved asks first (live: not written yet).
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges(useDocumentStore.getState())) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return (
    <div className="cw-app">
      <Toolbar actions={list} openInput={openInput} snapshotOpen={snapshotOpen} onSnapshotOpen={setSnapshotOpen} />
      {live ? <DiskProblemBanner /> : <RestoreBanner />}
      <PresenceStrip />
      <FollowPrompt />
      <PresenceOutlines />
      <TypingTracker />
      <RevisionBar />
      {document && !choosingFile && (
        <div className="cw-tabbar">
          <TreeTabs trees={trees} current={tree?.key ?? null} onShow={showTree} />
          {document.version.kind === 'unversioned' && (
            <span className="cw-version-note" role="status" title="Items without a status read as proposed; the first edit makes it version 1.">
              Unversioned draft<span className="cw-visually-hidden">: items without a status read as proposed; the first edit makes it version 1.</span>
            </span>
          )}
          {tree && shown && (
            <p className="cw-view-summary" role="status" data-testid="view-summary">
              {mode === 'accepted'
                ? `Showing ${shown.tree.nodes.length} of ${plural(tree.nodes.length, 'node')} (accepted only; ${tree.nodes.length - shown.tree.nodes.length} hidden) · ${plural(shown.tree.links.length, 'link')}`
                : mode === 'changes'
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
              <h2 className="cw-print-title">
                {document.fileName} — {treeLabel(shown.tree.key)}
                {mode === 'accepted' ? ' (accepted only)' : mode === 'changes' ? ' (latest change)' : ''}
                {revision ? `, revision ${revision.revision}` : ''}
              </h2>
              <ModeBar mode={mode} tree={tree} shown={shown.tree} />
              <div className="cw-canvas-stage">
                <div className="cw-canvas-overlays">
                  <FindBar trees={trees} tree={shown.tree} />
                </div>
                <MinimapSlot.Provider value={minimapSlot}>
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
                </MinimapSlot.Provider>
              </div>
              <CanvasFoot legend={<Legend mode={mode} />} onSlot={setMinimapSlot} />
            </>
          ) : (
            <div className="cw-empty-state">
              {document
                ? 'This file has no trees to draw.'
                : live
                  ? noWayIn
                    ? <LiveAccessMessage />
                    : connection === 'connected'
                      ? `${liveFile?.name ?? 'The file'} cannot be opened yet: it opens here as soon as it reads.`
                      : 'Connecting to the server…'
                  : 'Open a working file (.yaml) or drop one here.'}
            </div>
          )}
          {/* Over the canvas, never over the side panel: a message must not cover the controls that answer it. */}
          <NoticeBar />
        </section>
        {!choosingFile && (
          <SideColumn>
            <FirstRunGuide />
            {observer ? <ObserverPanel /> : <SidePanel />}
          </SideColumn>
        )}
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
      {palette && <CommandPalette actions={list} page={palette} onClose={() => setPalette(null)} />}
      {help && <ShortcutHelp actions={list} onClose={() => setHelp(false)} />}
      {!live && <FileDropZone />}
      <OpenProblemDialog />
      <JoinQuestionDialog />
      <ImportReportDialog />
      <PresentationMode />
    </div>
  );
}

