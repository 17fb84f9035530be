/**
 * Registers the service worker. A new version does not take over by itself: the app is told it is
 * waiting (uiStore.applyUpdate) and activates it at a safe moment, never mid-punch.
 */
import { registerSW } from 'virtual:pwa-register';
import { useUiStore } from '../state/uiStore';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      // workbox-window reloads only a page that had a worker when it loaded, not the one that installed the first.
      useUiStore.getState().setApplyUpdate(() => {
        navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
        return update(true);
      });
    },
  });
}
