/**
 * Fleet health, the kiosk's side: what this device reports about itself (queue depth, oldest
 * unsent entry, last successful sync, clock offset, app version, storage persistence, entries
 * needing attention, badges it could not place offline and a badge lockout), read from what it already keeps, and a reporter that sends it now and then
 * without ever holding anything up: a report that fails is dropped, the next one carries the latest.
 */
import type { DeviceHealthReportModel } from '../contract/routes/devices';
import { HEALTH_LIMITS } from '../contract/supporting/devices';
import type { KioskDb } from './db';
import { badgeLockedUntil, unknownBadgesOffline } from './badgeLockout';
import { OutboxRecord, readRecord } from './records';
import { readSyncStatus } from './syncStatus';

/** Reports closer together than this are skipped (a sync after every punch must not mean a report after every punch). */
export const HEALTH_MIN_INTERVAL_MS = 20_000;
/** A report is abandoned after this long; it is never worth waiting for. */
export const HEALTH_TIMEOUT_MS = 10_000;

export interface HealthSources {
  db: KioskDb;
  /** The measured offset of the service's clock from this device's (KioskClock.offsetMs). */
  clockOffsetMs(): number;
  appVersion: string;
  /** navigator.storage.persisted(), or null where the browser cannot say. */
  storagePersisted(): Promise<boolean | null>;
  /** The kiosk's corrected time (a lockout is reported only while it lasts). */
  now(): Date;
}

const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, Math.round(value)));
const bounded = (count: number) => Math.min(count, HEALTH_LIMITS.maxCount);

/** Reads this device's health from IndexedDB and the runtime, in the shape the service accepts. */
export async function collectDeviceHealth(sources: HealthSources): Promise<DeviceHealthReportModel> {
  const { db } = sources;
  const [queueDepth, needsAttention, oldestRow, status, storagePersisted, unknownBadges, badgeLock] = await Promise.all([
    db.outbox.count(),
    db.attention.count(),
    db.outbox.orderBy('seq').first(),
    readSyncStatus(db),
    sources.storagePersisted().catch(() => null),
    unknownBadgesOffline(db),
    badgeLockedUntil(db, sources.now()),
  ]);
  const oldest = readRecord(OutboxRecord, oldestRow);
  return {
    queueDepth: bounded(queueDepth),
    oldestUnsentUtc: oldest ? new Date(oldest.createdAt).toISOString() : null,
    lastSyncUtc: status.lastSuccessAt === null ? null : new Date(status.lastSuccessAt).toISOString(),
    clockOffsetMs: clamp(sources.clockOffsetMs(), HEALTH_LIMITS.maxClockOffsetMs),
    appVersion: versionOf(sources.appVersion),
    storagePersisted,
    needsAttention: bounded(needsAttention),
    unknownBadgesOffline: bounded(unknownBadges.count),
    lastUnknownBadgeOfflineUtc: unknownBadges.lastAt?.toISOString() ?? null,
    badgeLockedUntilUtc: badgeLock?.toISOString() ?? null,
  };
}

/** The version as the service accepts it: visible ASCII, bounded ('dev' when there is none). */
function versionOf(version: string): string {
  const cleaned = version.replace(/[^\x21-\x7e]/g, '').slice(0, HEALTH_LIMITS.maxVersionLength);
  return cleaned || 'dev';
}

/** The browser's answer to whether it keeps this site's data, or null where it has no answer. */
export async function browserStoragePersisted(): Promise<boolean | null> {
  const storage = (globalThis as { navigator?: { storage?: { persisted?: () => Promise<boolean> } } }).navigator?.storage;
  if (!storage?.persisted) return null;
  return storage.persisted();
}

export interface HealthReporter {
  /** Sends a report unless one is under way or one went out recently; `force` ignores the interval. Never rejects. */
  report(options?: { force?: boolean }): Promise<void>;
}

/** A reporter over `send` (the device client's reportHealth); failures are swallowed. */
export function createHealthReporter(options: {
  collect: () => Promise<DeviceHealthReportModel>;
  send: (report: DeviceHealthReportModel, signal: AbortSignal) => Promise<unknown>;
  now?: () => number;
  minIntervalMs?: number;
}): HealthReporter {
  const now = options.now ?? Date.now;
  const minIntervalMs = options.minIntervalMs ?? HEALTH_MIN_INTERVAL_MS;
  let inFlight: Promise<void> | null = null;
  let lastAttemptAt = Number.NEGATIVE_INFINITY;
  return {
    report({ force = false } = {}) {
      if (inFlight) return inFlight;
      if (!force && now() - lastAttemptAt < minIntervalMs) return Promise.resolve();
      lastAttemptAt = now();
      inFlight = (async () => {
        try {
          await options.send(await options.collect(), AbortSignal.timeout(HEALTH_TIMEOUT_MS));
        } catch {
          // Quietly: the next report carries the latest state.
        } finally {
          inFlight = null;
        }
      })();
      return inFlight;
    },
  };
}
