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
import type { SQL } from 'drizzle-orm';
import type { ClockOffModelInput, KioskEmployeeModel } from '../../../contract/generated/models';
import type { PunchRequest } from '../../../contract/punchKinds';
import { applyPunch, isOnShift, type PunchError, type PunchKind } from '../../../domain/attendance';
import { parseWireDateTime } from '../../../domain/time';
import type { Database } from '../../db/openDatabase';
import { punchPhotos, shiftNotes, type punches } from '../../db/schema';
import { conflict, forbidden, invalidField, type ApiError } from '../../errors/apiError';
import { describePrincipal, type Principal } from '../../auth/principal';
import { attendanceStateOf, loadKioskEmployeeWith, requireEmployeeId, toKioskEmployee, type EmployeeRow } from '../people/kioskEmployees';
import { pointPhrase, type PunchPoint } from './punchPoints';
import { decodePhoto, type Photo } from './photos';
import { checkClockOnChoices } from './clockOnChoices';
import { withBusinessRequirements } from './clockOnRequirements';
import { rosterShiftIdFrom } from '../rosters/rosterMatching';
import { lineValuesFor, loadLine, timesheetCreatedEvent } from '../timesheets/timesheetLines';
import { toNoteModel } from '../shifts/shiftNotes';
import { punchEvents } from '../webhooks/webhookPayloads';
import { groupIdsOfEmployee } from '../people/employeeGroups';
import { recordWebhookEvents } from '../webhooks/webhookEvents';
import { loadShiftToComplete, punchReadsOf, punchReadsSql, type PunchReads } from './punchReads';
import { writePunch, type PunchWrite } from './punchWrites';
import { inTransaction } from '../../db/transactions';

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

export type { PunchRequest } from '../../../contract/punchKinds';

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
export async function loadPunchingEmployee(tx: Database, ctx: PunchContext, employeeId: number, startsShift = false): Promise<EmployeeRow> {
  return (await loadPunchingEmployeeWith(tx, ctx, employeeId, startsShift, null)).row;
}

/** loadPunchingEmployee, also reading `also` in the lock's statement (kioskEmployees.loadKioskEmployeeWith). */
function loadPunchingEmployeeWith(tx: Database, ctx: PunchContext, employeeId: number, startsShift: boolean, also: SQL | null) {
  const atKiosk = startsShift && ctx.point.kind === 'kiosk' ? { locationId: ctx.point.locationId } : undefined;
  return loadKioskEmployeeWith(tx, ctx.businessId, employeeId, { lock: true, now: ctx.now, kioskAccess: ctx.point.kind === 'kiosk', atKiosk }, also);
}

/**
 * The timesheet line of the shift a clock-off completes at `at`: the open shift as read after the
 * lock, with the break this punch closes closed and this punch's note among its notes, as the
 * writes in the same statement leave them.
 */
async function lineOfClockOff(
  tx: Database,
  ctx: PunchContext,
  shiftId: number,
  at: Date,
  reads: PunchReads,
  punch: { isPaidBreak: boolean; closesBreak: boolean; note: { note: string; visibility: string } | null },
) {
  if (!reads.lineSettings) throw new Error('a clock-off read no line settings');
  // Read with the lock when no punch committed since its snapshot; else afresh (punchReads.ts).
  const shift = reads.open?.id === shiftId ? reads.open : await loadShiftToComplete(tx, ctx.businessId, shiftId);
  const breaks = shift.breaks.map((b) =>
    punch.closesBreak && b.endUtc === null ? { ...b, endUtc: at, isPaidBreak: punch.isPaidBreak || b.isPaidBreak } : b,
  );
  const notes = punch.note ? [...shift.notes, punch.note] : shift.notes;
  return lineValuesFor({ ...shift, endUtc: at, breaks }, submitter(ctx), { notes, settings: reads.lineSettings, roster: shift.roster });
}

/**
 * Records one live punch and returns the employee's new state. Round trips (issue 12, item 4): the
 * employee's lock with everything else the punch reads (punchReads.ts); a clock-off's open shift;
 * the writes, its note included, in one statement (punchWrites.ts), which a `last` punch hands to
 * the idempotency middleware to send with the key's record (finalWrite.ts); a photo, and the web
 * hook events only when the business has registrations (without, recordWebhookEvents would find
 * nobody listening: the check is made in the lock's statement instead of at the end).
 */
