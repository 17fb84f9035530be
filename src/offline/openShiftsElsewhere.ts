/**
 * Who of this kiosk's staff is clocked on at another kiosk, so the staff grid
 * and the person's screen can say so ("Clocked on at another kiosk"). A device sees only its own
 * kiosk's shifts, so at each refresh the tablet compares the staff list (the service's open shift
 * of each person, wherever it is) with the open shifts the service shows it here (one search
 * from now: open shifts count however old): an open shift it cannot see is at another kiosk. A
 * shift it can see at another kiosk (a grant covering several) is named, and one clocked through
 * employee self-service (kiosk 0, which a device sees for kiosk staff) says so. Kept as one `meta`
 * record, read with zod/mini (the grid reads it).
 */
import * as z from 'zod/mini';
import { isOnShift } from '../domain/attendance';
import type { ApiClient, KioskRef } from '../client';
import type { KioskDb } from './db';
import { isoInstant, readRecord, readRecords, StaffRecord, type StoredAttendance } from './records';

export const OPEN_SHIFTS_KEY = 'openShiftsElsewhere';

const OpenShift = z.object({
  shiftId: z.int(),
  /** Null when the kiosk is not one this device may see. */
  kioskName: z.nullable(z.string()),
  /** True when the shift was clocked through employee self-service (at no kiosk). */
  selfService: z.optional(z.boolean()),
  startTimeUtc: isoInstant,
});
export type OpenShiftElsewhere = z.infer<typeof OpenShift>;
const OpenShifts = z.record(z.string(), OpenShift);
type OpenShifts = z.infer<typeof OpenShifts>;

/** A clocked shift as the service's search answers it (only what this needs). */
export interface SearchedShift {
  id: number;
  endTimeUtc: string | null;
  kioskId: number;
  kioskName: string | null;
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
  if (!open || local.clockOnTimeUtc === null || !isOnShift(local.status)) return null;
  return Date.parse(open.startTimeUtc) === Date.parse(local.clockOnTimeUtc) ? open : null;
}

/** Of the staff's open shifts (as the service reported them), those not at this kiosk. */
export function openShiftsElsewhere(staff: readonly StaffRecord[], visible: readonly SearchedShift[], kioskId: number): OpenShifts {
  const seen = new Map(visible.map((s) => [s.id, s]));
  const out: OpenShifts = {};
  for (const person of staff) {
    const { currentShiftId, clockOnTimeUtc, status } = person.server;
    if (currentShiftId === null || clockOnTimeUtc === null || !isOnShift(status)) continue;
    const shift = seen.get(currentShiftId);
    if (shift && shift.kioskId === kioskId) continue;
    // The contract's kioskId is not nullable: a shift clocked through self-service answers kiosk 0.
    const selfService = shift?.kioskId === 0 ? { selfService: true } : {};
    out[String(person.employeeId)] = { shiftId: currentShiftId, kioskName: shift?.kioskName ?? null, startTimeUtc: clockOnTimeUtc, ...selfService };
  }
  return out;
}

/** Refreshes the record: the staff as last refreshed against the open shifts this device can see. */
export async function refreshOpenShiftsElsewhere(db: KioskDb, client: ApiClient, kiosk: KioskRef, now: Date): Promise<void> {
  const visible = await client.shifts.search(kiosk.businessId, { fromDateUtc: now.toISOString() });
  const staff = readRecords(StaffRecord, await db.staff.toArray());
  await db.meta.put({ key: OPEN_SHIFTS_KEY, value: openShiftsElsewhere(staff, visible, kiosk.kioskId) });
}
