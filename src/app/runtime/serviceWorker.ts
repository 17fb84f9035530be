/**
 * Registers the service worker. A new version does not take over by itself: the app is told it is
 * waiting (uiStore.applyUpdate) and activates it at a safe moment, never mid-punch.
 *
 * The registration is watched here rather than through workbox-window's `waiting` event: that event
 * hangs on the registration's `updatefound` reaching the page after `register()` resolves, and Chromium
 * delivers the two on different channels. When `updatefound` came first (a busy tablet), the new
 * version installed and waited, the app was never told, and it never took over. Looking at the
 * registration's installing and waiting workers when it is handed over covers both orders.
 */
import { registerSW } from 'virtual:pwa-register';
import { useUiStore } from '../state/uiStore';
import { holdRequestsUntil } from './requestHold';

/** How often a version asked to take over is asked again while it still waits. */
export const SKIP_WAITING_REPEAT_MS = 3_000;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  registerSW({
    immediate: true,
    onRegisteredSW(_scriptUrl, registration) {
      if (registration) watchForWaitingVersion(registration);
    },
  });
}

/** Offers every version that installs and waits behind the running one, whoever registered it. */
export function watchForWaitingVersion(registration: ServiceWorkerRegistration): void {
  let offered: ServiceWorker | null = null;
  const offer = (worker: ServiceWorker) => {
    offered = worker;
    useUiStore.getState().setApplyUpdate(() => {
      // The page reloads into the new version once it controls the page (also the page that
      // installed the first version, which workbox-window would not reload).
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      // Until then the page sends nothing, so the running version can stop and stay stopped: a
      // request reaching it while it stops starts it again and the switch waits (requestHold.ts).
      holdRequestsUntil(new Promise((switched) => navigator.serviceWorker.addEventListener('controllerchange', switched, { once: true })));
      // Asked again while it still waits, in case the first message never reached it (a stopped
      // waiting worker is started to receive one). Once the version has called skipWaiting,
      // Chromium acts on that first call only: later asks change nothing. Asking again is
      // harmless and stops once it moves on.
      const ask = () => worker.postMessage({ type: 'SKIP_WAITING' });
      ask();
      const again = setInterval(() => {
        if (worker.state === 'installed') ask();
        else clearInterval(again);
      }, SKIP_WAITING_REPEAT_MS);
      return Promise.resolve();
    });
  };
  const follow = (worker: ServiceWorker | null) => {
    if (!worker) return;
    const check = () => {
      // Installed with another version active: it waits (a first version activates at once).
      // Judged from the worker's own state and the active version, not from `registration.waiting`:
      // Chromium updates the registration's attributes and the worker's state over separate
      // channels, so the `installed` statechange can arrive while `waiting` still reads null, and no
      // later event would tell the app again.
      const active = registration.active;
      if (worker.state === 'installed' && active !== null && active !== worker) offer(worker);
      // Replaced by a newer version before it took over: nothing to offer until that one waits.
      if (worker.state === 'redundant' && offered === worker) {
        offered = null;
        useUiStore.getState().setApplyUpdate(null);
      }
    };
    check();
    if (worker.state === 'installing' || worker.state === 'installed') worker.addEventListener('statechange', check);
  };
  follow(registration.waiting);
  follow(registration.installing);
  registration.addEventListener('updatefound', () => follow(registration.installing));
}
