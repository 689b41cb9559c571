// One way in for every file the user opens (picker, drop, keyboard): read, then open. Unsaved
// work on the file being replaced is kept aside and can be brought back from the message.
import { useCallback } from 'react';
import { currentSession, loadSession, saveSession } from '../store/autosave';
import { hasUnsavedChanges, useDocumentStore } from '../store/document-store';
import type { WritableFileHandle } from './file-access';
import { observeReopened } from '../store/turns/turn-tracking';
import { readFileText } from './read-file';
import { setSaveTarget } from './save-target';

export function useOpenFile(): (file: File, handle?: WritableFileHandle) => Promise<boolean> {
  return useCallback(async (file: File, handle?: WritableFileHandle) => {
    const store = useDocumentStore.getState();
    const read = await readFileText(file);
    if (!read.ok) {
      store.reportUnreadable(file.name, read.message);
      return false;
    }
    const replaced = hasUnsavedChanges(store) ? currentSession() : undefined;
    const previous = store.document ? { fileName: store.document.fileName, savedData: store.document.savedData } : null;
    if (!store.openText(read.text, file.name)) return false;
    observeReopened(previous, file.name, read.text);
    setSaveTarget(file.name, handle);
    if (replaced) {
      await saveSession(replaced, 'previous').catch(() => undefined);
      store.say('info', `Opened ${file.name}. Your unsaved changes to ${replaced.fileName} were kept aside.`, {
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
