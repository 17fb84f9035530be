/**
 * A clock the kiosk can trust: the device's clock corrected by its measured offset from the
 * service's. Every response's `Date` header gives a sample; the estimate is the median of the
 * recent samples with the shortest round trips (the least uncertain ones), kept in IndexedDB so a
 * restart offline still uses the last known offset. It never runs backwards by a small step, nor repeats a time.
 */
import * as z from 'zod/mini';
import type { KioskDb } from './db';
import { readRecord } from './records';

export const MAX_SAMPLES = 15;
/** A skew above this is shown to managers. */
export const SKEW_WARNING_MS = 60_000;
/**
 * A new estimate may move the corrected time back by up to a Date header's second of
 * uncertainty; such a step is absorbed (the clock creeps on a millisecond per reading until it is
 * caught up), so times of record and retry schedules never run backwards and never repeat. A larger step back is a real clock change
 * (the device's own clock was set back) and is taken at once.
 */
export const MAX_HELD_STEP_BACK_MS = 2_000;

const Sample = z.object({ offsetMs: z.number(), roundTripMs: z.number(), at: z.number() });
export type ClockSample = z.infer<typeof Sample>;
const StoredClock = z.object({ offsetMs: z.number(), samples: z.array(Sample) });
type StoredClock = z.infer<typeof StoredClock>;

const KEY = 'clock';

/**
 * One sample from a response. The Date header is truncated to the second, so half a second is
 * added back; the response is assumed to have been stamped halfway through the round trip.
 */
export function sampleFromResponse(serverDate: Date, roundTripMs: number, receivedAt: number): ClockSample {
  const serverMs = serverDate.getTime() + 500;
  const localMidpoint = receivedAt - roundTripMs / 2;
  return { offsetMs: Math.round(serverMs - localMidpoint), roundTripMs, at: receivedAt };
}

/** Median offset of the faster half of the samples. */
export function estimateOffset(samples: readonly ClockSample[]): number {
  if (samples.length === 0) return 0;
  const fastest = [...samples].sort((a, b) => a.roundTripMs - b.roundTripMs).slice(0, Math.max(1, Math.ceil(samples.length / 2)));
  const offsets = fastest.map((s) => s.offsetMs).sort((a, b) => a - b);
  const middle = Math.floor(offsets.length / 2);
  const median = offsets.length % 2 ? offsets[middle] : ((offsets[middle - 1] ?? 0) + (offsets[middle] ?? 0)) / 2;
  return Math.round(median ?? 0);
}

export interface KioskClock {
  /** The corrected current time. */
  now(): Date;
  offsetMs(): number;
  /** Records a response's Date header (wire this to the API client's onServerDate). */
  observe(serverDate: Date, roundTripMs: number): void;
  /** Loads the last known offset (call once at start). */
  load(): Promise<void>;
}

export function createKioskClock(db: KioskDb, deviceNow: () => number = Date.now): KioskClock {
  let state: StoredClock = { offsetMs: 0, samples: [] };
  let writing = Promise.resolve();
  let latest = Number.NEGATIVE_INFINITY;
  return {
    now() {
      const corrected = deviceNow() + state.offsetMs;
      // Held back, the clock still moves a millisecond per reading: times of record stay distinct.
      latest = corrected <= latest && latest - corrected <= MAX_HELD_STEP_BACK_MS ? latest + 1 : corrected;
      return new Date(latest);
    },
    offsetMs: () => state.offsetMs,
    observe(serverDate, roundTripMs) {
      if (Number.isNaN(serverDate.getTime())) return;
      const samples = [...state.samples, sampleFromResponse(serverDate, roundTripMs, deviceNow())].slice(-MAX_SAMPLES);
      state = { offsetMs: estimateOffset(samples), samples };
      const snapshot = state;
      writing = writing
        .then(async () => {
          await db.meta.put({ key: KEY, value: snapshot });
        })
        .catch(() => undefined);
    },
    async load() {
      const row = await db.meta.get(KEY);
      state = readRecord(StoredClock, row?.value) ?? state;
    },
  };
}
