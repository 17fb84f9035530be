/**
 * Live views of the kiosk's durable data (IndexedDB through Dexie's useLiveQuery): staff with their
 * local status, kiosk settings, the outbox size and the sync status. Re-render when any tab or the
 * service worker changes them. Only light modules here (records in zod/mini): the staff grid and
 * header use these before anything else has loaded; the full settings are in useKioskSettings.ts.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { KioskDb } from '../../offline/db';
import { AttentionRecord, isCountedOperation, readRecord, readRecords, StaffRecord } from '../../offline/records';
import { readKioskHeading, type KioskHeading } from '../../offline/kioskHeading';
import { readSyncStatus, type StoredSyncStatus } from '../../offline/syncStatus';
import { OPEN_SHIFTS_KEY, readOpenShifts } from '../../offline/openShiftsElsewhere';
import { readKioskBreakRules, type KioskBreakRules } from '../../offline/kioskBreakRules';
import type { BadgeMode } from '../../domain/badges';
import { readBadgeMode } from '../../offline/badgesRecord';

export function useStaff(db: KioskDb): StaffRecord[] | undefined {
  return useLiveQuery(async () => readRecords(StaffRecord, await db.staff.orderBy('sortName').toArray()), [db]);
}

export function useStaffMember(db: KioskDb, employeeId: number | null): StaffRecord | null | undefined {
  return useLiveQuery(async () => (employeeId === null ? null : readRecord(StaffRecord, await db.staff.get(employeeId))), [db, employeeId]);
}

/** Who of the staff is clocked on at another kiosk (openShiftsElsewhere.ts); empty until known. */
export function useOpenShiftsElsewhere(db: KioskDb): ReturnType<typeof readOpenShifts> {
  return useLiveQuery(async () => readOpenShifts((await db.meta.get(OPEN_SHIFTS_KEY))?.value), [db]) ?? {};
}

/** The break and rest rules (the business's, the locations') as the kiosk last received them (kioskBreakRules.ts); undefined while reading. */
export function useBreakRules(db: KioskDb): KioskBreakRules | undefined {
  return useLiveQuery(() => readKioskBreakRules(db), [db]);
}

/** How this kiosk accepts badges as the tablet last heard; null before it has heard (undefined while reading). */
export function useBadgeMode(db: KioskDb): BadgeMode | null | undefined {
  return useLiveQuery(() => readBadgeMode(db), [db]);
}

/** The kiosk's name and time zone (the whole settings: useKioskSettings.ts). */
export function useKioskHeading(db: KioskDb): KioskHeading | null | undefined {
  return useLiveQuery(() => readKioskHeading(db), [db]);
}

/** Every entry of the outbox (for managers: what the device still has to send). */
export function usePendingCount(db: KioskDb): number {
  return useLiveQuery(() => db.outbox.count(), [db]) ?? 0;
}

/** Punches and notes waiting to be sent: the count people see (records.ts, isCountedOperation). */
export function usePendingPunchCount(db: KioskDb): number {
  return useLiveQuery(() => db.outbox.filter((entry) => isCountedOperation(entry.op)).count(), [db]) ?? 0;
}

/**
 * Whether a punch still waits for the network. A clock-off held for its undo (undoPunch.ts) is in
 * the outbox without waiting for anything, unless the service cannot be reached anyway.
 */
export function useIsQueued(db: KioskDb, entryId: string | null, unreachable = false): boolean {
  return (
    useLiveQuery(async () => {
      const entry = entryId ? await db.outbox.where('id').equals(entryId).first() : undefined;
      return entry !== undefined && (!entry.heldUntil || unreachable);
    }, [db, entryId, unreachable]) ?? false
  );
}

export function useSyncStatus(db: KioskDb): StoredSyncStatus | undefined {
  return useLiveQuery(() => readSyncStatus(db), [db]);
}

export function useAttention(db: KioskDb): AttentionRecord[] {
  return useLiveQuery(async () => readRecords(AttentionRecord, await db.attention.orderBy('movedAt').toArray()), [db]) ?? [];
}
