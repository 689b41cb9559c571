// The open document and how it is being looked at. Viewing (tabs, selection, the accepted-only
// switch) lives apart from the document's data, so looking never changes what is exported.
// Every change to the data goes through `edit`, which runs a pure operation of src/format,
// records the step for undo and keeps the diagnostics current.
import { create } from 'zustand';
import {
  deepEqual,
  diagnoseData,
  openWorkingFile,
  saveWorkingFile,
  type Diagnostic,
  type Json,
  type SaveBase,
  type TreeKey,
  type VersionState,
  type WorkingFile,
  isObject,
  prepareEdits,
  prepareEditsOfErrorFree,
  readyNewIds,
  type EditResult,
  listOf,
  treeEntries,
  readTrees,
  type DrawableTree,
  type OpenedFile,
} from '../format';
import { EMPTY_HISTORY, recordEdit, recordOthersChange, recordViewChange, redoStep, stepsBackTo, undoStep, type History, type ViewChange } from './history';
import { placeDiagnostics, placeDiagnosticsLater, type PlacedDiagnostics } from './placed-diagnostics';
import { whenIdle } from './when-idle';
import { afterPicture, awaitPicture } from './after-picture';
import { openedText, primeOpened } from './worker-client';

export interface OpenDocument {
  fileName: string;
  /** What the file looked like when opened: saving patches it so comments survive. */
  base: SaveBase | null;
  data: Json;
  version: VersionState;
  diagnostics: Diagnostic[];
  /** Derived from data: the trees present, in canonical order. */
  trees: DrawableTree[];
  /** The data as last exported or saved (or as opened): what "unsaved changes" compares with. */
  savedData: Json;
}

export interface OpenProblem {
  fileName: string;
  summary: string;
  diagnostics: Diagnostic[];
}

export interface Selection {
  nodes: string[];
  links: string[];
}

/** A request to bring an item into view; the nonce makes a repeated request count again. */
export interface FocusRequest {
  id: string;
  nonce: number;
  /** Move the view only when the item is not already in sight (a node just added). */
  onlyIfHidden?: boolean;
}

/** Full (every item with its status), accepted only, or the tree's latest accepted change. */
export type ViewMode = 'full' | 'accepted' | 'changes';

export interface ViewState {
  tree: TreeKey | null;
  mode: ViewMode;
  /** A revision of the history shown read-only instead of the working file, or null. */
  revision: number | null;
  selection: Selection;
  focus: FocusRequest | null;
}

/** What the last action told the user: side effects, or why it was refused. */
export interface Notice {
  tone: 'info' | 'refusal';
  text: string;
  nonce: number;
  /** A follow-up the user can take from the message itself; `keep` leaves the message up (Show next). */
  action?: { label: string; run(): void | 'keep' };
}

/** Items that just changed on disk, marked on the canvas for a moment. */
export interface RecentChanges {
  ids: ReadonlySet<string>;
  nonce: number;
}

/** Content that came from the file on disk (read afresh, or merged with edits not yet written). */
export interface DiskContent {
  /** The text on disk it is based on: saving patches this text, so its comments stay. Absent: unchanged. */
  base?: SaveBase;
  data: Json;
  /** What counts as written: the disk's data (equal to `data` unless edits still wait to be written). */
  savedData: Json;
  /** Node and link ids whose content changed, to mark them. */
  changed: readonly string[];
  notice?: string;
  /**
   * The diagnostics of `data` when it is exactly what `base` reads as (taken from disk as it is):
   * reading the text placed them already, so they are not placed again off the main thread.
   */
  placed?: PlacedDiagnostics;
  /** This person's own edit, as the session corrected it (its credit): checked as their edits are, not as others' changes. */
  own?: boolean;
}

export interface EditContext {
  /** Ids never to give a new item: every id this document has had, deleted ones included. */
  avoid: ReadonlySet<string>;
}

