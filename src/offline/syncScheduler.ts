/**
 * When the sync engine runs: right after a punch is queued, when the browser comes back online,
 * when the kiosk becomes visible, on a timer, and when the next backed-off entry falls due.
 * Triggers arriving during a run are coalesced into one more run, so nothing queued meanwhile
 * waits for the timer.
 */
import type { KioskDb } from './db';
import type { SyncReport } from './syncOutbox';

export const SYNC_INTERVAL_MS = 30_000;

export interface SyncScheduler {
  /** Asks for a run as soon as possible. */
  trigger(): void;
  /** Asks for a run that also sends entries still backing off ("Send now"). */
  sendNow(): void;
  start(): void;
  stop(): void;
}

export function createSyncScheduler(options: {
  run: (options: { force: boolean }) => Promise<SyncReport | null>;
  db: KioskDb;
  intervalMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}): SyncScheduler {
  const intervalMs = options.intervalMs ?? SYNC_INTERVAL_MS;
  const now = options.now ?? Date.now;
  let running: Promise<void> | null = null;
  let again = false;
  let force = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let started = false;
  let offline = false;

  /**
   * Next run: when the earliest entry that can go falls due; while offline, only after that entry's
   * backoff. Only the first entry of each employee counts: the later ones wait behind it in the
   * sync run, so their own (zero) times must not wake the scheduler every 250 ms meanwhile.
   */
  const scheduleNext = async () => {
    if (!started) return;
    if (timer) clearTimeout(timer);
    const heads = new Map<number, number>();
    for (const entry of await options.db.outbox.orderBy('seq').toArray()) {
      if (!heads.has(entry.employeeId)) heads.set(entry.employeeId, Math.max(entry.nextAttemptAt, entry.heldUntil ?? 0));
    }
    const times = [...heads.values()];
    const future = times.filter((t) => t > now());
    const candidates = offline ? future : times;
    const dueIn = candidates.length > 0 ? Math.max(0, Math.min(...candidates) - now()) : intervalMs;
    timer = setTimeout(trigger, Math.min(intervalMs, Math.max(offline ? 2_000 : 250, dueIn)));
  };

  const loop = async () => {
    do {
      again = false;
      const forced = force;
      force = false;
      try {
        const report = await options.run({ force: forced });
        offline = report?.offline ?? false;
      } catch (error) {
        options.onError?.(error);
      }
    } while (again);
    running = null;
    await scheduleNext();
  };

  function trigger() {
    if (running) {
      again = true;
      return;
    }
    running = loop();
  }

  const onOnline = () => trigger();
  const sendNow = () => {
    force = true;
    trigger();
  };
  const onVisible = () => {
    if (globalThis.document?.visibilityState === 'visible') trigger();
  };

  return {
    trigger,
    sendNow,
    start() {
      if (started) return;
      started = true;
      globalThis.addEventListener?.('online', onOnline);
      globalThis.document?.addEventListener('visibilitychange', onVisible);
      trigger();
    },
    stop() {
      started = false;
      if (timer) clearTimeout(timer);
      globalThis.removeEventListener?.('online', onOnline);
      globalThis.document?.removeEventListener('visibilitychange', onVisible);
    },
  };
}
