// Export (always a download) and Save (back to the user's file where the browser can write
// files; a download elsewhere). Both write through the format core's save.
import { useDocumentStore } from '../store/document-store';
import { downloadText } from './download';
import { writeWholeFile } from '../store/history-folder';
import { canSaveToFiles, chooseSaveTarget } from './file-access';
import { saveTargetFor, setSaveTarget } from './save-target';

export function exportDownload(): void {
  const store = useDocumentStore.getState();
  const text = store.exportText();
  if (text === null || !store.document) return;
  downloadText(store.document.fileName, text);
  store.markSaved();
}

export async function saveDocument(): Promise<void> {
  const store = useDocumentStore.getState();
  const document = store.document;
  const text = store.exportText();
  if (!document || text === null) return;
  if (!canSaveToFiles()) {
    exportDownload();
    return;
  }
  const data = document.data;
  try {
    let handle = saveTargetFor(document.fileName);
    if (!handle) {
      handle = await chooseSaveTarget(document.fileName);
      if (!handle) return; // cancelled
      setSaveTarget(document.fileName, handle);
    }
    await writeWholeFile(handle, text);
    // Only what was written counts as saved (the user may have typed on meanwhile).
    if (useDocumentStore.getState().document?.data === data) store.markSaved();
    store.say('info', `Saved ${handle.name}.`);
  } catch (error) {
    store.say('refusal', `Saving failed, and the file on disk was left as it was: ${error instanceof Error ? error.message : String(error)}. Export YAML downloads a copy.`);
  }
}
