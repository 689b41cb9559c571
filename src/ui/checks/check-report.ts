// The open document's check findings. Documents are immutable, so findings are computed once per
// version of the data (a WeakMap keyed on the data object is exact). A small file is checked on
// every edit; a large one after a pause in editing, as its diagnostics are, so typing never waits.
import { create } from 'zustand';
import type { Json } from '../../format';
import type { DrawableTree } from '../../format/read';
import { runChecks, type CheckReport, type ReasoningFinding } from '../../reasoning';
import { useDocumentStore, type OpenDocument } from '../../store/document-store';

export interface CheckedDocument extends CheckReport {
  /** Open findings by every item they mark. */
  byItem: Map<string, ReasoningFinding[]>;
}

const EMPTY: CheckedDocument = { findings: [], dismissed: [], byItem: new Map() };
const cache = new WeakMap<object, CheckedDocument>();
/** Items (nodes and links) from which checks wait for a pause in editing. */
const LARGE = 400;
const PAUSE_MS = 300;

export function checkDocument(data: Json | undefined, trees: DrawableTree[]): CheckedDocument {
  if (typeof data !== 'object' || data === null) return EMPTY;
  const known = cache.get(data);
  if (known) return known;
  const report = runChecks(data, trees);
  const byItem = new Map<string, ReasoningFinding[]>();
  for (const finding of report.findings) {
    for (const id of finding.items) {
      const list = byItem.get(id);
      if (list) list.push(finding);
      else byItem.set(id, [finding]);
    }
  }
  const checked = { ...report, byItem };
  cache.set(data, checked);
  return checked;
}

function checkedOf(document: OpenDocument | null): CheckedDocument {
  return document ? checkDocument(document.data, document.trees) : EMPTY;
}

/** The findings the editor shows: those of the current data, or of the data before a pause. */
export const useChecks = create<CheckedDocument>(() => checkedOf(useDocumentStore.getState().document));

let timer: ReturnType<typeof setTimeout> | undefined;
useDocumentStore.subscribe((state, previous) => {
  if (state.document?.data === previous.document?.data && state.document?.trees === previous.document?.trees) return;
  clearTimeout(timer);
  const update = () => useChecks.setState(checkedOf(useDocumentStore.getState().document), true);
  const document = state.document;
  const size = document?.trees.reduce((sum, t) => sum + t.nodes.length + t.links.length, 0) ?? 0;
  // A newly opened document is checked at once, whatever its size.
  if (size < LARGE || document?.base !== previous.document?.base) update();
  else timer = setTimeout(update, PAUSE_MS);
});
