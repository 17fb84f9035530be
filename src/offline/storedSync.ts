/**
 * A sync run built from what is stored on the device alone (the enrolment in IndexedDB), for the
 * service worker: it has no React app and no runtime object, only the database, and connects with
 * the same corrected clock as the page (deviceConnection.ts). Web Locks keep it
 * from racing a tab's run.
 */
import type { KioskDb } from './db';
import { readEnrolment } from './device';
import { connectDevice } from './deviceConnection';
import type { SyncReport } from './syncOutbox';

export const BACKGROUND_SYNC_TAG = 'kiosk-outbox';

/** Runs one sync for the enrolled kiosk; null when the device is not enrolled. */
export async function syncFromStore(db: KioskDb, fetchImpl?: typeof fetch): Promise<SyncReport | null> {
  const enrolment = await readEnrolment(db);
  if (!enrolment) return null;
  if ((await db.outbox.count()) === 0) return null;
  const connection = await connectDevice(db, enrolment, fetchImpl ? { fetch: fetchImpl } : {});
  return connection.syncNow();
}

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/**
 * Asks the browser to wake the service worker for a sync once connectivity returns (Background
 * Sync), where supported. Harmless elsewhere: the page's own scheduler also retries.
 */
export async function requestBackgroundSync(): Promise<boolean> {
  const container = (globalThis as { navigator?: { serviceWorker?: { ready: Promise<{ sync?: SyncManagerLike }> } } }).navigator?.serviceWorker;
  if (!container) return false;
  try {
    const registration = await container.ready;
    if (!registration.sync) return false;
    await registration.sync.register(BACKGROUND_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}
