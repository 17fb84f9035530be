/**
 * Live punches (clock on, breaks, clock off, discard). Each runs in one transaction that locks the
 * employee's row, asks the domain state machine what the punch means, and writes its effects: so
 * two kiosks punching one employee at the same instant are serialised and exactly one wins.
 * The same code serves the employee self-service portal: the punch point (punchPoints.ts) says
 * whose rules apply and which kiosk, if any, the shift and punch were made at.
 *
 * The time of record is the device's `recordedTimeUtc` when present (offline punches arrive late),
 * otherwise the moment the service received the punch. How the punch is read and stored (its
 * statements) is the punch store's business (store/punchStore.ts).
 */
import type { KioskEmployeeModel } from '../../../contract/generated/models';
import type { PunchRequest } from '../../../contract/punchKinds';
import { applyPunch, isOnShift, type PunchKind, type ShiftEffect } from '../../../domain/attendance';
import type { CallerRead } from '../../auth/callerReads';
import type { Database } from '../../db/openDatabase';
import { inTransaction } from '../../db/transactions';
import { attendanceStateOf, requireEmployeeId, toKioskEmployee, type EmployeeRow } from '../people/kioskEmployees';
import { matchingGroupIds } from '../people/employeeGroups';
import { rosterShiftIdFrom } from '../rosters/rosterMatching';
import { toNoteModel } from '../shifts/shiftNotes';
import { lineValuesFor, loadLine, timesheetCreatedEvent } from '../timesheets/timesheetLines';
import { punchEvents } from '../webhooks/webhookPayloads';
import { choicesFrom } from './clockOnChoices';
import { withBusinessRequirements } from './clockOnRequirements';
import type { PunchContext } from './punchContext';
import { checkAdminClaim, checkBodyKiosk, paidBreakRequested, photoFor, photoKept, punchRefused, submitter, timeOfRecord } from './punchChecks';
import { punchCallerRead } from './store/punchReads';
import { openPunchStore, punchAuditRow, type PunchInputs, type PunchNote, type PunchStore, type PunchStoreOptions, type PunchToWrite } from './store/punchStore';

export type { PunchContext, PunchSettings } from './punchContext';
export type { PunchRequest } from '../../../contract/punchKinds';

const NOTE_TYPE: Partial<Record<PunchKind, 'ClockOn' | 'ClockOff'>> = { clockOn: 'ClockOn', clockOff: 'ClockOff', discard: 'ClockOff' };

/**
 * Records one live punch and returns the employee's new state: who (the employee, locked), what
 * state (the domain's transition), which rule (a clock-on's choices and roster shift, a clock-off's
 * line), what is written (through the punch store), and who is told (web hooks).
 */
export async function recordPunch(
  db: Database,
  ctx: PunchContext,
  request: PunchRequest,
  /**
   * `sink`: nothing reads or writes after the punch in this request (a punch route's handler), so
   * its write goes with the idempotency record (db/finalWrite.ts); an optimistic sink runs it
   * without a transaction. `prefetched`: what the route guard read with the caller.
   */
  options: PunchStoreOptions = {},
): Promise<KioskEmployeeModel> {
  const { body, kind } = request;
  const employeeId = requireEmployeeId(body.employeeId);
  checkBodyKiosk(body.kioskId, ctx.point);
  checkAdminClaim(body.isAdminInitiated, ctx);
  const at = timeOfRecord(body.recordedTimeUtc, ctx.now);
  const sentPhoto = photoFor(request, ctx);
  const isPaidBreak = paidBreakRequested(request, ctx.point);

  // Optimistic: no transaction; the store's one write checks that its reads are still current.
  const run = options.sink?.mode === 'optimistic' ? <T>(work: (tx: Database) => Promise<T>) => work(db) : <T>(work: (tx: Database) => Promise<T>) => inTransaction(db, work);
  return run(async (tx) => {
    const store = openPunchStore(tx, ctx, options);
    // Who, and what they are doing now.
    const { employee, inputs } = await store.lockEmployee(employeeId, kind, at, request.kind === 'clockOn' ? request.body : {});
    const photo = photoKept(sentPhoto, request, ctx, employee);
    // What state the punch leads to, by the domain's state machine.
    const outcome = applyPunch(attendanceStateOf(employee), { kind, at }, ctx.now, ctx.settings.maxFutureSkewMs);
    if (!outcome.ok) throw punchRefused(outcome.error);
    const { state, effects } = outcome;

    // Which rules shape what is kept: a clock-on's choices and roster shift, a clock-off's line.
    const openShift = request.kind === 'clockOn' ? shiftToOpen(ctx, employee, request, inputs, at) : null;
    const shiftId = openShift?.id ?? employee.currentShiftId;
    const note = punchNote(ctx, employee, request);
    const closing = effects.some((e) => e.type === 'closeShift') ? employee.currentShiftId : null;
    const line = closing === null ? null : await lineOfClockOff(store, ctx, closing, at, inputs, { isPaidBreak, effects, note });

    // What is written: the photo, then the shift's changes, the punch's audit row and the employee's state.
    const photoId = photo ? await store.storePhoto(photo) : null;
    const newState = {
      attendanceStatus: state.status,
      clockOnTimeUtc: state.clockOnTimeUtc,
      breakStartTimeUtc: state.breakStartTimeUtc,
      lastPunchTimeUtc: state.lastPunchTimeUtc,
    };
    const audit = { employeeId: employee.id, shiftId: null, kind, at, recordedTimeUtc: body.recordedTimeUtc ? at : null, photoId, photoExempt: employee.photoExempt };
    const punch: PunchToWrite = {
      openShift,
      shiftId: employee.currentShiftId,
      effects,
      isPaidBreak,
      line,
      punch: punchAuditRow(ctx, body, audit),
      employeeId: employee.id,
      state: newState,
      onShift: isOnShift(state.status),
      note,
    };
    const written = await store.write(punch);

    const row = { ...employee, ...newState, currentShiftId: isOnShift(state.status) ? shiftId : null };
    const model = toKioskEmployee(row, {
      now: ctx.now,
      longShiftMinutes: ctx.settings.longShiftMinutes,
      groupIds: matchingGroupIds(inputs.groups, row),
    });
    // Who is told: the punch's web hook event, then its note's, then (clock-off) the line's TimesheetCreated.
    await store.announce(async () => {
      const place = { businessId: ctx.businessId, kioskId: ctx.point.id, shiftId, employeeId: employee.id };
      const events = punchEvents(place, [{ kind, at }], model, written.note && toNoteModel(written.note, employee));
      if (written.lineId !== null) events.push(timesheetCreatedEvent(tx, await loadLine(tx, ctx.businessId, written.lineId)));
      return events;
    });
    return model;
  });
}

