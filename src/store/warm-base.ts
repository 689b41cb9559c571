// The file as read keeps its full YAML Document unbuilt until an edit needs it (load.ts). A
// small file places its diagnostics at every edit, on this thread, so its first keystroke would
// pay for parsing the whole file: build that Document while the page is idle instead.
import type { SaveBase } from '../format';
import { itemCount, SMALL_DOCUMENT_ITEMS, useDocumentStore } from './document-store';
import { whenIdle } from './when-idle';

/** Starts building each new base's Document at idle time; returns a function that stops it. */
export function startWarmingBase(idle: (run: () => void) => void = whenIdle): () => void {
  const warm = (base: SaveBase | null | undefined) => {
    if (!base) return;
    idle(() => {
      if (useDocumentStore.getState().document?.base === base) void base.document;
    });
  };
  const isSmall = () => itemCount(useDocumentStore.getState().document) < SMALL_DOCUMENT_ITEMS;
  if (isSmall()) warm(useDocumentStore.getState().document?.base);
  return useDocumentStore.subscribe((state, previous) => {
    const base = state.document?.base;
    if (base && base !== previous.document?.base && isSmall()) warm(base);
  });
}
