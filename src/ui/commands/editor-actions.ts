// Every action of the editor in one list: its name, where it belongs, its keys, and whether it
// can run now. The command palette lists them, `?` shows their keys, and the keyboard runs them,
// so a shortcut can never exist without being listed (or the other way round).
import { TREE_KEYS } from '../../format';
import type { DrawableTree } from '../../format';
import { useDocumentStore } from '../../store/document-store';
import { useGroupStore } from '../../store/group/group-store';
import { canvasActions } from '../canvas/canvas-actions';
import { useInPlaceEdit } from '../canvas/in-place-edit';
import { canSaveToFiles } from '../file-access';
import { useLens, type LensState } from '../find/lens-store';
import { NO_FILTERS, isFiltering } from '../find/lens';
import { useInspectorIntent } from '../side/inspector-intent';
import { SECTIONS, SECTION_LABEL } from '../side/side-section';
import { exportDownload, saveDocument, saveDocumentAs } from '../saving';
import { showSidePanel, sidePanelShown, useLayout } from '../shell/layout-store';
import { isNarrow } from '../shell/use-narrow';
import { bringSidePart } from '../shell/bring-side-part';
import { exchangeActions } from '../exchange/exchange-actions';
import { useTheme } from '../theme/theme';
import { treeLabel } from '../words';

export type ActionGroup = 'File' | 'Edit' | 'Selection' | 'View' | 'Find and focus' | 'Trees' | 'Side panel' | 'Help';

export const GROUP_ORDER: ActionGroup[] = ['File', 'Edit', 'Selection', 'View', 'Find and focus', 'Trees', 'Side panel', 'Help'];

export interface EditorAction {
  id: string;
  label: string;
  group: ActionGroup;
  /** Key chords, the first one shown; none for actions reached through the palette or a menu. */
  keys?: string[];
  /** Why it cannot run now, or undefined when it can. */
  unavailable?: string;
  /** A Ctrl chord that runs even while typing in a field. */
  whileTyping?: boolean;
  keywords?: string[];
  /** Listed among the shortcuts only: the keys do it where it applies (the arrow keys). */
  helpOnly?: boolean;
  /** In the palette, but its keys act where they apply (Enter on the selected card), not through the page's shortcuts. */
  keysElsewhere?: boolean;
  run(): void;
}

export interface EditorContext {
  trees: DrawableTree[];
  tree: DrawableTree | undefined;
  /** The working file's full view is showing (not a revision, not another view). */
  editable: boolean;
  readOnly: boolean;
  openFile(): void;
  addNode(link?: { other: string; as: 'cause' | 'effect' }): void;
  /** Lays the tree on screen out afresh (one undo step). */
  tidyUp(): void;
  exportSvg(): void;
  exportPng(): void;
  openSnapshot(): void;
  openPalette(page?: 'link' | 'join'): void;
  openHelp(): void;
  showGuide(): void;
  /** Set when the editor works on a file on disk through `causeway open`. */
  live?: LiveContext;
}

export interface LiveContext {
  fileName: string | undefined;
  /** Opened on a folder: its files can be listed again. */
  inFolder: boolean;
  /** Writes the edits now (they are written a moment after each one anyway). */
  save(): void;
  backToFolder(): void;
}

/** Why nothing can be changed: an observer of a group session, or an earlier revision open. */
function readOnlyWords(): string {
  return useGroupStore.getState().invited === 'observer' ? 'You follow this session as an observer: nothing can be changed from this page.' : 'A revision is open read-only.';
}

