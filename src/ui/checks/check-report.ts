// The open document's check findings. Documents are immutable, so findings are computed once per
// version of the data (a WeakMap keyed on the data object is exact). A small file is checked on
// every edit; a large one after a pause in editing, in a Web Worker, as its diagnostics are, so
// typing never waits (a file just opened is checked as soon as its picture is drawn, in that worker).
import { create } from 'zustand';
import type { Json, DrawableTree } from '../../format';
import { checkData, checkDataLater, type CheckedDocument } from '../../store/checks-later';
import { itemCount, SMALL_DOCUMENT_ITEMS, useDocumentStore, type OpenDocument } from '../../store/document-store';
import { afterPicture } from '../../store/after-picture';
import { whenQuiet } from '../../store/recent-input';

export type { CheckedDocument };

const EMPTY: CheckedDocument = { findings: [], dismissed: [], byItem: new Map() };
const cache = new WeakMap<object, CheckedDocument>();
const PAUSE_MS = 300;
/** Findings of a big file are shown after this long without a click or key, or this long at most. */
const QUIET_MS = 300;
const SHOW_AT_MOST_MS = 4000;

export function checkDocument(data: Json | undefined, trees: DrawableTree[]): CheckedDocument {
  if (typeof data !== 'object' || data === null) return EMPTY;
  const known = cache.get(data);
  if (known) return known;
  const checked = checkData(data, trees);
  cache.set(data, checked);
  return checked;
}

function checkedOf(document: OpenDocument | null): CheckedDocument {
  return document ? checkDocument(document.data, document.trees) : EMPTY;
}

/** The findings the editor shows: those of the current data, or of the data before a pause. */
export const useChecks = create<CheckedDocument>(() => checkedOf(useDocumentStore.getState().document));

/** Checks the current data in the worker and shows the findings, unless it was edited meanwhile. */
function checkCurrentLater(): void {
  const data = useDocumentStore.getState().document?.data;
  if (typeof data !== 'object' || data === null) return;
  const known = cache.get(data);
  if (known) {
    useChecks.setState(known, true);
    return;
  }
  const show = (checked: CheckedDocument) => {
    cache.set(data, checked);
    // A big file's findings redraw many cards and link labels at once: they wait for a pause in
    // the person's clicks and keystrokes (the first ones after opening a file come in the middle
    // of them), and for the file to be as it was checked.
    whenQuiet(() => {
      if (useDocumentStore.getState().document?.data === data) useChecks.setState(checked, true);
    }, QUIET_MS, SHOW_AT_MOST_MS);
  };
  // Should the worker fail, the checks still run, here.
  checkDataLater(data).then(show, () => show(checkData(data)));
}

let timer: ReturnType<typeof setTimeout> | undefined;
useDocumentStore.subscribe((state, previous) => {
  if (state.document?.data === previous.document?.data && state.document?.trees === previous.document?.trees) return;
  clearTimeout(timer);
  const document = state.document;
  if (itemCount(document) < SMALL_DOCUMENT_ITEMS) useChecks.setState(checkedOf(useDocumentStore.getState().document), true);
  else if (document?.base !== previous.document?.base) {
    // A large file just opened (or written and read back) is checked without waiting for a
    // pause, in the worker, once its picture is on screen (the worker would slow the layout):
    // opening stays short. Meanwhile another file's findings are never shown.
    if (document?.fileName !== previous.document?.fileName) useChecks.setState(EMPTY, true);
    afterPicture(checkCurrentLater);
  } else timer = setTimeout(checkCurrentLater, PAUSE_MS);
});
