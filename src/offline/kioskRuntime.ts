/**
 * Everything an enrolled kiosk page runs on, wired once: the device connection (corrected clock,
 * typed client with the device credential, sync run; shared with the service worker), the sync
 * scheduler, the refresh of kiosk data and the health reports that follow both. The React app
 * builds on this and does not know how the pieces fit together.
 */
import type { ApiClient, KioskRef } from '../client';
import type { KioskDb } from './db';
import type { DeviceEnrolment } from './device';
import type { KioskBase } from './kioskBase';
import { connectDevice } from './deviceConnection';
import { browserStoragePersisted, collectDeviceHealth, createHealthReporter } from './deviceHealth';
import { PROBE_INTERVAL_MS, type Reachability } from './reachability';
import { refreshPinSealKey } from './pinSeal';
import { refreshKioskBadges } from './kioskBadges';
import { refreshKioskPreferences } from './kioskPreferences';
import { refreshKioskManagers } from './managerPins';
import { refreshKioskPolicy, refreshKioskSettings, refreshStaff, refreshStaleLookups } from './refreshKioskData';
import { refreshKioskRoster } from './refreshKioskRoster';
import { refreshOpenShiftsElsewhere } from './openShiftsElsewhere';
import type { SyncReport } from './syncOutbox';
import { createSyncScheduler, type SyncScheduler } from './syncScheduler';
import { holdsShown } from './holdLocks';
import { releaseUnshownHolds } from './undoPunch';

export interface KioskRuntime extends KioskBase {
  kiosk: KioskRef;
  /** The client with this device's credential. */
  client: ApiClient;
  sync: SyncScheduler;
  /** Runs one sync now (also what the scheduler runs); `force` sends entries still backing off. */
  syncNow(options?: { force?: boolean }): Promise<SyncReport>;
  /** Refreshes settings and staff from the service; false when it could not be reached. */
  refresh(): Promise<boolean>;
  /** A client for a signed-in manager of this kiosk's service. */
  managerClient(accessToken: string): ApiClient;
  /** Tells the service how this device is doing (fleet health); never rejects, never waits on a failure. */
  reportHealth(options?: { force?: boolean }): Promise<void>;
}

export interface RuntimeOptions {
  fetch?: typeof fetch;
  /** Awaited before each request leaves (the page holds its requests while a new app version takes over). */
  holdUntil?: () => Promise<void>;
  /** The app build, for health reports (the offline layer does not know it). */
  appVersion?: string;
  /** The page's kiosk base, already open (its clock and reachability are shared). */
  base?: KioskBase;
  onError?: (error: unknown) => void;
}

export async function createKioskRuntime(db: KioskDb, enrolment: DeviceEnrolment, options: RuntimeOptions = {}): Promise<KioskRuntime> {
  const { kiosk, clock, reachability, client, clientFor, syncNow } = await connectDevice(db, enrolment, {
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.holdUntil ? { holdUntil: options.holdUntil } : {}),
    ...(options.base ? { base: options.base } : {}),
  });
  const health = createHealthReporter({
    collect: () =>
      collectDeviceHealth({ db, clockOffsetMs: () => clock.offsetMs(), now: () => clock.now(), appVersion: options.appVersion ?? 'dev', storagePersisted: browserStoragePersisted }),
    send: (report, signal) => client.device.reportHealth(report, { signal }),
  });
  // After each sync that reached the service, the queue it changed is worth reporting (at most every 20 s).
  const runAndReport = async (runOptions: { force: boolean }) => {
    const report = await syncNow(runOptions);
    if (!report.offline) void health.report();
    return report;
  };
  // This page has just loaded, with no receipt on screen: clock-offs held for an undo go, but for
  // those another tab's receipt still offers (undoPunch.ts, holdLocks.ts).
  await releaseUnshownHolds(db, await holdsShown());
  const sync = createSyncScheduler({ run: runAndReport, db, now: () => clock.now().getTime(), ...(options.onError ? { onError: options.onError } : {}) });
  probeWhileUnreachable(reachability, client, () => sync.trigger());
  return {
    db,
    enrolment,
    kiosk,
    clock,
    reachability,
    client,
    sync,
    syncNow,
    async refresh() {
      try {
        const settings = await refreshKioskSettings(db, client, kiosk);
        await refreshKioskPolicy(db, client);
        await refreshStaff(db, client, kiosk, clock.now());
        await refreshStaleLookups(db, client, kiosk, clock.now());
        await refreshPinSealKey(db, client, kiosk);
        await refreshKioskPreferences(db, client, kiosk);
        // The managers' names only add a quicker way into manager mode: a failure keeps the last list.
        await refreshKioskManagers(db, client, kiosk, clock.now()).catch((error: unknown) => options.onError?.(error));
        // The roster only adds to the clock-on screens: a failure keeps the last copy, not the refresh.
        await refreshKioskRoster(db, client, kiosk, settings.ianaTimeZone || Intl.DateTimeFormat().resolvedOptions().timeZone, clock.now()).catch((error: unknown) => options.onError?.(error));
        await refreshOpenShiftsElsewhere(db, client, kiosk, clock.now()).catch((error: unknown) => options.onError?.(error));
        // Badges are one way in beside the names: a failure keeps the last mode and verifiers.
        await refreshKioskBadges(db, client, kiosk, clock.now()).catch((error: unknown) => options.onError?.(error));
        void health.report();
        return true;
      } catch (error) {
        options.onError?.(error);
        return false;
      }
    },
    managerClient: clientFor,
    reportHealth: (reportOptions) => health.report(reportOptions),
  };
}

/**
 * While the service is unreachable, asks it who this device is every PROBE_INTERVAL_MS (a cheap
 * authenticated call, abandoned after the interval) until it answers; then sends what waits.
 */
function probeWhileUnreachable(reachability: Reachability, client: ApiClient, onBack: () => void) {
  let timer: ReturnType<typeof setInterval> | null = null;
  const probe = () => {
    void client.device.whoAmI({ signal: AbortSignal.timeout(PROBE_INTERVAL_MS) }).catch(() => undefined);
  };
  // The browser noticing a network again is a reason to ask at once, not proof of an answer.
  globalThis.addEventListener?.('online', () => {
    if (reachability.unreachable()) probe();
  });
  reachability.subscribe(() => {
    const down = reachability.unreachable();
    if (down && timer === null) {
      timer = setInterval(probe, PROBE_INTERVAL_MS);
      // Never the reason a process (a test, a script) stays alive.
      (timer as { unref?: () => void }).unref?.();
    }
    if (!down && timer !== null) {
      clearInterval(timer);
      timer = null;
      onBack();
    }
  });
}
