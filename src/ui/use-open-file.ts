// One way in for every file the user opens (picker, drop, keyboard): read, then open. Unsaved
// work on the file being replaced is kept aside and can be brought back from the message.
import { useCallback } from 'react';
import { ImportError, detectFormat, type ImportReport } from '../exchange';
import { readTrees, stringifyData, type Json } from '../format';
import { currentSession, loadSession, saveSession } from '../store/autosave';
import { hasUnsavedChanges, useDocumentStore } from '../store/document-store';
import type { WritableFileHandle } from './file-access';
import { observeReopened } from '../store/turns/turn-tracking';
import { readFileText } from './read-file';
import { readWorkingFile } from '../store/read-off-thread';
import { setSaveTarget } from './save-target';
import { nextTask } from '../store/next-task';
import { useImportReport } from './exchange/import-report-store';

/**
 * A Reason Commons, Flying Logic or TP Studio file becomes a working file first (named after it,
 * .yaml, not yet saved anywhere); its import report is shown once it has opened. The importers
 * are loaded the first time one is needed, not with the editor.
 */
async function imported(fileName: string, text: string): Promise<{ text: string; fileName: string; report?: ImportReport } | { problem: string }> {
  const format = detectFormat(fileName, text);
  if (format === 'working-file') return { text, fileName };
  let converters: typeof import('../exchange/convert');
  try {
    converters = await import('../exchange/convert');
  } catch (error) {
    return { problem: `${fileName} could not be imported: the importer did not load (${error instanceof Error ? error.message : String(error)}).` };
  }
  try {
    const result = converters.importFile(format, text, { fileName });
    const name = `${fileName.replace(/\.(ltp\.ya?ml|logicx|xlogic|json|xml)$/i, '') || 'imported'}.yaml`;
    return { text: stringifyData(result.data as unknown as Json), fileName: name, report: result.report };
  } catch (error) {
    if (error instanceof ImportError) return { problem: `${fileName} could not be imported: ${error.message}` };
    throw error;
  }
}

export function useOpenFile(): (file: File, handle?: WritableFileHandle) => Promise<boolean> {
  return useCallback(async (file: File, handle?: WritableFileHandle) => {
    const read = await readFileText(file);
    let store = useDocumentStore.getState();
    if (!read.ok) {
      store.reportUnreadable(file.name, read.message);
      return false;
    }
    const converted = await imported(file.name, read.text);
    if ('problem' in converted) {
      store.reportUnreadable(file.name, converted.problem);
      return false;
    }
    // Read off the main thread: a big file would otherwise hold up the page for its whole read.
    const opened = await readWorkingFile(converted.text);
    // Taking a big file in is done in three tasks, each short enough for the page to answer
    // between them: the worker's reply unpacked (above), the trees read for drawing (kept by
    // readTrees for the document's data), then the document put in place and drawn.
    await nextTask();
    if (opened.editable) readTrees(opened.data);
    await nextTask();
    store = useDocumentStore.getState();
    const replaced = hasUnsavedChanges(store) ? currentSession() : undefined;
    const previous = store.document ? { fileName: store.document.fileName, savedData: store.document.savedData } : null;
    if (!store.openText(converted.text, converted.fileName, opened)) return false;
    observeReopened(previous, converted.fileName, converted.text);
    // An imported file is new: saving must not write YAML over the source it came from.
    setSaveTarget(converted.fileName, converted.report ? undefined : handle);
    if (converted.report) useImportReport.getState().show(converted.report);
    if (replaced) {
      await saveSession(replaced, 'previous').catch(() => undefined);
      store.say('info', `Opened ${converted.fileName}. Your unsaved changes to ${replaced.fileName} were kept aside.`, {
        label: `Reopen ${replaced.fileName}`,
        run: () => {
          void loadSession('previous').then((previous) => {
            if (previous) useDocumentStore.getState().restoreText(previous.baseText, previous.data, previous.savedData, previous.fileName);
          });
        },
      });
    }
    return true;
  }, []);
}
