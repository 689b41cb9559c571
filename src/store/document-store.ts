// The open document and how it is being looked at. Viewing (tabs, selection, the accepted-only
// switch) lives apart from the document's data, so looking never changes what is exported.
import { create } from 'zustand';
import {
  openWorkingFile,
  saveWorkingFile,
  type Diagnostic,
  type Json,
  type SaveBase,
  type TreeKey,
  type VersionState,
} from '../format';
import { readTrees, type DrawableTree } from '../format/read';
import { isObject } from '../format/json';

export interface OpenDocument {
  fileName: string;
  /** What the file looked like when opened: saving patches it so comments survive. */
  base: SaveBase | null;
  data: Json;
  version: VersionState;
  diagnostics: Diagnostic[];
  /** Derived from data: the trees present, in canonical order. */
  trees: DrawableTree[];
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
}

export interface ViewState {
  tree: TreeKey | null;
  acceptedOnly: boolean;
  selection: Selection;
  focus: FocusRequest | null;
}

export interface DocumentStore {
  document: OpenDocument | null;
  view: ViewState;
  openProblem: OpenProblem | null;
  /** Opens text as the current document; on failure the open document stays as it was. */
  openText(text: string, fileName: string): boolean;
  /** A file that could not even be read as text: say so, change nothing else. */
  reportUnreadable(fileName: string, message: string): void;
  dismissOpenProblem(): void;
  showTree(tree: TreeKey): void;
  setAcceptedOnly(on: boolean): void;
  select(selection: Selection): void;
  /** Switches to the tree holding `id` (if needed), selects it and centres it. */
  focusItem(id: string): void;
  exportText(): string | null;
}

const EMPTY_SELECTION: Selection = { nodes: [], links: [] };
let focusNonce = 0;

export const useDocumentStore = create<DocumentStore>((set, get) => ({
  document: null,
  view: { tree: null, acceptedOnly: false, selection: EMPTY_SELECTION, focus: null },
  openProblem: null,

  openText(text, fileName) {
    const opened = openWorkingFile(text);
    if (!opened.editable || opened.data === undefined) {
      set({ openProblem: { fileName, summary: refusalSummary(fileName, opened.version, opened.diagnostics), diagnostics: opened.diagnostics } });
      return false;
    }
    const trees = readTrees(opened.data);
    const active = isObject(opened.data) ? opened.data.active_tree : undefined;
    const first = trees.find((t) => t.key === active)?.key ?? trees[0]?.key ?? null;
    set({
      document: { fileName, base: opened.source, data: opened.data, version: opened.version, diagnostics: opened.diagnostics, trees },
      view: { tree: first, acceptedOnly: false, selection: EMPTY_SELECTION, focus: null },
      openProblem: null,
    });
    return true;
  },

  reportUnreadable: (fileName, message) => set({ openProblem: { fileName, summary: message, diagnostics: [] } }),

  dismissOpenProblem: () => set({ openProblem: null }),

  showTree: (tree) => set((state) => ({ view: { ...state.view, tree, selection: EMPTY_SELECTION } })),

  setAcceptedOnly: (on) => set((state) => ({ view: { ...state.view, acceptedOnly: on } })),

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
        focus: { id, nonce: ++focusNonce },
      },
    }));
  },

  exportText() {
    const document = get().document;
    return document ? saveWorkingFile(document.base, document.data) : null;
  },
}));

function refusalSummary(fileName: string, version: VersionState, diagnostics: Diagnostic[]): string {
  if (version.kind === 'unsupported') {
    return `${fileName} uses schema_version ${version.found}. Causeway edits version 1 only and does not reinterpret other versions.`;
  }
  const first = diagnostics.find((d) => d.severity === 'error');
  return `${fileName} could not be opened${first ? `: ${first.message}` : '.'}`;
}
