/**
 * Live punches (clock on, breaks, clock off, discard). Each runs in one transaction that locks the
 * employee's row, asks the domain state machine what the punch means, and writes its effects: so
 * two kiosks punching one employee at the same instant are serialised and exactly one wins.
 * The same code serves the employee self-service portal: the punch point (punchPoints.ts) says
 * whose rules apply and which kiosk, if any, the shift and punch were made at.
 *
 * The time of record is the device's `recordedTimeUtc` when present (offline punches arrive late),
 * otherwise the moment the service received the punch.
 */
import { and, asc, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { ClockOffModelInput, KioskEmployeeModel } from '../../contract/generated/models';
import type { PunchRequest } from '../../contract/punchKinds';
import { applyPunch, isOnShift, type PunchError, type PunchKind, type ShiftEffect } from '../../domain/attendance';
import { parseWireDateTime } from '../../domain/time';
import type { Database } from '../db/openDatabase';
import { clockShifts, employees, punches, punchPhotos, shiftBreaks, shiftNotes } from '../db/schema';
import { conflict, forbidden, invalidField, type ApiError } from '../http/apiError';
import { describePrincipal, type Principal } from '../auth/principal';
import { attendanceStateOf, loadKioskEmployee, requireEmployeeId, toKioskEmployee, type EmployeeRow } from './kioskEmployees';
import { pointPhrase, type PunchPoint } from './punchPoints';
import { decodePhoto, type Photo } from './photos';
import { checkClockOnChoices, type ClockOnChoices } from './clockOnChoices';
import { rosterShiftIdForClockOn } from './rosterMatching';
import { writeLineForShift } from './timesheetLines';
import { toNoteModel } from './shiftNotes';
import { punchEvents } from './webhookPayloads';
import { groupIdsOfEmployee, groupRowsFrom, groupRowsSql } from './employeeGroups';
import { recordWebhookEvents, type RaisedWebhookEvent } from './webhookEvents';
import { inTransaction } from './transactions';

export interface PunchSettings {
  maxFutureSkewMs: number;
  maxPhotoBytes: number;
  longShiftMinutes: number;
}

export interface PunchContext {
  businessId: number;
  /** The kiosk, or the self-service portal, the punch is made at. */
  point: PunchPoint;
  principal: Principal;
  now: Date;
  settings: PunchSettings;
  /** Employee-group ids of one (current) employee, for the response. */
  groupIdsOf(db: Database, employee: EmployeeRow): Promise<number[]>;
}

export type { PunchRequest } from '../../contract/punchKinds';

const NOTE_TYPE: Partial<Record<PunchKind, 'ClockOn' | 'ClockOff'>> = { clockOn: 'ClockOn', clockOff: 'ClockOff', discard: 'ClockOff' };

/** The instant a punch happened: the device's recorded time, or now. */
export function timeOfRecord(recordedTimeUtc: string | null | undefined, now: Date, field = 'recordedTimeUtc'): Date {
  if (recordedTimeUtc === null || recordedTimeUtc === undefined) return now;
  const at = parseWireDateTime(recordedTimeUtc, 'utc');
  if (!at) throw invalidField('validation-failed', field, `${field} is not a valid date-time.`);
  return at;
}

/** Turns a refusal of the state machine into the service's error. */
export function punchRefused(error: PunchError, field = 'recordedTimeUtc'): ApiError {
  if (error.code === 'punch-in-future' || error.code === 'punch-before-previous') {
    return invalidField(error.code, field, error.message);
  }
  return conflict(error.code, error.message);
}

/** A kiosk body that repeats the kiosk id must repeat the right one; a self-service body names none (0 or null). */
export function checkBodyKiosk(kioskId: number | null | undefined, point: PunchPoint): void {
  if (kioskId === null || kioskId === undefined || kioskId === 0 || kioskId === point.id) return;
  throw invalidField(
    'validation-failed',
    'kioskId',
    point.kind === 'kiosk'
      ? `kioskId ${kioskId} does not match the kiosk in the path (${point.id}).`
      : 'A self-service punch is made at no kiosk: leave kioskId out (or 0).',
  );
}

/** Admin-initiated punches bypass the point's rules (photo), so only a signed-in manager may claim one. */
export function checkAdminClaim(isAdminInitiated: boolean, ctx: Pick<PunchContext, 'principal' | 'point'>): void {
  if (isAdminInitiated && (ctx.principal.kind === 'device' || ctx.point.kind === 'portal')) {
    throw forbidden('Only a signed-in manager can record an admin-initiated punch.');
  }
}

function photoFor(request: PunchRequest, ctx: PunchContext): Photo | null {
  const { body } = request;
  if (body.image) return decodePhoto(body.image, ctx.settings.maxPhotoBytes);
  if (ctx.point.isPhotoRequired && !body.isAdminInitiated && request.kind !== 'discard') {
    throw invalidField('photo-required', 'image', `${pointPhrase(ctx.point)} requires a photo with every punch.`);
  }
  return null;
}

function paidBreakRequested(request: PunchRequest, point: PunchPoint): boolean {
  if (request.kind === 'clockOn' || !request.body.isPaidBreak) return false;
  if (!point.paidBreaksEnabled) {
    throw invalidField('validation-failed', 'isPaidBreak', `Paid breaks are not enabled for ${pointPhrase(point).toLowerCase()}.`);
  }
  return true;
}

/** Opens the clocked shift with its choices and the roster shift it matched (domain matchClockOn, by the point's window). */
async function openShift(
  tx: Database,
  ctx: PunchContext,
  employee: EmployeeRow,
  at: Date,
  choices: ClockOnChoices & { rosterShiftId: number | null },
): Promise<number> {
  const [shift] = await tx
    .insert(clockShifts)
    .values({
      businessId: ctx.businessId,
      employeeId: employee.id,
      kioskId: ctx.point.id,
      ianaTimeZone: ctx.point.ianaTimeZone,
      startUtc: at,
      status: 'open',
      ...choices,
    })
    .returning({ id: clockShifts.id });
  if (!shift) throw new Error('insert returned no shift');
  return shift.id;
}

/** Completes the open shift and writes its timesheet line; `events`: the punch's, raised with the line's. */
async function completeShift(tx: Database, ctx: PunchContext, shiftId: number, at: Date, events: readonly RaisedWebhookEvent[]): Promise<void> {
  const [shift] = await tx
    .update(clockShifts)
    .set({ endUtc: at, status: 'completed' })
    .where(eq(clockShifts.id, shiftId))
    .returning();
  if (!shift) throw new Error(`open shift ${shiftId} vanished`);
  const breaks = await tx.select().from(shiftBreaks).where(eq(shiftBreaks.shiftId, shiftId)).orderBy(asc(shiftBreaks.startUtc));
  await writeLineForShift(tx, { ...shift, endUtc: at, breaks }, submitter(ctx), events);
}

/** What a punch body says about the device, kept in the punch's audit row. */
type PunchDevice = Pick<ClockOffModelInput, 'utcOffset' | 'latitude' | 'longitude' | 'ipAddress' | 'isAdminInitiated'>;

/** The audit row of one punch, live or part of an addshift. */
export function punchAuditRow(
  ctx: PunchContext,
  body: PunchDevice,
  punch: { employeeId: number; shiftId: number | null; kind: PunchKind; at: Date; recordedTimeUtc: Date | null; photoId: number | null },
): typeof punches.$inferInsert {
  return {
    businessId: ctx.businessId,
    employeeId: punch.employeeId,
    shiftId: punch.shiftId,
    kioskId: ctx.point.id,
    kind: punch.kind,
    timeOfRecordUtc: punch.at,
    recordedTimeUtc: punch.recordedTimeUtc,
    receivedUtc: ctx.now,
    utcOffset: body.utcOffset ?? null,
    latitude: body.latitude?.toString() ?? null,
    longitude: body.longitude?.toString() ?? null,
    ipAddress: body.ipAddress ?? null,
    isAdminInitiated: body.isAdminInitiated,
    photoId: punch.photoId,
    principal: describePrincipal(ctx.principal),
  };
}

/** Who submitted a kiosk or self-service line, as shown on the timesheet. */
export function submitter(ctx: Pick<PunchContext, 'principal' | 'point'>): string {
  if (ctx.principal.kind === 'device') return `Kiosk: ${ctx.point.name}`;
  return ctx.point.kind === 'portal' ? `${ctx.point.name}: ${ctx.principal.email}` : ctx.principal.email;
}

/**
 * The punching employee, locked: kiosk-enabled at a kiosk; at the portal, the self-service link is
 * the permission. A shift starts (`startsShift`: clock-on, addshift) only at a kiosk that lists the
 * employee (domain/kioskStaff.ts); breaks and clock-off of an open shift are taken anywhere, so a
 * shift stays closable after the employee's locations change.
 */
export function loadPunchingEmployee(tx: Database, ctx: PunchContext, employeeId: number, startsShift = false): Promise<EmployeeRow> {
  const atKiosk = startsShift && ctx.point.kind === 'kiosk' ? { locationId: ctx.point.locationId } : undefined;
  return loadKioskEmployee(tx, ctx.businessId, employeeId, { lock: true, now: ctx.now, kioskAccess: ctx.point.kind === 'kiosk', atKiosk });
}

async function applyEffect(
  tx: Database,
  effect: ShiftEffect,
  shiftId: number | null,
  isPaidBreak: boolean,
): Promise<void> {
  if (shiftId === null) throw new Error(`${effect.type} without an open shift`);
  switch (effect.type) {
    case 'openBreak':
      await tx.insert(shiftBreaks).values({ shiftId, startUtc: effect.at, isPaidBreak });
      return;
    case 'closeBreak':
      await tx
        .update(shiftBreaks)
        .set({ endUtc: effect.at, ...(isPaidBreak ? { isPaidBreak } : {}) })
        .where(and(eq(shiftBreaks.shiftId, shiftId), isNull(shiftBreaks.endUtc)));
      return;
    case 'abandonShift':
      await tx.update(clockShifts).set({ endUtc: effect.at, status: 'discarded' }).where(eq(clockShifts.id, shiftId));
      return;
    case 'openShift':
    case 'closeShift':
      return;
  }
}

/** Records one live punch and returns the employee's new state. */
export async function recordPunch(db: Database, ctx: PunchContext, request: PunchRequest): Promise<KioskEmployeeModel> {
  const { body } = request;
  const employeeId = requireEmployeeId(body.employeeId);
  checkBodyKiosk(body.kioskId, ctx.point);
  checkAdminClaim(body.isAdminInitiated, ctx);
  const at = timeOfRecord(body.recordedTimeUtc, ctx.now);
  const photo = photoFor(request, ctx);
  const isPaidBreak = paidBreakRequested(request, ctx.point);
  const note = 'note' in body ? body.note?.trim() : undefined;

  return inTransaction(db, async (tx) => {
    const employee = await loadPunchingEmployee(tx, ctx, employeeId, request.kind === 'clockOn');
    const outcome = applyPunch(attendanceStateOf(employee), { kind: request.kind, at }, ctx.now, ctx.settings.maxFutureSkewMs);
    if (!outcome.ok) throw punchRefused(outcome.error);

    let shiftId = employee.currentShiftId;
    if (request.kind === 'clockOn') {
      const choices = await checkClockOnChoices(tx, ctx.businessId, ctx.point, employee, request.body);
      const rosterShiftId = await rosterShiftIdForClockOn(tx, ctx.businessId, ctx.point, employee.id, at, choices);
      shiftId = await openShift(tx, ctx, employee, at, { ...choices, rosterShiftId });
    }
    for (const effect of outcome.effects) await applyEffect(tx, effect, shiftId, isPaidBreak);

    const photoId = photo ? await storePhoto(tx, ctx.businessId, photo) : null;
    await tx.insert(punches).values(
      punchAuditRow(ctx, body, {
        employeeId: employee.id,
        shiftId,
        kind: request.kind,
        at,
        recordedTimeUtc: body.recordedTimeUtc ? at : null,
        photoId,
      }),
    );
    const noteType = NOTE_TYPE[request.kind];
    let noteRow: typeof shiftNotes.$inferSelect | undefined;
    if (note && noteType && shiftId !== null) {
      [noteRow] = await tx.insert(shiftNotes).values({
        businessId: ctx.businessId,
        shiftId,
        employeeId: employee.id,
        type: noteType,
        visibility: body.noteVisibility ?? 'Visible',
        note,
        createdByAdmin: body.isAdminInitiated,
        createdAt: ctx.now,
      }).returning();
    }

    const state = outcome.state;
    const [updated] = await tx
      .update(employees)
      .set({
        attendanceStatus: state.status,
        currentShiftId: isOnShift(state.status) ? shiftId : null,
        clockOnTimeUtc: state.clockOnTimeUtc,
        breakStartTimeUtc: state.breakStartTimeUtc,
        lastPunchTimeUtc: state.lastPunchTimeUtc,
      })
      .where(eq(employees.id, employee.id))
      // The business's employee groups come back with the row, for the answer's group ids (one statement fewer).
      .returning({ ...getTableColumns(employees), groups: groupRowsSql(ctx.businessId) });
    if (!updated) throw new Error('employee vanished during a punch');
    const { groups, ...row } = updated;
    const model = toKioskEmployee(row, {
      now: ctx.now,
      longShiftMinutes: ctx.settings.longShiftMinutes,
      groupIds: await groupIdsOfEmployee(tx, ctx.businessId, row, groupRowsFrom(groups)),
    });
    // Web hooks (issue 11): the punch's event, then its note's, then (clock-off) the line's
    // TimesheetCreated, raised in one statement (issue 12).
    const place = { businessId: ctx.businessId, kioskId: ctx.point.id, shiftId, employeeId: employee.id };
    const events = punchEvents(place, [{ kind: request.kind, at }], model, noteRow && toNoteModel(noteRow, employee));
    if (outcome.effects.some((e) => e.type === 'closeShift') && shiftId !== null) await completeShift(tx, ctx, shiftId, at, events);
    else await recordWebhookEvents(tx, ctx.businessId, events);
    return model;
  });
}

export async function storePhoto(tx: Database, businessId: number, photo: Photo): Promise<number> {
  const [row] = await tx.insert(punchPhotos).values({ businessId, contentType: photo.contentType, data: photo.data }).returning({ id: punchPhotos.id });
  if (!row) throw new Error('insert returned no photo');
  return row.id;
}

