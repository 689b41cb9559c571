// Offline and installable: registers the service worker that keeps the built editor in the
// browser's cache after the first visit. Registered from the app's own code, never an inline
// script. A newer version waits until the user chooses to reload (work is never reloaded away
// mid-edit). Where service workers are unavailable (plain http on another host), nothing changes.
import { registerSW } from 'virtual:pwa-register';
import { useDocumentStore } from '../store/document-store';
import { whenQuiet } from '../store/recent-input';

/**
 * The first visit's service worker fetches and caches the whole editor as it installs: a few
 * hundred ms of work on a second thread, which on a 2-core machine slowed opening a big file
 * chosen at once by a sixth, and slows clicks and typing as much while it runs. It is registered
 * once the page has been up this long and the person has left it alone for a moment, at an idle
 * moment.
 */
const REGISTER_AFTER_MS = 5000;
const QUIET_MS = 3000;

/**
 * `live`: the page edits a file on disk through `causeway open`. It must always reach its server
 * (a cached page would open without it), so no service worker is kept for it.
 */
export function startOffline(live = false): void {
  if (!('serviceWorker' in navigator)) return;
  if (live) {
    void navigator.serviceWorker.getRegistrations().then((registrations) => registrations.forEach((r) => void r.unregister()));
    return;
  }
  const register = () => {
    const update = registerSW({
      immediate: true,
      onNeedRefresh() {
        useDocumentStore.getState().say('info', 'A new version of Causeway is ready.', { label: 'Reload to use it', run: () => void update(true) });
      },
    });
  };
  setTimeout(() => whenQuiet(register, QUIET_MS, Number.POSITIVE_INFINITY), REGISTER_AFTER_MS);
}
