/**
 * Who of this kiosk's staff is clocked on at another kiosk (issue 10, part 4), so the staff grid
 * and the person's screen can say so ("Clocked on at Back door"). The service's shift search
 * answers every open shift however old for a window starting now, so one call at each kiosk
 * refresh finds them all; the person's own shifts fetched at sign-in (workHistory.ts) update
 * their entry. Kept as one `meta` record, read with zod/mini (the grid reads it).
 */
import * as z from 'zod/mini';
import type { ApiClient, KioskRef } from '../client';
import type { KioskDb } from './db';
import { isoInstant, readRecord, type StoredAttendance } from './records';

export const OPEN_SHIFTS_KEY = 'openShiftsElsewhere';

const OpenShift = z.object({ kioskId: z.int(), kioskName: z.nullable(z.string()), startTimeUtc: isoInstant });
export type OpenShiftElsewhere = z.infer<typeof OpenShift>;
const OpenShifts = z.record(z.string(), OpenShift);
type OpenShifts = z.infer<typeof OpenShifts>;

/** A clocked shift as the service's search answers it (only what this needs). */
export interface SearchedShift {
  startTimeUtc: string;
  endTimeUtc: string | null;
  kioskId: number;
  kioskName: string | null;
  employee?: { employeeId: number } | null;
}

export function readOpenShifts(value: unknown): OpenShifts {
  return readRecord(OpenShifts, value) ?? {};
}

/**
 * The open shift of a person at another kiosk, when it is the shift this tablet shows them on
 * (same clock-on): a shift this tablet has since clocked off, or an older copy, does not count.
 */
export function openShiftElsewhere(kept: OpenShifts, employeeId: number, local: StoredAttendance): OpenShiftElsewhere | null {
  const open = kept[String(employeeId)];
  if (!open || local.clockOnTimeUtc === null || (local.status !== 'ClockedOn' && local.status !== 'OnBreak')) return null;
  return Date.parse(open.startTimeUtc) === Date.parse(local.clockOnTimeUtc) ? open : null;
}

function openElsewhere(shifts: readonly SearchedShift[], kioskId: number) {
  return shifts.filter((s) => s.endTimeUtc === null && s.kioskId !== kioskId);
}

/** Refreshes the whole record from the service's open shifts (one search). */
export async function refreshOpenShiftsElsewhere(db: KioskDb, client: ApiClient, kiosk: KioskRef, now: Date): Promise<void> {
  const shifts = await client.shifts.search(kiosk.businessId, { fromDateUtc: now.toISOString() });
  const next: OpenShifts = {};
  for (const s of openElsewhere(shifts, kiosk.kioskId)) {
    if (s.employee) next[String(s.employee.employeeId)] = { kioskId: s.kioskId, kioskName: s.kioskName, startTimeUtc: s.startTimeUtc };
  }
  await db.meta.put({ key: OPEN_SHIFTS_KEY, value: next });
}

/** Updates one person's entry from their own shifts (fetched at sign-in). */
export async function noteOpenShiftsOf(db: KioskDb, employeeId: number, shifts: readonly SearchedShift[], kioskId: number): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const kept = readOpenShifts((await db.meta.get(OPEN_SHIFTS_KEY))?.value);
    const [open] = openElsewhere(shifts, kioskId);
    if (open) kept[String(employeeId)] = { kioskId: open.kioskId, kioskName: open.kioskName, startTimeUtc: open.startTimeUtc };
    else delete kept[String(employeeId)];
    await db.meta.put({ key: OPEN_SHIFTS_KEY, value: kept });
  });
}
