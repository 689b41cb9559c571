// Offline and installable: registers the service worker that keeps the built editor in the
// browser's cache after the first visit. Registered from the app's own code, never an inline
// script. Where service workers are unavailable (plain http on another host), nothing changes.
import { registerSW } from 'virtual:pwa-register';

export function startOffline(): void {
  if (!('serviceWorker' in navigator)) return;
  registerSW({ immediate: true });
}