export interface EditOptions {
  /** Edits with the same key in quick succession are one undo step (typing in one field). */
  coalesce?: string;
  /** Select what the edit created (the default) or leave the selection alone. */
  selectCreated?: boolean;
}

export interface DocumentStore {
  document: OpenDocument | null;
  view: ViewState;
  openProblem: OpenProblem | null;
  history: History;
  notice: Notice | null;
  recentChanges: RecentChanges | null;
  /** Counts the documents opened or restored: a card measured for one is not taken for another's. */
  openings: number;
  /**
   * Opens text as the current document; on failure the open document stays as it was. `opened`:
   * the text already read (off the main thread: read-off-thread.ts).
   */
  openText(text: string, fileName: string, opened?: OpenedFile): boolean;
  /** Reopens autosaved work: the original text (for comments) and the data as it was left. */
  restoreText(baseText: string | null, data: Json, savedData: Json, fileName: string): boolean;
  /** A file that could not even be read as text: say so, change nothing else. */
  reportUnreadable(fileName: string, message: string): void;
  dismissOpenProblem(): void;
  showTree(tree: TreeKey): void;
  setMode(mode: ViewMode): void;
  showRevision(revision: number | null): void;
  select(selection: Selection): void;
  /** Switches to the tree holding `id` (if needed), selects it and centres it. */
  focusItem(id: string): void;
  /** Runs a named edit; a refusal leaves the document as it was and is shown as a notice. */
  edit(label: string, change: (file: WorkingFile, context: EditContext) => EditResult, options?: EditOptions): EditResult;
  undo(): void;
  redo(): void;
  /** Records a change to the drawing (cards moved, Tidy up) as one undo step; `view` has been applied. */
  recordViewChange(label: string, view: ViewChange): void;
  /** The next edit starts a step of its own (a field just got the keyboard). */
  sealHistory(): void;
  /**
   * Goes back to the state `before` when only edits named in `labels` came since (a field's own
   * typing), leaving them to redo, and keeping what others changed meanwhile; false, changing
   * nothing, when other work of this person's came in between.
   */
  rewindTo(before: Json, labels: ReadonlySet<string>): boolean;
  say(tone: Notice['tone'], text: string, action?: Notice['action']): void;
  dismissNotice(): void;
  exportText(): string | null;
  /** The current data was written somewhere (exported or saved). */
  markSaved(): void;
  /**
   * Puts content from disk (or from the group) in place of the open document's data, keeping the
   * tab, selection and view; not an undo step of this person's (see history.ts). Nothing happens
   * when no document is open.
   */
  replaceFromDisk(content: DiskContent): void;
  /** `savedData` was written to disk as `base`'s text: saving patches that text from now on. */
  rebase(base: SaveBase, savedData: Json): void;
}

const EMPTY_SELECTION: Selection = { nodes: [], links: [] };
/** How long items that changed on disk stay marked. */
export const RECENT_CHANGE_MS = 4000;
/** Below this many nodes and links, diagnostics and checks run at every edit, on this thread. */
export const SMALL_DOCUMENT_ITEMS = 400;
/** How long changes from elsewhere must pause before their diagnostics are placed. */
export const OUTSIDE_PAUSE_MS = 1000;

/** The nodes and links of the open document: what the work an edit starts grows with. */
export function itemCount(document: Pick<OpenDocument, 'trees'> | null | undefined): number {
  return document?.trees.reduce((sum, t) => sum + t.nodes.length + t.links.length, 0) ?? 0;
}
let nonce = 0;
/** Every id seen in the open document during this session: new items never reuse one. */
let seenIds = new Set<string>();
/** Lists and items whose ids are in seenIds already: an edit adds only the ids of what it changed. */
let seenItems = new WeakSet<object>();

function rememberIds(data: Json): void {
  if (!isObject(data)) return;
  for (const [, tree] of treeEntries(data as WorkingFile)) {
    for (const list of [listOf(tree, 'nodes'), listOf(tree, 'links')]) {
      if (seenItems.has(list)) continue;
      for (const item of list) {
        if (!isObject(item) || seenItems.has(item)) continue;
        if (typeof item.id === 'string') seenIds.add(item.id);
        seenItems.add(item);
      }
      seenItems.add(list);
    }
  }
}

