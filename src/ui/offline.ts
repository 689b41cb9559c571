// Offline and installable: registers the service worker that keeps the built editor in the
// browser's cache after the first visit. Registered from the app's own code, never an inline
// script. A newer version waits until the user chooses to reload (work is never reloaded away
// mid-edit). Where service workers are unavailable (plain http on another host), nothing changes.
import { registerSW } from 'virtual:pwa-register';
import { useDocumentStore } from '../store/document-store';

export function startOffline(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      useDocumentStore.getState().say('info', 'A new version of Causeway is ready.', { label: 'Reload to use it', run: () => void update(true) });
    },
  });
}
