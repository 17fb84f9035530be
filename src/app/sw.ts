/**
 * The kiosk's service worker (vite-plugin-pwa `injectManifest`; built to dist/sw.js).
 * Precaches the whole build so the shell starts with no network, answers app navigations with the
 * precached index.html (never the service's own /api, /oauth, /docs, /healthz pages), and takes
 * control of open pages on first install. A new version waits until the app posts
 * `{ type: 'SKIP_WAITING' }`: the app picks the moment, never in the middle of a clock-on.
 *
 * It also delivers the kiosk's outbox: whenever it starts, and when Background Sync wakes it after
 * connectivity returns, it runs the same sync engine as the page (one run at a time, Web Locks). A
 * wake waits for a clock-off's undo hold to end (at once when no tab shows its receipt any more),
 * since the tab that would send it may be gone, and fails while anything is left, so the browser
 * wakes it again (storedSync.ts).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { openKioskDb } from '../offline/db';
import { BACKGROUND_SYNC_TAG, deliverInBackground, syncFromStore } from '../offline/storedSync';

declare const self: ServiceWorkerGlobalScope;

/** Paths the service answers itself; matched case-insensitively like the service's routing. */
const SERVICE_PATHS = /^\/(?:api|oauth|docs|healthz)(?:\/|$)/i;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [SERVICE_PATHS] }));

function isSkipWaiting(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING';
}

self.addEventListener('message', (event) => {
  if (isSkipWaiting(event.data)) void self.skipWaiting();
});

clientsClaim();

interface SyncEventLike extends ExtendableEvent {
  readonly tag: string;
}

const db = openKioskDb();
const syncQuietly = () => syncFromStore(db).catch(() => null);

self.addEventListener('sync', (event) => {
  const sync = event as SyncEventLike;
  if (sync.tag === BACKGROUND_SYNC_TAG) sync.waitUntil(deliverInBackground(db));
});

// Every start of the worker is a chance to deliver what is waiting.
void syncQuietly();
