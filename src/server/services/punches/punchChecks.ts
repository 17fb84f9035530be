/**
 * The checks a punch request meets before anything is read: its time of record, the kiosk it
 * names, who may claim an admin-initiated punch, its photo and paid break against the punch
 * point's rules; and how a refusal of the state machine is answered. Shared by live punches
 * (punches.ts) and a complete shift (shifts/completeShifts.ts), so both refuse alike.
 */
import type { PunchRequest } from '../../../contract/punchKinds';
import type { PunchError } from '../../../domain/attendance';
import { parseWireDateTime } from '../../../domain/time';
import { conflict, forbidden, invalidField, type ApiError } from '../../errors/apiError';
import type { PunchContext } from './punchContext';
import { pointPhrase, type PunchPoint } from './punchPoints';
import { decodePhoto, type Photo } from './photos';

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

/** The punch's photo, decoded (a damaged or oversized image is refused whoever it is of). */
export function photoFor(request: PunchRequest, ctx: PunchContext): Photo | null {
  return request.body.image ? decodePhoto(request.body.image, ctx.settings.maxPhotoBytes) : null;
}

/**
 * The photo kept with the punch. None for a person exempt from photos: a tablet that has not yet
 * heard of the exemption may still send one, and it is dropped unstored. Otherwise the one sent,
 * refused when the point requires one and none came.
 */
export function photoKept(photo: Photo | null, request: PunchRequest, ctx: PunchContext, employee: { photoExempt: boolean }): Photo | null {
  if (employee.photoExempt) return null;
  if (!photo && ctx.point.isPhotoRequired && !request.body.isAdminInitiated && request.kind !== 'discard') {
    throw invalidField('photo-required', 'image', `${pointPhrase(ctx.point)} requires a photo with every punch.`);
  }
  return photo;
}

/** Whether a break punch asks for a paid break; refused where paid breaks are not enabled. */
export function paidBreakRequested(request: PunchRequest, point: PunchPoint): boolean {
  if (request.kind === 'clockOn' || !request.body.isPaidBreak) return false;
  if (!point.paidBreaksEnabled) {
    throw invalidField('validation-failed', 'isPaidBreak', `Paid breaks are not enabled for ${pointPhrase(point).toLowerCase()}.`);
  }
  return true;
}

/** Who submitted a kiosk or self-service line, as shown on the timesheet. */
export function submitter(ctx: Pick<PunchContext, 'principal' | 'point'>): string {
  if (ctx.principal.kind === 'device') return `Kiosk: ${ctx.point.name}`;
  return ctx.point.kind === 'portal' ? `${ctx.point.name}: ${ctx.principal.email}` : ctx.principal.email;
}
