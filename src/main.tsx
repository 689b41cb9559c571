// Starts the editor: on work kept from the last visit if there is any, else on the built-in
// example; then keeps every change in browser storage.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@xyflow/react/dist/style.css';
import './ui/styles.css';
import './ui/theme/theme.css';
import './ui/polish.css';
import './ui/print.css';
import exampleText from '../examples/repair-cafe.yaml?raw';
import { deepEqual } from './format';
import { findUnsavedWork, loadSession, saveSession, startAutosave, type SavedSession } from './store/autosave';
import { useDocumentStore } from './store/document-store';
import { startHistorySync } from './store/history-store';
import { App } from './ui/App';
import { useRestoreOffer } from './ui/RestoreBanner';
import { startTheme } from './ui/theme/theme';
import { startOffline } from './ui/offline';

const EXAMPLE_NAME = 'repair-cafe.yaml';

async function start(): Promise<void> {
  // The example is there at once; browser storage is asked meanwhile. A file the user opens in
  // that moment is never replaced by what storage answers.
  useDocumentStore.getState().openText(exampleText, EXAMPLE_NAME);
  const example = useDocumentStore.getState().document;
  const isUnsaved = (session: SavedSession) => !deepEqual(session.data, session.savedData);
  const unsaved = await findUnsavedWork(isUnsaved);
  const last = unsaved ? undefined : await loadSession();
  if (last && last.fileName !== EXAMPLE_NAME && useDocumentStore.getState().document === example) {
    // The last file, as it was left (all of it exported): simply continue with it.
    useDocumentStore.getState().restoreText(last.baseText, last.data, last.savedData, last.fileName);
  }
  if (unsaved) {
    // Kept aside until the user decides, so editing meanwhile cannot overwrite it.
    await saveSession({ ...unsaved, awaitingDecision: true }, 'previous').catch(() => undefined);
    useRestoreOffer.getState().offer(unsaved);
  }
  startAutosave((message) => useDocumentStore.getState().say('refusal', message));
  startHistorySync();
}

// Light or dark before the first paint.
startTheme();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
void start();
startOffline();
