/**
 * Sync runs built from what is stored on the device alone (the enrolment in IndexedDB), for the
 * service worker: it has no React app and no runtime object, only the database, and connects with
 * the same corrected clock as the page (deviceConnection.ts). Web Locks keep it from racing a
 * tab's run. A Background Sync wake also waits for a clock-off's undo hold to end
 * (deliverInBackground), since no tab may be left to send it.
 */
import type { KioskDb } from './db';
import { readEnrolment } from './device';
import { connectDevice, type DeviceConnection } from './deviceConnection';
import { webLocks } from './exclusiveLock';
import { untilHoldLetGo } from './holdLocks';
import { readRecords, OutboxRecord } from './records';
import type { SyncReport } from './syncOutbox';
import { CLOCK_OFF_HOLD_MS, isHeld, releaseHeldPunch } from './undoPunch';

export const BACKGROUND_SYNC_TAG = 'kiosk-outbox';

/** How long a Background Sync wake waits, at most, for holds to end: the hold's own limit and a margin. */
export const HOLD_WAIT_LIMIT_MS = CLOCK_OFF_HOLD_MS + 5_000;
/** A wake waits this far past a hold's end, so the run after it finds the hold over on a clock that creeps (clock.ts). */
export const PAST_HOLD_MS = 250;
/** Runs a wake makes at most: the first, one after the holds it found, one after holds queued meanwhile. */
const MAX_RUNS = 3;

/** The enrolled kiosk's connection, when it is enrolled and its outbox holds something to send. */
async function connectionWithWork(db: KioskDb, fetchImpl?: typeof fetch): Promise<DeviceConnection | null> {
  const enrolment = await readEnrolment(db);
  if (!enrolment) return null;
  if ((await db.outbox.count()) === 0) return null;
  return connectDevice(db, enrolment, fetchImpl ? { fetch: fetchImpl } : {});
}

/** Runs one sync for the enrolled kiosk; null when the device is not enrolled or has nothing to send. */
export async function syncFromStore(db: KioskDb, fetchImpl?: typeof fetch): Promise<SyncReport | null> {
  const connection = await connectionWithWork(db, fetchImpl);
  return connection ? connection.syncNow() : null;
}

export interface BackgroundDeliveryOptions {
  fetchImpl?: typeof fetch;
  /** Waits for a hold's time limit where Web Locks are missing; a test passes one that moves its own clock. */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The entries still held at `now`. */
async function heldEntries(db: KioskDb, now: number): Promise<OutboxRecord[]> {
  return readRecords(OutboxRecord, await db.outbox.toArray()).filter((entry) => isHeld(entry, now));
}

/**
 * Waits for each hold to end: when no tab shows it any more (its tab closed, or its receipt went)
 * the hold ends here and then; otherwise, or where that cannot be known, after `waitMs`, past the
 * last hold's time limit.
 */
async function waitForHolds(db: KioskDb, held: readonly OutboxRecord[], waitMs: number, sleep: (ms: number) => Promise<void>): Promise<void> {
  if (!webLocks()) return sleep(waitMs);
  await Promise.all(
    held.map(async (entry) => {
      if (await untilHoldLetGo(entry.id, waitMs)) await releaseHeldPunch(db, entry.id);
    }),
  );
}

/**
 * What a Background Sync wake does. A clock-off is queued held for its undo (undoPunch.ts) while
 * the sync it asks for comes at once, so that first run finds it held; and the tab that would end
 * the hold and send it may be gone (closed straight after the clock-off, or killed by the tablet),
 * with it the page's own retries. So the wake waits until the holds it finds have ended (at once
 * when no tab shows them any more, holdLocks.ts; at the latest at their time limit) and runs
 * again. It settles only with the outbox empty: whatever is left (the service unreachable or
 * failing, an entry backing off, a hold begun since) rejects it, and the browser wakes the worker
 * again later.
 */
export async function deliverInBackground(db: KioskDb, options: BackgroundDeliveryOptions = {}): Promise<void> {
  const connection = await connectionWithWork(db, options.fetchImpl);
  if (!connection) return;
  const sleep = options.sleep ?? realSleep;
  const now = () => connection.clock.now().getTime();
  const waitEnds = now() + HOLD_WAIT_LIMIT_MS;
  for (let run = 1; run <= MAX_RUNS; run += 1) {
    if ((await db.outbox.count()) === 0) return;
    const report = await connection.syncNow();
    const held = await heldEntries(db, now());
    if (report.offline || held.length === 0 || run === MAX_RUNS) break;
    const until = Math.min(Math.max(...held.map((entry) => entry.heldUntil ?? 0)), waitEnds);
    if (until <= now()) break;
    await waitForHolds(db, held, until - now() + PAST_HOLD_MS, sleep);
  }
  const left = await db.outbox.count();
  if (left > 0) throw new Error(`${left} outbox ${left === 1 ? 'entry is' : 'entries are'} still waiting; the browser will wake the service worker again`);
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