export async function recordPunch(
  db: Database,
  ctx: PunchContext,
  request: PunchRequest,
  /** `last`: nothing reads or writes after the punch in `db`'s transaction (a punch route's handler), so its write may go with the idempotency record (finalWrite.ts). */
  options: { last?: boolean } = {},
): Promise<KioskEmployeeModel> {
  const { body } = request;
  const employeeId = requireEmployeeId(body.employeeId);
  checkBodyKiosk(body.kioskId, ctx.point);
  checkAdminClaim(body.isAdminInitiated, ctx);
  const at = timeOfRecord(body.recordedTimeUtc, ctx.now);
  const photo = photoFor(request, ctx);
  const isPaidBreak = paidBreakRequested(request, ctx.point);
  const note = 'note' in body ? body.note?.trim() : undefined;

  return inTransaction(db, async (tx) => {
    const readsSql = punchReadsSql(ctx.businessId, ctx.point, employeeId, request.kind, at);
    const found = await loadPunchingEmployeeWith(tx, ctx, employeeId, request.kind === 'clockOn', readsSql);
    const employee = found.row;
    const reads = punchReadsOf(found.also, ctx.businessId);
    const outcome = applyPunch(attendanceStateOf(employee), { kind: request.kind, at }, ctx.now, ctx.settings.maxFutureSkewMs);
    if (!outcome.ok) throw punchRefused(outcome.error);

    let openShift: PunchWrite['openShift'] = null;
    if (request.kind === 'clockOn') {
      const choices = await checkClockOnChoices(tx, ctx.businessId, withBusinessRequirements(ctx.point, reads.required), employee, request.body);
      const rosterShiftId = rosterShiftIdFrom(reads.roster, at, choices);
      if (reads.newShiftId === null) throw new Error('a clock-on drew no shift id');
      const shift = { businessId: ctx.businessId, employeeId: employee.id, kioskId: ctx.point.id, ianaTimeZone: ctx.point.ianaTimeZone, startUtc: at, status: 'open' as const };
      openShift = { id: reads.newShiftId, ...shift, ...choices, rosterShiftId };
    }
    const shiftId = openShift?.id ?? employee.currentShiftId;
    const noteType = NOTE_TYPE[request.kind];
    const noteInput = note && noteType ? { note, visibility: body.noteVisibility ?? 'Visible' } : null;
    const closing = outcome.effects.some((e) => e.type === 'closeShift') ? employee.currentShiftId : null;
    const closesBreak = outcome.effects.some((e) => e.type === 'closeBreak');
    const line = closing === null ? null : await lineOfClockOff(tx, ctx, closing, at, reads, { isPaidBreak, closesBreak, note: noteInput });

    const photoId = photo ? await storePhoto(tx, ctx.businessId, photo) : null;
    const { state } = outcome;
    const audit = { employeeId: employee.id, shiftId: null, kind: request.kind, at, recordedTimeUtc: body.recordedTimeUtc ? at : null, photoId };
    const newState = {
      attendanceStatus: state.status,
      clockOnTimeUtc: state.clockOnTimeUtc,
      breakStartTimeUtc: state.breakStartTimeUtc,
      lastPunchTimeUtc: state.lastPunchTimeUtc,
    };
    // The note goes with the writes unless a web hook event needs its stored row.
    const noteRow = (input: NonNullable<typeof noteInput>, type: NonNullable<typeof noteType>) => ({
      businessId: ctx.businessId,
      employeeId: employee.id,
      type,
      visibility: input.visibility,
      note: input.note,
      createdByAdmin: body.isAdminInitiated,
      createdAt: ctx.now,
    });
    const written = await writePunch(tx, {
      openShift,
      shiftId: employee.currentShiftId,
      effects: outcome.effects,
      isPaidBreak,
      line,
      punch: punchAuditRow(ctx, body, audit),
      employeeId: employee.id,
      state: newState,
      onShift: isOnShift(state.status),
      note: noteInput && noteType && !reads.hooks ? noteRow(noteInput, noteType) : null,
    }, options.last === true && !reads.hooks);
    let storedNote: typeof shiftNotes.$inferSelect | undefined;
    if (noteInput && noteType && shiftId !== null && reads.hooks) {
      [storedNote] = await tx.insert(shiftNotes).values({ ...noteRow(noteInput, noteType), shiftId }).returning();
    }

    const row = { ...employee, ...newState, currentShiftId: isOnShift(state.status) ? shiftId : null };
    const model = toKioskEmployee(row, {
      now: ctx.now,
      longShiftMinutes: ctx.settings.longShiftMinutes,
      groupIds: await groupIdsOfEmployee(tx, ctx.businessId, row, reads.groups),
    });
    // Web hooks (issue 11): the punch's event, then its note's, then (clock-off) the line's
    // TimesheetCreated, raised in one statement (issue 12), when the business has registrations.
    if (!reads.hooks) return model;
    const place = { businessId: ctx.businessId, kioskId: ctx.point.id, shiftId, employeeId: employee.id };
    const events = punchEvents(place, [{ kind: request.kind, at }], model, storedNote && toNoteModel(storedNote, employee));
    if (written.lineId !== null) events.push(timesheetCreatedEvent(tx, await loadLine(tx, ctx.businessId, written.lineId)));
    await recordWebhookEvents(tx, ctx.businessId, events);
    return model;
  });
}

export async function storePhoto(tx: Database, businessId: number, photo: Photo): Promise<number> {
  const [row] = await tx.insert(punchPhotos).values({ businessId, contentType: photo.contentType, data: photo.data }).returning({ id: punchPhotos.id });
  if (!row) throw new Error('insert returned no photo');
  return row.id;
}

