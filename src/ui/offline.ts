// Offline and installable: registers the service worker that keeps the built editor in the
// browser's cache after the first visit. Registered from the app's own code, never an inline
// script. A newer version waits until the user chooses to reload (work is never reloaded away
// mid-edit). Where service workers are unavailable (plain http on another host), nothing changes.
import { registerSW } from 'virtual:pwa-register';
import { useDocumentStore } from '../store/document-store';

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
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      useDocumentStore.getState().say('info', 'A new version of Causeway is ready.', { label: 'Reload to use it', run: () => void update(true) });
    },
  });
}