export function editorActions(ctx: EditorContext): EditorAction[] {
  const store = useDocumentStore.getState();
  const { document, view, history } = store;
  const selection = view.selection;
  const selectedCount = selection.nodes.length + selection.links.length;
  const single = selectedCount === 1 ? (selection.nodes[0] ?? selection.links[0]) : undefined;
  const singleNode = selectedCount === 1 ? selection.nodes[0] : undefined;
  const noDocument = document ? undefined : 'No file is open.';
  const notEditable = noDocument ?? (ctx.editable ? undefined : ctx.readOnly ? readOnlyWords() : 'Editing happens in the full view; leave Accepted only or Latest change first.');
  const needsNode = notEditable ?? (singleNode ? undefined : 'Select one node first.');
  const needsItem = notEditable ?? (single ? undefined : 'Select one node or link first.');
  const lens = useLens.getState();
  const intent = (what: 'accept' | 'dispute' | 'delete', id: string) => {
    bringSidePart('inspector');
    useInspectorIntent.getState().ask(what, id);
  };
  const canvas = () => canvasActions();

  const actions: EditorAction[] = [
    // File
    ...(ctx.live ? liveFileActions(ctx.live, noDocument) : [
      { id: 'open', label: 'Open a file…', group: 'File' as const, keys: ['Ctrl+O'], whileTyping: true, run: ctx.openFile },
      { id: 'save', label: 'Save', group: 'File' as const, keys: ['Ctrl+S'], whileTyping: true, unavailable: noDocument, run: () => void saveDocument() },
      ...(canSaveToFiles() ? [{ id: 'save-as', label: 'Save as…', group: 'File' as const, keys: ['Ctrl+Shift+S'], whileTyping: true, unavailable: noDocument, run: () => void saveDocumentAs() }] : []),
    ]),
    { id: 'export-yaml', label: 'Export YAML (download the file)', group: 'File', keys: ['Ctrl+E'], whileTyping: true, unavailable: noDocument, run: exportDownload },
    { id: 'export-png', label: 'Export PNG of this tree', group: 'File', keys: ['Ctrl+Shift+E'], whileTyping: true, unavailable: ctx.tree ? undefined : 'No tree to export.', keywords: ['picture', 'image'], run: ctx.exportPng },
    { id: 'export-svg', label: 'Export SVG of this tree', group: 'File', unavailable: ctx.tree ? undefined : 'No tree to export.', keywords: ['picture', 'image', 'vector'], run: ctx.exportSvg },
    ...exchangeActions({ noDocument, tree: ctx.tree }),
    { id: 'print', label: 'Print this tree', group: 'File', keys: ['Ctrl+P'], whileTyping: true, unavailable: ctx.tree ? undefined : 'No tree to print.', run: () => window.print() },
    { id: 'snapshot', label: 'Record a snapshot with a summary…', group: 'File', unavailable: noDocument, keywords: ['history', 'revision'], run: ctx.openSnapshot },

    // Edit
    { id: 'add-node', label: 'New node', group: 'Edit', keys: ['N'], unavailable: notEditable ?? (ctx.tree ? undefined : 'No tree is open.'), run: () => ctx.addNode() },
    { id: 'add-cause', label: 'New node: a cause of the selected node', group: 'Edit', keys: ['C'], unavailable: needsNode, run: () => singleNode && ctx.addNode({ other: singleNode, as: 'cause' }) },
    { id: 'add-effect', label: 'New node: an effect of the selected node', group: 'Edit', keys: ['E'], unavailable: needsNode, run: () => singleNode && ctx.addNode({ other: singleNode, as: 'effect' }) },
    // Enter is the canvas's own key (a focused button keeps its Enter): listed here, handled there.
    { id: 'edit-in-place', label: 'Edit the selected node’s statement on its card (Enter keeps, Shift+Enter new line, Esc cancels; or double-click the card)', group: 'Edit', keys: ['Enter'], keysElsewhere: true, unavailable: needsNode, keywords: ['text', 'rename', 'statement', 'inline'], run: () => singleNode && useInPlaceEdit.getState().start(singleNode) },
    { id: 'link-to', label: 'Link the selected node to…', group: 'Edit', keys: ['L'], unavailable: needsNode, keywords: ['connect', 'arrow'], run: () => ctx.openPalette('link') },
    { id: 'join-link', label: 'Join the selected node to a link as a joint (AND) cause…', group: 'Edit', keys: ['J'], unavailable: needsNode, keywords: ['and', 'joint', 'together'], run: () => ctx.openPalette('join') },
    {
      id: 'accept',
      label: 'Accept the selection…',
      group: 'Edit',
      keys: ['A'],
      unavailable: notEditable ?? (selectedCount ? undefined : 'Select what to accept first.'),
      keywords: ['endorse'],
      run: () => (single ? intent('accept', single) : intent('accept', 'fragment')),
    },
    { id: 'dispute', label: 'Dispute the selected item…', group: 'Edit', keys: ['D'], unavailable: needsItem, keywords: ['object', 'challenge'], run: () => single && intent('dispute', single) },
    { id: 'delete', label: 'Delete the selected item…', group: 'Edit', keys: ['Delete', 'Backspace'], unavailable: needsItem, keywords: ['remove'], run: () => single && intent('delete', single) },
    { id: 'undo', label: history.past.length ? `Undo: ${history.past[history.past.length - 1].label}` : 'Undo', group: 'Edit', keys: ['Ctrl+Z'], whileTyping: true, unavailable: ctx.readOnly ? readOnlyWords() : history.past.length ? undefined : 'Nothing to undo.', run: () => useDocumentStore.getState().undo() },
    { id: 'redo', label: history.future.length ? `Redo: ${history.future[0].label}` : 'Redo', group: 'Edit', keys: ['Ctrl+Shift+Z', 'Ctrl+Y'], whileTyping: true, unavailable: ctx.readOnly ? readOnlyWords() : history.future.length ? undefined : 'Nothing to redo.', run: () => useDocumentStore.getState().redo() },

    // Selection
    { id: 'move-selection', label: 'Move the selection to a connected node', group: 'Selection', keys: ['↑ ↓ ← →'], helpOnly: true, run: () => undefined },
    // Escape lets go of one thing at a time: find, then the filter, then the focus, then the selection.
    (() => {
      const leave = escapeStep(lens, selectedCount > 0);
      return { id: 'clear-selection', label: leave?.label ?? 'Leave find, the filter or the focus; else clear the selection', group: 'Selection' as const, keys: ['Escape'], unavailable: leave ? undefined : 'Nothing is selected.', keywords: ['leave', 'escape', 'find', 'filter', 'focus'], run: () => leave?.run() };
    })(),

    // View
    { id: 'accepted-only', label: view.mode === 'accepted' ? 'Show every item again (leave Accepted only)' : 'Accepted only', group: 'View', keys: ['Shift+A'], unavailable: noDocument, run: () => store.setMode(view.mode === 'accepted' ? 'full' : 'accepted') },
    { id: 'latest-change', label: view.mode === 'changes' ? 'Leave Latest change' : 'Latest change', group: 'View', keys: ['Shift+L'], unavailable: noDocument, run: () => store.setMode(view.mode === 'changes' ? 'full' : 'changes') },
    { id: 'fit', label: 'Fit the tree in view (a tree too big to read whole: the selection, or where it is read from)', group: 'View', keys: ['F'], unavailable: ctx.tree ? undefined : 'No tree is open.', run: () => canvas()?.fitView() },
    { id: 'zoom-in', label: 'Zoom in', group: 'View', keys: ['+', '='], run: () => canvas()?.zoomIn() },
    { id: 'zoom-out', label: 'Zoom out', group: 'View', keys: ['-'], run: () => canvas()?.zoomOut() },
    {
      id: 'fold',
      label: 'Fold or unfold the selected card’s branch (what leads into it)',
      group: 'View',
      keys: ['B'],
      unavailable: singleNode ? (ctx.tree?.links.some((l) => l.to === singleNode && l.from.some((id) => id !== singleNode)) ? undefined : 'Nothing leads into the selected card: there is no branch to fold.') : 'Select one card first.',
      keywords: ['collapse', 'expand', 'hide', 'branch'],
      run: () => singleNode && canvas()?.toggleFold(singleNode),
    },
    { id: 'tidy-up', label: 'Tidy up: lay this tree out afresh (Undo puts the cards back)', group: 'View', unavailable: ctx.tree ? undefined : 'No tree is open.', keywords: ['layout', 're-layout', 'arrange', 'auto'], run: ctx.tidyUp },
    { id: 'theme', label: useTheme.getState().theme === 'dark' ? 'Light mode' : 'Dark mode', group: 'View', keywords: ['theme', 'colour', 'color', 'night'], run: () => useTheme.getState().toggle() },
    ...(useTheme.getState().choice !== 'system' ? [{ id: 'theme-system', label: 'Follow the system’s light or dark setting', group: 'View' as const, keywords: ['theme'], run: () => useTheme.getState().choose('system') }] : []),

    // Find and focus
    { id: 'find', label: 'Find text in every tree', group: 'Find and focus', keys: ['Ctrl+F', '/'], whileTyping: true, keywords: ['search'], run: () => lens.openFind() },
    {
      id: 'focus',
      label: lens.focus ? 'Stop focusing (show every item)' : 'Focus on the selection (dim the rest)',
      group: 'Find and focus',
      keys: ['Shift+F'],
      unavailable: lens.focus ? undefined : selectedCount && ctx.tree ? undefined : 'Select a node to focus on first.',
      keywords: ['strand', 'neighbours', 'causes', 'effects'],
      run: () => (lens.focus ? lens.setFocus(null) : ctx.tree && lens.setFocus({ tree: ctx.tree.key, ids: [...selection.nodes, ...selection.links], steps: 1 })),
    },
    {
      id: 'filter',
      label: 'Filter by status, kind, contributor or backlog work',
      group: 'Find and focus',
      keywords: ['dim'],
      run: () => lens.openFilters(),
    },

    // Trees
    ...TREE_KEYS.map((key, index) => ({
      id: `tree-${key}`,
      label: `Show the ${treeLabel(key)}`,
      group: 'Trees' as const,
      keys: [String(index + 1)],
      unavailable: ctx.trees.some((t) => t.key === key) ? undefined : `This file has no ${treeLabel(key)}; add it in the Trees part of the side panel.`,
      run: () => store.showTree(key),
    })),

    // Side panel
    {
      id: 'side-panel',
      label: sidePanelShown(useLayout.getState(), isNarrow()) ? 'Hide the side panel (more room for the diagram)' : 'Show the side panel',
      group: 'Side panel',
      keywords: ['inspector', 'collapse', 'fold', 'room', 'sheet'],
      run: () => showSidePanel(!sidePanelShown(useLayout.getState(), isNarrow()), isNarrow()),
    },
    ...SECTIONS.map((section) => ({
      id: `side-${section}`,
      label: `Side panel: ${SECTION_LABEL[section]}`,
      group: 'Side panel' as const,
      unavailable: noDocument,
      run: () => {
        bringSidePart(section);
      },
    })),

    // Help
    { id: 'palette', label: 'Command palette', group: 'Help', keys: ['Ctrl+K'], whileTyping: true, run: () => ctx.openPalette() },
    { id: 'help', label: 'Keyboard shortcuts', group: 'Help', keys: ['?'], run: ctx.openHelp },
    { id: 'guide', label: 'Show the first-run guide again', group: 'Help', keywords: ['tour', 'welcome', 'tutorial'], run: ctx.showGuide },
  ];
  return actions;
}

