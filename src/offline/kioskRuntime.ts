/**
 * Everything an enrolled kiosk page runs on, wired once: the device connection (corrected clock,
 * typed client with the device credential, sync run; shared with the service worker), the sync
 * scheduler and the refresh of kiosk data. The React app builds on this and does not know how the
 * pieces fit together.
 */
import type { ApiClient, KioskRef } from '../client';
import type { KioskClock } from './clock';
import type { KioskDb } from './db';
import type { DeviceEnrolment } from './device';
import { connectDevice } from './deviceConnection';
import { refreshPinSealKey } from './pinSeal';
import { refreshKioskPolicy, refreshKioskSettings, refreshStaff, refreshStaleLookups } from './refreshKioskData';
import type { SyncReport } from './syncOutbox';
import { createSyncScheduler, type SyncScheduler } from './syncScheduler';

export interface KioskRuntime {
  db: KioskDb;
  enrolment: DeviceEnrolment;
  kiosk: KioskRef;
  clock: KioskClock;
  /** The client with this device's credential. */
  client: ApiClient;
  sync: SyncScheduler;
  /** Runs one sync now (also what the scheduler runs); `force` sends entries still backing off. */
  syncNow(options?: { force?: boolean }): Promise<SyncReport>;
  /** Refreshes settings and staff from the service; false when it could not be reached. */
  refresh(): Promise<boolean>;
  /** A client for a signed-in manager of this kiosk's service. */
  managerClient(accessToken: string): ApiClient;
}

export interface RuntimeOptions {
  fetch?: typeof fetch;
  onError?: (error: unknown) => void;
}

export async function createKioskRuntime(db: KioskDb, enrolment: DeviceEnrolment, options: RuntimeOptions = {}): Promise<KioskRuntime> {
  const { kiosk, clock, client, clientFor, syncNow } = await connectDevice(db, enrolment, options.fetch ? { fetch: options.fetch } : {});
  const sync = createSyncScheduler({ run: syncNow, db, now: () => clock.now().getTime(), ...(options.onError ? { onError: options.onError } : {}) });
  return {
    db,
    enrolment,
    kiosk,
    clock,
    client,
    sync,
    syncNow,
    async refresh() {
      try {
        await refreshKioskSettings(db, client, kiosk);
        await refreshKioskPolicy(db, client);
        await refreshStaff(db, client, kiosk, clock.now());
        await refreshStaleLookups(db, client, kiosk, clock.now());
        await refreshPinSealKey(db, client, kiosk);
        return true;
      } catch (error) {
        options.onError?.(error);
        return false;
      }
    },
    managerClient: clientFor,
  };
}