/**
 * What a punch asks the route guard to read with its caller (auth/callerReads.ts): the read
 * recordPunch would make, for the kiosk in the path. Null when the request names no valid employee
 * or time (recordPunch refuses it before reading).
 */
export function punchReadWithCaller(request: PunchRequest, businessId: number, now: Date): CallerRead | null {
  const { body, kind } = request;
  if (body.employeeId === null || body.employeeId === undefined || body.employeeId <= 0) return null;
  let at: Date;
  try {
    at = timeOfRecord(body.recordedTimeUtc, now);
  } catch {
    return null;
  }
  return punchCallerRead({ businessId, employeeId: body.employeeId, kind, at, choices: request.kind === 'clockOn' ? request.body : {} });
}

/** The shift a clock-on opens: its checked choices, its roster shift and the id drawn for it. */
function shiftToOpen(ctx: PunchContext, employee: EmployeeRow, request: PunchRequest & { kind: 'clockOn' }, inputs: PunchInputs, at: Date) {
  if (!inputs.choices) throw new Error('a clock-on read no choice references');
  const choices = choicesFrom(inputs.choices, withBusinessRequirements(ctx.point, inputs.required), employee, request.body);
  const rosterShiftId = rosterShiftIdFrom(inputs.roster, at, choices);
  if (inputs.newShiftId === null) throw new Error('a clock-on drew no shift id');
  const shift = { businessId: ctx.businessId, employeeId: employee.id, kioskId: ctx.point.id, ianaTimeZone: ctx.point.ianaTimeZone, startUtc: at, status: 'open' as const };
  return { id: inputs.newShiftId, ...shift, ...choices, rosterShiftId };
}

/** The note a punch adds to its shift (clock-on, clock-off and discard carry one), or null. */
function punchNote(ctx: PunchContext, employee: EmployeeRow, request: PunchRequest): PunchNote | null {
  const { body } = request;
  const text = 'note' in body ? body.note?.trim() : undefined;
  const type = NOTE_TYPE[request.kind];
  if (!text || !type) return null;
  return {
    businessId: ctx.businessId,
    employeeId: employee.id,
    type,
    visibility: body.noteVisibility ?? 'Visible',
    note: text,
    createdByAdmin: body.isAdminInitiated,
    createdAt: ctx.now,
  };
}

/**
 * The timesheet line of the shift a clock-off completes at `at`: the open shift as read after the
 * lock, with the break this punch closes closed and this punch's note among its notes, as the
 * writes in the same statement leave them.
 */
async function lineOfClockOff(
  store: PunchStore,
  ctx: PunchContext,
  shiftId: number,
  at: Date,
  inputs: PunchInputs,
  punch: { isPaidBreak: boolean; effects: readonly ShiftEffect[]; note: PunchNote | null },
) {
  if (!inputs.lineSettings) throw new Error('a clock-off read no line settings');
  const shift = await store.shiftToComplete(shiftId);
  const closesBreak = punch.effects.some((e) => e.type === 'closeBreak');
  const breaks = shift.breaks.map((b) =>
    closesBreak && b.endUtc === null ? { ...b, endUtc: at, isPaidBreak: punch.isPaidBreak || b.isPaidBreak } : b,
  );
  const notes = punch.note ? [...shift.notes, { note: punch.note.note, visibility: punch.note.visibility }] : shift.notes;
  return lineValuesFor({ ...shift, endUtc: at, breaks }, submitter(ctx), { notes, settings: inputs.lineSettings, roster: shift.roster });
}
