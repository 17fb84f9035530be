/**
 * Service-worker helpers for specs. waitForServiceWorkerControl(page) waits until the worker the
 * APP registered (src/app/runtime/serviceWorker.ts, /sw.js) is active and controls the page, and
 * fails if that does not happen within 15 s: it never registers one itself, so a spec relying on
 * it fails when the app stops registering its worker.
 */
import type { Page } from '@playwright/test';

const TIMEOUT_MS = 15_000;

export interface ServiceWorkerState {
  scope: string;
  /** The script of the registration's active worker. */
  scriptURL: string;
  controllerURL: string;
  activeState: string | null;
}

export async function waitForServiceWorkerControl(page: Page): Promise<ServiceWorkerState> {
  await page.waitForLoadState('load');
  return page.evaluate(async (timeoutMs) => {
    const container = navigator.serviceWorker;
    const deadline = Date.now() + timeoutMs;
    const within = <T>(promise: Promise<T>, failure: string): Promise<T> => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${failure} within ${timeoutMs} ms`)), Math.max(0, deadline - Date.now()));
      });
      return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
    };
    // `ready` resolves once a registration for this page has an active worker.
    const registration = await within(container.ready, 'the app registered no active service worker');
    if (!container.controller) {
      // clientsClaim() in the worker takes over this page as soon as it activates.
      await within(new Promise((resolve) => container.addEventListener('controllerchange', resolve, { once: true })), 'no service worker took control of the page');
    }
    // Controlled while 'activating' is possible; wait until activation (and its cleanup) is done.
    const active = registration.active;
    if (active && active.state !== 'activated') {
      await within(
        new Promise<void>((resolve) => {
          const check = () => {
            if (active.state === 'activated' || active.state === 'redundant') resolve();
          };
          active.addEventListener('statechange', check);
          check();
        }),
        'the service worker did not finish activating',
      );
    }
    return {
      scope: registration.scope,
      scriptURL: registration.active?.scriptURL ?? '',
      controllerURL: container.controller?.scriptURL ?? '',
      activeState: registration.active?.state ?? null,
    };
  }, TIMEOUT_MS);
}
