// Starts the editor. Served by `causeway open`, it works on the file on disk, live. Otherwise it
// starts on work kept from the last visit if there is any, else on the built-in example, and
// keeps every change in browser storage.
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
import { isLivePage, onFileChosen, startLiveSync } from './store/live/live-sync';
import { startTurnTracking } from './store/turns/turn-tracking';
import { startWarmingBase } from './store/warm-base';
import { afterPicture } from './store/after-picture';
import { warmReader } from './store/read-off-thread';
import { warmLayoutWorker } from './ui/canvas/use-tree-layout';
import { App } from './ui/App';
import { setPositionsScope } from './store/positions-storage';
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
startWarmingBase();
startTurnTracking();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
if (isLivePage()) {
  onFileChosen(setPositionsScope);
  startLiveSync();
} else {
  void start();
  // Once the example is on screen, the workers compile their code on small jobs of the kind a big
  // file brings, each on its own thread: the first big file chosen opens quicker. Each stops at
  // its first real job.
  const warmWorkers = () => {
    warmReader(exampleText);
    warmLayoutWorker();
  };
  // Asked again when it comes due: a file chosen meanwhile is opened first, without sharing the cores.
  afterPicture(() => afterPicture(warmWorkers));
}
// Offline use is for the editor on its own; a page of `causeway open` needs its server anyway.
startOffline(isLivePage());
