/**
 * The sync engine's state as a discriminated union, kept in IndexedDB so every tab (and the
 * service worker) shows the same thing: idle (up to date), pushing, retrying (something backs off
 * after 5xx/429), offline or error, plus when it last succeeded: a run that reached the service and
 * either left nothing waiting or delivered something.
 */
import * as z from 'zod/mini';
import type { KioskDb } from './db';
import { readRecord } from './records';

/** What one sync run did (kept with the status, so every tab can show it). */
export const SyncReport = z.object({
  delivered: z.number(),
  reconciled: z.number(),
  attention: z.number(),
  /** Entries not tried because they (or an earlier entry of the same employee) back off. */
  deferred: z.number(),
  /** Entries that failed in a way worth retrying (5xx, 429) and now back off; absent in older records. */
  retrying: z._default(z.number(), 0),
  offline: z.boolean(),
});
export type SyncReport = z.output<typeof SyncReport>;

export const SyncStatus = z.discriminatedUnion('state', [
  z.object({ state: z.literal('idle'), at: z.number(), report: z.optional(SyncReport) }),
  z.object({ state: z.literal('pushing'), at: z.number() }),
  z.object({ state: z.literal('retrying'), at: z.number(), report: SyncReport }),
  z.object({ state: z.literal('offline'), at: z.number(), report: z.optional(SyncReport) }),
  z.object({ state: z.literal('error'), at: z.number(), message: z.string() }),
]);
export type SyncStatus = z.infer<typeof SyncStatus>;

const StoredStatus = z.object({ current: SyncStatus, lastSuccessAt: z.nullable(z.number()) });
export type StoredSyncStatus = z.infer<typeof StoredStatus>;

const KEY = 'syncStatus';

export async function readSyncStatus(db: KioskDb): Promise<StoredSyncStatus> {
  const row = await db.meta.get(KEY);
  return readRecord(StoredStatus, row?.value) ?? { current: { state: 'idle', at: 0 }, lastSuccessAt: null };
}

export async function writeSyncStatus(db: KioskDb, status: SyncStatus): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const previous = await readSyncStatus(db);
    const report = 'report' in status ? status.report : undefined;
    const succeeded = report !== undefined && !report.offline && (status.state === 'idle' || report.delivered + report.reconciled > 0);
    const value: StoredSyncStatus = { current: status, lastSuccessAt: succeeded ? status.at : previous.lastSuccessAt };
    await db.meta.put({ key: KEY, value });
  });
}
