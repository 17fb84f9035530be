/**
 * addshift: a finished shift recorded in one call, for a manager fixing a forgotten punch or a
 * kiosk that captured a whole shift offline. It must not overlap the employee's other shifts
 * (including the open one), and it writes the same shift, break, punch and timesheet records as
 * live punches would have.
 */
import { and, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { AddShiftModelInput, KioskEmployeeModel } from '../../../contract/generated/models';
import { checkCompleteShift, type CompleteShiftPlan } from '../../../domain/completeShift';
import { isOnShift, type PunchKind } from '../../../domain/attendance';
import type { Database } from '../../db/openDatabase';
import { clockShifts, employees, punches, shiftBreaks, shiftNotes } from '../../db/schema';
import { invalidField } from '../../errors/apiError';
import { checkClockOnChoices } from '../punches/clockOnChoices';
import { readBusinessRequirements, withBusinessRequirements } from '../punches/clockOnRequirements';
import { attendanceStateOf, requireEmployeeId, toKioskEmployee } from '../people/kioskEmployees';
import { decodePhoto } from '../punches/photos';
import type { PunchContext } from '../punches/punchContext';
import { checkAdminClaim, checkBodyKiosk, submitter, timeOfRecord } from '../punches/punchChecks';
import { loadPunchingEmployee, punchAuditRow, storePhoto } from '../punches/store/punchStore';
import { journalPunches } from '../journal/journalWrites';
import { rosterShiftIdForClockOn } from '../rosters/rosterMatching';
import { writeLineForShift } from '../timesheets/timesheetLines';
import { toNoteModel } from './shiftNotes';
import { punchEvents } from '../webhooks/webhookPayloads';
import { inTransaction } from '../../db/transactions';

function requiredTime(value: string | null | undefined, field: string, now: Date): Date {
  if (value === null || value === undefined) throw invalidField('validation-failed', field, `${field} is required.`);
  return timeOfRecord(value, now, field);
}

function planOf(body: AddShiftModelInput, ctx: PunchContext): CompleteShiftPlan {
  const breaks = (body.breaks ?? []).map((b, i) => {
    const isPaidBreak = b.isPaidBreak || Boolean(b.start?.isPaidBreak) || Boolean(b.end?.isPaidBreak);
    if (isPaidBreak && !ctx.point.paidBreaksEnabled) {
      throw invalidField('validation-failed', `breaks.${i}.isPaidBreak`, 'Paid breaks are not enabled on this kiosk.');
    }
    return {
      start: requiredTime(b.start?.recordedTimeUtc, `breaks.${i}.start.recordedTimeUtc`, ctx.now),
      end: requiredTime(b.end?.recordedTimeUtc, `breaks.${i}.end.recordedTimeUtc`, ctx.now),
      isPaidBreak,
    };
  });
  return {
    start: requiredTime(body.recordedStartTimeUtc, 'recordedStartTimeUtc', ctx.now),
    end: requiredTime(body.recordedEndTimeUtc, 'recordedEndTimeUtc', ctx.now),
    breaks,
  };
}

/** Records a complete shift and returns the employee's (unchanged) live state. */
export async function recordCompleteShift(db: Database, ctx: PunchContext, body: AddShiftModelInput): Promise<KioskEmployeeModel> {
  const employeeId = requireEmployeeId(body.employeeId);
  checkBodyKiosk(body.kioskId, ctx.point);
  checkAdminClaim(body.isAdminInitiated, ctx);
  const plan = planOf(body, ctx);
  const photo = body.image ? decodePhoto(body.image, ctx.settings.maxPhotoBytes) : null;
  const note = body.note?.trim();

  return inTransaction(db, async (tx) => {
    const employee = await loadPunchingEmployee(tx, ctx, employeeId, true);
    const nearby = await tx
      .select({ start: clockShifts.startUtc, end: clockShifts.endUtc })
      .from(clockShifts)
      .where(
        and(
          eq(clockShifts.employeeId, employee.id),
          inArray(clockShifts.status, ['open', 'completed']),
          lt(clockShifts.startUtc, plan.end),
          or(isNull(clockShifts.endUtc), gt(clockShifts.endUtc, plan.start)),
        ),
      );
    const existing = nearby.map((s) => ({ start: s.start, end: s.end ?? ctx.now }));
    const problem = checkCompleteShift(plan, existing, ctx.now, ctx.settings.maxFutureSkewMs);
    if (problem) {
      const field = problem.breakIndex === undefined ? 'recordedEndTimeUtc' : `breaks.${problem.breakIndex}`;
      throw invalidField(problem.code, field, problem.message);
    }
    const rules = withBusinessRequirements(ctx.point, await readBusinessRequirements(tx, ctx.businessId));
    const choices = await checkClockOnChoices(tx, ctx.businessId, rules, employee, body);
    const rosterShiftId = await rosterShiftIdForClockOn(tx, ctx.businessId, ctx.point, employee.id, plan.start, choices);

    const [shift] = await tx
      .insert(clockShifts)
      .values({
        businessId: ctx.businessId,
        employeeId: employee.id,
        kioskId: ctx.point.id,
        ianaTimeZone: ctx.point.ianaTimeZone,
        startUtc: plan.start,
        endUtc: plan.end,
        status: 'completed',
        ...choices,
        rosterShiftId,
      })
      .returning();
    if (!shift) throw new Error('insert returned no shift');
    const breaks = plan.breaks.map((b) => ({ shiftId: shift.id, startUtc: b.start, endUtc: b.end, isPaidBreak: b.isPaidBreak }));
    if (breaks.length > 0) await tx.insert(shiftBreaks).values(breaks);

    // A person exempt from photos has none kept, even if one was sent.
    const photoId = photo && !employee.photoExempt ? await storePhoto(tx, ctx.businessId, photo, ctx.now) : null;
    const audit = (kind: PunchKind, at: Date, withPhoto = false) =>
      punchAuditRow(ctx, body, { employeeId: employee.id, shiftId: shift.id, kind, at, recordedTimeUtc: at, photoId: withPhoto ? photoId : null, photoExempt: employee.photoExempt });
    const punchRows = await tx
      .insert(punches)
      .values([
        audit('clockOn', plan.start, true),
        ...plan.breaks.flatMap((b) => [audit('startBreak', b.start), audit('endBreak', b.end)]),
        audit('clockOff', plan.end),
      ])
      .returning();
    await journalPunches(tx, ctx.businessId, punchRows.sort((a, b) => a.id - b.id));
    const [noteRow] = note
      ? await tx
        .insert(shiftNotes)
        .values({
          businessId: ctx.businessId,
          shiftId: shift.id,
          employeeId: employee.id,
          type: 'Shift',
          visibility: body.noteVisibility ?? 'Visible',
          note,
          createdByAdmin: body.isAdminInitiated,
          createdAt: ctx.now,
        })
        .returning()
      : [];

    // Later punches must not precede a shift recorded after the employee's last punch.
    const state = attendanceStateOf(employee);
    const last = state.lastPunchTimeUtc;
    const bump = !isOnShift(state.status) && (last === null || last.getTime() < plan.end.getTime());
    const [updated] = bump
      ? await tx.update(employees).set({ lastPunchTimeUtc: plan.end }).where(eq(employees.id, employee.id)).returning()
      : [employee];
    const current = updated ?? employee;
    const model = toKioskEmployee(current, {
      now: ctx.now,
      longShiftMinutes: ctx.settings.longShiftMinutes,
      groupIds: await ctx.groupIdsOf(tx, current),
    });
    // Web hooks: every punch of the added shift, in order, then its note, then its line.
    const place = { businessId: ctx.businessId, kioskId: ctx.point.id, shiftId: shift.id, employeeId: employee.id };
    const shiftPunches = [
      { kind: 'clockOn' as const, at: plan.start },
      ...plan.breaks.flatMap((b) => [{ kind: 'startBreak' as const, at: b.start }, { kind: 'endBreak' as const, at: b.end }]),
      { kind: 'clockOff' as const, at: plan.end },
    ];
    // The line's TimesheetCreated after the punches it comes from, in one statement.
    const events = punchEvents(place, shiftPunches, model, noteRow && toNoteModel(noteRow, employee));
    await writeLineForShift(tx, { ...shift, endUtc: plan.end, breaks }, submitter(ctx), events);
    return model;
  });
}
