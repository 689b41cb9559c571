// Export (always a download), Save (back to the file on disk when the browser gave us one: a
// file dropped on the window, or one chosen with Save as…; a download otherwise) and Save as….
// All of them write through the format core's save.
import { useDocumentStore } from '../store/document-store';
import { writeWholeFile } from '../store/history-folder';
import { downloadText } from './download';
import { canSaveToFiles, chooseSaveTarget, type WritableFileHandle } from './file-access';
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
  if (!document) return;
  const handle = saveTargetFor(document.fileName);
  if (handle) {
    await writeTo(handle);
    return;
  }
  exportDownload();
  store.say(
    'info',
    canSaveToFiles()
      ? `Downloaded ${document.fileName}. To save straight into a file on disk from now on, use Save as… (or open the file by dropping it here).`
      : `Downloaded ${document.fileName}.`,
  );
}

export async function saveDocumentAs(): Promise<void> {
  const store = useDocumentStore.getState();
  const document = store.document;
  if (!document) return;
  try {
    const handle = await chooseSaveTarget(document.fileName);
    if (!handle) return; // cancelled
    setSaveTarget(document.fileName, handle);
    await writeTo(handle);
  } catch (error) {
    store.say('refusal', `No file was chosen to save into: ${error instanceof Error ? error.message : String(error)}. Export YAML downloads a copy.`);
  }
}

async function writeTo(handle: WritableFileHandle): Promise<void> {
  const store = useDocumentStore.getState();
  const document = store.document;
  const text = store.exportText();
  if (!document || text === null) return;
  const data = document.data;
  try {
    await writeWholeFile(handle, text);
    // Only what was written counts as saved (the user may have typed on meanwhile).
    if (useDocumentStore.getState().document?.data === data) store.markSaved();
    store.say('info', `Saved ${handle.name}.`);
  } catch (error) {
    store.say('refusal', `Saving failed, and the file on disk was left as it was: ${error instanceof Error ? error.message : String(error)}. Export YAML downloads a copy.`);
  }
}
