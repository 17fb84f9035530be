/**
 * The raw punches behind a timesheet line (project extension): a kiosk line is written
 * rounded, so the manager can see the clocked shift as punched (start, end, breaks, in UTC and in
 * the kiosk's zone) beside it, and the roster shift it was matched to.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { TimesheetLinePunchesModel } from '../../../contract/supporting/timesheets';
import { toLocalDateTime } from '../../../domain/time';
import type { Database } from '../../db/openDatabase';
import { clockShifts, shiftBreaks } from '../../db/schema';
import { loadLine } from './timesheetLines';

/** The line's clocked shift as punched; every time null for a line written by hand. */
export async function linePunches(db: Database, businessId: number, lineId: number): Promise<TimesheetLinePunchesModel> {
  const line = await loadLine(db, businessId, lineId);
  const [shift] =
    line.clockShiftId === null
      ? []
      : await db
          .select()
          .from(clockShifts)
          .where(and(eq(clockShifts.id, line.clockShiftId), eq(clockShifts.businessId, businessId)));
  const zone = shift?.ianaTimeZone ?? line.ianaTimeZone;
  const local = (at: Date | null | undefined) => (at ? toLocalDateTime(at, zone) : null);
  const utc = (at: Date | null | undefined) => (at ? at.toISOString() : null);
  const breaks = shift ? await db.select().from(shiftBreaks).where(eq(shiftBreaks.shiftId, shift.id)).orderBy(asc(shiftBreaks.startUtc)) : [];
  return {
    timesheetLineId: line.id,
    clockShiftId: shift?.id ?? null,
    rosterShiftId: shift?.rosterShiftId ?? line.rosterShiftId ?? null,
    ianaTimeZone: zone,
    startUtc: utc(shift?.startUtc),
    endUtc: utc(shift?.endUtc),
    startLocal: local(shift?.startUtc),
    endLocal: local(shift?.endUtc),
    breaks: breaks.map((b) => ({
      startUtc: b.startUtc.toISOString(),
      endUtc: utc(b.endUtc),
      startLocal: toLocalDateTime(b.startUtc, zone),
      endLocal: local(b.endUtc),
      isPaidBreak: b.isPaidBreak,
    })),
  };
}
