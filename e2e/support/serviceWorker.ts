/**
 * Service-worker helpers for specs. ensureServiceWorkerControls(page) makes sure /sw.js is
 * registered, active and controlling the page: if the app has registered it (it will, once the lead's code
 * lands), that registration is used; otherwise the test registers it the same way the app would.
 * The worker is built as a classic script (rollupFormat 'iife' in vite.config.ts).
 */
import type { Page } from '@playwright/test';

export const SERVICE_WORKER_URL = '/sw.js';

export interface ServiceWorkerState {
  registeredBy: 'app' | 'test';
  scope: string;
  controllerURL: string;
  activeState: string | null;
}

export async function ensureServiceWorkerControls(page: Page, timeoutMs = 15_000): Promise<ServiceWorkerState> {
  await page.waitForLoadState('load');
  return page.evaluate(
    async ({ scriptURL, timeoutMs }) => {
      const container = navigator.serviceWorker;
      const existing = await container.getRegistration('/');
      const registeredBy = existing ? 'app' : 'test';
      const registration = existing ?? (await container.register(scriptURL, { scope: '/', type: 'classic' }));
      if (!container.controller) {
        // clientsClaim() in the worker takes over this page as soon as it activates.
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no service worker controls the page after ${timeoutMs} ms`)), timeoutMs);
          container.addEventListener(
            'controllerchange',
            () => {
              clearTimeout(timer);
              resolve();
            },
            { once: true },
          );
        });
      }
      // Controlled while 'activating' is possible; wait until activation (and its cleanup) is done.
      const ready = await container.ready;
      const active = ready.active;
      if (active && active.state !== 'activated') {
        await new Promise<void>((resolve) => {
          const check = () => {
            if (active.state === 'activated' || active.state === 'redundant') resolve();
          };
          active.addEventListener('statechange', check);
          check();
        });
      }
      return {
        registeredBy,
        scope: registration.scope,
        controllerURL: container.controller?.scriptURL ?? '',
        activeState: ready.active?.state ?? null,
      } as const;
    },
    { scriptURL: SERVICE_WORKER_URL, timeoutMs },
  );
}
