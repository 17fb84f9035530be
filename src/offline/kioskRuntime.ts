/**
 * Everything an enrolled kiosk runs on, wired once: the IndexedDB store, the corrected clock, the
 * typed client with the device credential (every response feeds the clock), the outbox transport
 * and the sync scheduler. The React app and the service worker both build on this; neither knows
 * how the pieces fit together.
 */
import { createApiClient, type ApiClient, type KioskRef } from '../client';
import { createKioskClock, type KioskClock } from './clock';
import { createClientTransport } from './clientTransport';
import type { KioskDb } from './db';
import type { DeviceEnrolment } from './device';
import { refreshPinSealKey } from './pinSeal';
import { refreshKioskSettings, refreshStaff, refreshStaleLookups } from './refreshKioskData';
import { syncOutbox, type SyncReport } from './syncOutbox';
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
  const clock = createKioskClock(db);
  await clock.load();
  const base = { baseUrl: enrolment.serviceUrl, onServerDate: (date: Date, rtt: number) => clock.observe(date, rtt), timeoutMs: 15_000, ...(options.fetch ? { fetch: options.fetch } : {}) };
  const client = createApiClient({ ...base, credentials: () => ({ kind: 'bearer', token: enrolment.token }) });
  const kiosk: KioskRef = { businessId: enrolment.businessId, kioskId: enrolment.kioskId };
  const transport = createClientTransport(client, kiosk);
  const syncNow = (run: { force?: boolean } = {}) => syncOutbox({ db, transport, now: () => clock.now().getTime(), force: run.force === true });
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
        await refreshStaff(db, client, kiosk, clock.now());
        await refreshStaleLookups(db, client, kiosk, clock.now());
        await refreshPinSealKey(db, client, kiosk);
        return true;
      } catch (error) {
        options.onError?.(error);
        return false;
      }
    },
    managerClient: (accessToken) => createApiClient({ ...base, credentials: () => ({ kind: 'bearer', token: accessToken }) }),
  };
}