function forgetIds(): void {
  seenIds = new Set();
  seenItems = new WeakSet();
}

/** The document's diagnostics and version as placed (a text that cannot be read keeps the version known). */
function placedFields(document: OpenDocument, placed: PlacedDiagnostics): Pick<OpenDocument, 'diagnostics' | 'version'> {
  return { diagnostics: placed.diagnostics, version: placed.version.kind === 'unreadable' ? document.version : placed.version };
}

/** What new ids are made from, worked out once the picture is shown and the page is idle: not at the first item added. */
function readyNewIdsWhenIdle(data: Json): void {
  if (!isObject(data)) return;
  afterPicture(() =>
    whenIdle(() => {
      if (useDocumentStore.getState().document?.data === data) readyNewIds(data as WorkingFile, seenIds);
    }),
  );
}

/** Restored work, or a file read in a worker that found errors in it, is validated for edits when the editor is idle, not on its first keystroke. */
function prepareEditsWhenIdle(data: Json): void {
  if (!isObject(data)) return;
  const prepare = () => {
    if (useDocumentStore.getState().document?.data === data) prepareEdits(data as WorkingFile);
  };
  whenIdle(prepare);
}

export const useDocumentStore = create<DocumentStore>((set, get) => {
  /** Puts new data in place: trees, diagnostics, a valid tab and selection. */
  const applyData = (data: Json, extra: Partial<DocumentStore> = {}, placed?: PlacedDiagnostics, fields: Partial<OpenDocument> = {}, outside = false) => {
    const document = get().document;
    if (!document) return;
    rememberIds(data);
    const trees = readTrees(data);
    const view = get().view;
    const tree = trees.some((t) => t.key === view.tree) ? view.tree : (trees[0]?.key ?? null);
    const exists = (id: string) => trees.some((t) => t.nodes.some((n) => n.id === id) || t.links.some((l) => l.id === id));
    // The same selection object while all of it still exists: a change elsewhere is not a new selection.
    const kept = { nodes: view.selection.nodes.filter(exists), links: view.selection.links.filter(exists) };
    const selection = kept.nodes.length === view.selection.nodes.length && kept.links.length === view.selection.links.length ? view.selection : kept;
    set({ document: { ...document, ...fields, data, trees, ...(placed ? placedFields(document, placed) : {}) }, view: { ...view, tree, selection }, ...extra });
    if (placed) cancelDiagnostics();
    else scheduleDiagnostics(outside);
  };

  // Diagnostics name lines of the text an export would write (that takes a save and a parse).
  // A small file is checked as soon as the edit is painted; a large one after a pause in editing,
  // off the main thread, so typing never waits for it.
  let diagnosticsTimer: ReturnType<typeof setTimeout> | undefined;
  const showPlaced = (data: Json, placed: PlacedDiagnostics) => {
    const document = get().document;
    if (!document || document.data !== data) return; // edited again meanwhile: a newer check follows
    const fields = placedFields(document, placed);
    // Found again as shown (the common case after an edit): no new document, nothing redrawn.
    if (deepEqual(fields.diagnostics, document.diagnostics) && deepEqual(fields.version, document.version)) return;
    set({ document: { ...document, ...fields } });
  };
  const refreshDiagnostics = () => {
    const document = get().document;
    if (document) showPlaced(document.data, placeDiagnostics(document.base, document.data));
  };
  const refreshDiagnosticsLater = () => {
    const document = get().document;
    if (!document) return;
    const data = document.data;
    placeDiagnosticsLater(document.base, data).then(
      (placed) => showPlaced(data, placed),
      () => {
        // Should the worker fail, the rules still hold: diagnostics by path, without lines.
        const now = get().document;
        if (now && now.data === data) set({ document: { ...now, diagnostics: diagnoseData(data) } });
      },
    );
  };
  let diagnosticsRequest = 0;
  /** Runs `work` once the edit is on screen, so a keystroke paints without waiting for it. */
  const afterNextPaint = (work: () => void) => {
    const request = ++diagnosticsRequest;
    const run = () => {
      diagnosticsTimer = setTimeout(() => {
        if (request === diagnosticsRequest) work(); // else a newer edit asked again
      }, 0);
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
    else run();
  };
  /** Show, on a message about changes from disk: each press brings the next changed item into view. */
  const showAction = (ids: readonly string[]): Pick<Notice, 'action'> => {
    if (ids.length === 0) return {};
    let shown = 0;
    const step = (): 'keep' | void => {
      const trees = get().document?.trees ?? [];
      const present = ids.filter((id) => trees.some((t) => t.nodes.some((n) => n.id === id) || t.links.some((l) => l.id === id)));
      if (present.length === 0) return;
      get().focusItem(present[shown % present.length]!);
      shown++;
      const notice = get().notice;
      if (present.length === 1 || !notice?.action) return;
      set({ notice: { ...notice, action: { run: step, label: `Show next (${(shown % present.length) + 1} of ${present.length})` } } });
      return 'keep';
    };
    return { action: { label: ids.length > 1 ? `Show (1 of ${ids.length})` : 'Show', run: step } };
  };

  /** Diagnostics asked for earlier are not needed: the ones shown are the data's own. */
  const cancelDiagnostics = () => {
    clearTimeout(diagnosticsTimer);
    diagnosticsRequest++;
  };
  const scheduleDiagnostics = (outside = false) => {
    cancelDiagnostics();
    const small = itemCount(get().document) < SMALL_DOCUMENT_ITEMS;
    // Someone else's change (in the group session, on disk) answers nothing this person did: its
    // diagnostics wait until such changes pause, so a stream of them (people typing) does not cost
    // this page a save and a read of the whole file for each keystroke.
    if (outside) diagnosticsTimer = setTimeout(small ? refreshDiagnostics : refreshDiagnosticsLater, OUTSIDE_PAUSE_MS);
    else if (small) afterNextPaint(refreshDiagnostics);
    else diagnosticsTimer = setTimeout(refreshDiagnosticsLater, 300);
  };

  return {
    document: null,
    view: { tree: null, mode: 'full', revision: null, selection: EMPTY_SELECTION, focus: null },
    openProblem: null,
    history: EMPTY_HISTORY,
    notice: null,
    recentChanges: null,
    openings: 0,

    openText(text, fileName, opened = openWorkingFile(text)) {
      if (!opened.editable || opened.data === undefined) {
        set({ openProblem: { fileName, summary: refusalSummary(fileName, opened.version, opened.diagnostics), diagnostics: opened.diagnostics } });
        return false;
      }
      forgetIds();
      rememberIds(opened.data);
      awaitPicture();
      const trees = readTrees(opened.data);
      const active = isObject(opened.data) ? opened.data.active_tree : undefined;
      const first = trees.find((t) => t.key === active)?.key ?? trees[0]?.key ?? null;
      // Before the document is in place: the workers asked at once (the checks of a large file)
      // then get the text, which is quick to send, not the data read from it.
      openedText(text, opened.data);
      set({
        document: {
          fileName,
          base: opened.source,
          data: opened.data,
          version: opened.version,
          diagnostics: opened.diagnostics,
          trees,
          savedData: opened.data,
        },
        view: { tree: first, mode: 'full', revision: null, selection: EMPTY_SELECTION, focus: null },
        openProblem: null,
        history: EMPTY_HISTORY,
        notice: null,
        openings: get().openings + 1,
      });
      // The workers read the text while the user looks at the file, not at the first keystroke.
      if (typeof Worker !== 'undefined') void primeOpened();
      // Read in a worker, the file was validated there: the guard of edits is readied here too,
      // at once from the worker's verdict when it found no error, else by validating at idle.
      if (opened.valid) prepareEditsOfErrorFree(opened.data as WorkingFile);
      else prepareEditsWhenIdle(opened.data);
      readyNewIdsWhenIdle(opened.data);
      return true;
    },

    restoreText(baseText, data, savedData, fileName) {
      const opened = baseText === null ? null : openWorkingFile(baseText);
      if (opened && (!opened.editable || opened.data === undefined)) return false;
      forgetIds();
      rememberIds(data);
      if (opened) rememberIds(opened.data!);
      const trees = readTrees(data);
      const active = isObject(data) ? data.active_tree : undefined;
      set({
        document: {
          fileName,
          base: opened?.source ?? null,
          data,
          version: opened?.version ?? { kind: 'v1' },
          diagnostics: [],
          trees,
          savedData,
        },
        view: { tree: trees.find((t) => t.key === active)?.key ?? trees[0]?.key ?? null, mode: 'full', revision: null, selection: EMPTY_SELECTION, focus: null },
        openProblem: null,
        history: EMPTY_HISTORY,
        notice: null,
        openings: get().openings + 1,
      });
      refreshDiagnostics();
      prepareEditsWhenIdle(data);
      return true;
    },

    reportUnreadable: (fileName, message) => set({ openProblem: { fileName, summary: message, diagnostics: [] } }),

    dismissOpenProblem: () => set({ openProblem: null }),

    showTree: (tree) => set((state) => ({ view: { ...state.view, tree, selection: EMPTY_SELECTION } })),

    setMode: (mode) => set((state) => ({ view: { ...state.view, mode } })),

    showRevision: (revision) => set((state) => ({ view: { ...state.view, revision, selection: EMPTY_SELECTION } })),

    select: (selection) => set((state) => ({ view: { ...state.view, selection } })),

    focusItem(id) {
      const document = get().document;
      if (!document) return;
      const tree = document.trees.find((t) => t.nodes.some((n) => n.id === id) || t.links.some((l) => l.id === id));
      if (!tree) return;
      const isNode = tree.nodes.some((n) => n.id === id);
      set((state) => ({
        view: {
          ...state.view,
          tree: tree.key,
          selection: isNode ? { nodes: [id], links: [] } : { nodes: [], links: [id] },
          focus: { id, nonce: ++nonce },
        },
      }));
    },

    edit(label, change, options = {}) {
      const document = get().document;
      if (!document) return { ok: false, reason: 'No document is open.' };
      if (get().view.revision !== null) {
        const reason = `Revision ${get().view.revision} is open read-only; go back to the working file to edit.`;
        set({ notice: { tone: 'refusal', text: reason, nonce: ++nonce } });
        return { ok: false, reason };
      }
      const before = document.data;
      let result: EditResult;
      try {
        result = change(before as WorkingFile, { avoid: seenIds });
      } catch (error) {
        result = { ok: false, reason: `The edit failed: ${error instanceof Error ? error.message : String(error)}` };
      }
      if (!result.ok) {
        set({ notice: { tone: 'refusal', text: result.reason, nonce: ++nonce } });
        return result;
      }
      if (result.file === before) return result;
      const history = recordEdit(get().history, before, label, options.coalesce, Date.now());
      // A refusal said earlier is out of date once an edit goes through: it goes away.
      const earlier = get().notice;
      const notice = result.notices.length ? { tone: 'info' as const, text: result.notices.join(' '), nonce: ++nonce } : earlier?.tone === 'refusal' ? null : earlier;
      applyData(result.file as Json, { history, notice });
      if (result.created?.length && options.selectCreated !== false) {
        const created = result.created;
        const trees = get().document!.trees;
        const isNode = (id: string) => trees.some((t) => t.nodes.some((n) => n.id === id));
        set((state) => ({
          view: {
            ...state.view,
            selection: { nodes: created.filter(isNode), links: created.filter((id) => !isNode(id)) },
            focus: { id: created[0], nonce: ++nonce, onlyIfHidden: true },
          },
        }));
      }
      return result;
    },

    undo() {
      const document = get().document;
      const step = document && undoStep(get().history, document.data);
      if (!step) return;
      const extra = { history: { ...step.history, last: undefined }, notice: { tone: 'info' as const, text: `Undid: ${step.history.future[0].label}.`, nonce: ++nonce } };
      if (step.view) {
        step.view.undo();
        set(extra);
      } else applyData(step.data, extra);
    },

    redo() {
      const document = get().document;
      const step = document && redoStep(get().history, document.data);
      if (!step) return;
      const extra = { history: { ...step.history, last: undefined }, notice: { tone: 'info' as const, text: `Redid: ${step.history.past[step.history.past.length - 1].label}.`, nonce: ++nonce } };
      if (step.view) {
        step.view.redo();
        set(extra);
      } else applyData(step.data, extra);
    },

    recordViewChange(label, view) {
      const document = get().document;
      if (!document) return;
      set({ history: recordViewChange(get().history, document.data, label, view) });
    },

    sealHistory() {
      const history = get().history;
      if (history.last) set({ history: { ...history, last: undefined } });
    },

    rewindTo(before, labels) {
      const document = get().document;
      if (!document) return false;
      if (document.data === before) return true;
      const steps = stepsBackTo(get().history, before, labels);
      if (steps === undefined) return false;
      for (let i = 0; i < steps; i++) get().undo();
      // Back to `before`, less what others changed meanwhile (kept: see history.ts).
      return true;
    },

    say: (tone, text, action) => set({ notice: { tone, text, nonce: ++nonce, ...(action ? { action } : {}) } }),

    dismissNotice: () => set({ notice: null }),

    exportText() {
      const document = get().document;
      return document ? saveWorkingFile(document.base, document.data) : null;
    },

    markSaved() {
      const document = get().document;
      if (document) set({ document: { ...document, savedData: document.data } });
    },

    replaceFromDisk(content) {
      const document = get().document;
      if (!document) return;
      const before = document.data;
      const changedData = before !== content.data;
      // One update with the data: in two, the autosave would copy the whole saved data on its own.
      const fields = { base: content.base ?? document.base, savedData: content.savedData };
      const extra: Partial<DocumentStore> = {
        recentChanges: content.changed.length > 0 ? { ids: new Set(content.changed), nonce: ++nonce } : get().recentChanges,
        ...(content.notice ? { notice: { tone: 'info' as const, text: content.notice, nonce: ++nonce, ...showAction(content.changed) } } : {}),
      };
      // Not a step of this person's to undo: their own steps remember where it began.
      if (changedData) extra.history = { ...recordOthersChange(get().history, before), last: undefined };
      if (changedData) applyData(content.data, extra, content.placed, fields, !content.own);
      else set({ document: { ...document, ...fields }, ...extra });
      // The marks are for a moment: long enough to be seen, gone before they become noise.
      const marked = get().recentChanges;
      if (marked) setTimeout(() => get().recentChanges === marked && set({ recentChanges: null }), RECENT_CHANGE_MS);
    },

    rebase(base, savedData) {
      const document = get().document;
      if (document) set({ document: { ...document, base, savedData } });
    },
  };
});

/** Whether the open document has changes that were not exported or saved. */
export function hasUnsavedChanges(state: Pick<DocumentStore, 'document'>): boolean {
  return state.document !== null && state.document.data !== state.document.savedData;
}

function refusalSummary(fileName: string, version: VersionState, diagnostics: Diagnostic[]): string {
  if (version.kind === 'unsupported') {
    return `${fileName} uses schema_version ${version.found}. Causeway edits version 1 only and does not reinterpret other versions.`;
  }
  const first = diagnostics.find((d) => d.severity === 'error');
  return `${fileName} could not be opened${first ? `: ${first.message}` : '.'}`;
}