/** What Escape leaves now, innermost first; undefined when there is nothing to leave. */
function escapeStep(lens: LensState, selected: boolean): { label: string; run(): void } | undefined {
  if (lens.finding) return { label: 'Close find', run: () => lens.closeFind() };
  if (isFiltering(lens.filters)) return { label: 'Clear the filter', run: () => lens.setFilters(NO_FILTERS) };
  if (lens.focus) return { label: 'Stop focusing', run: () => lens.setFocus(null) };
  if (selected) return { label: 'Clear the selection', run: () => useDocumentStore.getState().select({ nodes: [], links: [] }) };
  return undefined;
}

/** The file actions of a file on disk: it is written by itself, and it is the only file here. */
function liveFileActions(live: LiveContext, noDocument: string | undefined): EditorAction[] {
  const elsewhere = `This window edits ${live.fileName ?? 'a file'} on disk${live.inFolder ? '; Files… lists the others in its folder' : '; run causeway open on another file to edit it'}.`;
  return [
    { id: 'open', label: 'Open a file…', group: 'File', keys: ['Ctrl+O'], whileTyping: true, unavailable: elsewhere, run: () => undefined },
    { id: 'save', label: 'Save now (edits are written to the file by themselves)', group: 'File', keys: ['Ctrl+S'], whileTyping: true, unavailable: noDocument, run: live.save },
    ...(live.inFolder ? [{ id: 'files', label: "The folder's working files…", group: 'File' as const, keywords: ['folder', 'list', 'choose'], run: live.backToFolder }] : []),
  ];
}
