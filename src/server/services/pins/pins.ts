/**
 * Kiosk PINs: checking, changing and resetting them, with the wrong-PIN lockout.
 *
 * PINs are only ever compared against scrypt hashes, in constant time. Every check first claims an
 * attempt against the lockout in a short transaction (the domain's `claimAttempt`), so the slow
 * hash runs without a row lock held, and concurrent wrong PINs cannot outrun the limit; a right
 * PIN then resets the count. Failed attempts are returned as results rather than thrown, so the
 * failure count is kept even though the request answers 4xx.
 *
 * Resets send instructions, not a new PIN (the SDK's emailreset/smsreset: "sends PIN reset
 * instructions"): a one-time code, valid for a day, that the person types at the kiosk's PIN pad
 * instead of their PIN; the kiosk then has them choose a new PIN (the answer says `pinExpired`
 * for that sign-in only), and `changepin` with the code as `oldPin` sets it and uses the code up.
 * Until then the current PIN works unchanged and is not marked expired, so anyone at a kiosk can
 * ask for a colleague's reset without locking them out or forcing a PIN change on them. Only the
 * code's scrypt hash is stored; an expired or used code is refused as such.
 */
import { randomInt } from 'node:crypto';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { KioskEmployeeModel } from '../../../contract/generated/models';
import {
  afterSuccess,
  attemptsLeft,
  claimAttempt,
  PIN_MAX_LENGTH,
  type LockoutPolicy,
  type LockoutState,
} from '../../../domain/pinPolicy';
import type { Database } from '../../db/openDatabase';
import { employees } from '../../db/schema';
import { hashSecret, verifySecret } from '../../auth/secrets';
import { ApiError, invalidField } from '../../errors/apiError';
import { loadBusiness } from '../businesses/businesses';
import { refuseNewPin } from './newPinRule';
import { loadKioskEmployee, requireEmployeeId, toKioskEmployee, type EmployeeRow } from '../people/kioskEmployees';
import { enqueueMessage } from '../mail/outbox';
import { withTransaction } from '../../db/transactions';
import { refuseAnotherLockout, type LockoutSource } from './deviceLockouts';

export const RESET_PIN_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const RESET_MIN_INTERVAL_MS = 60 * 1000;
/** As long as the longest PIN, so the code fits the kiosk's PIN pad. */
const RESET_PIN_DIGITS = PIN_MAX_LENGTH;

export interface PinContext {
  businessId: number;
  now: Date;
  policy: LockoutPolicy;
  longShiftMinutes: number;
  /** How far ahead of the service a reported wrong PIN may be and still count (kiosk clock error). */
  maxFutureSkewMs: number;
  /** Employee-group ids of one (current) employee, for the response. */
  groupIdsOf(db: Database, employee: EmployeeRow): Promise<number[]>;
  /** The kiosk checking the PIN: only someone it lists may sign in there (domain/kioskStaff.ts). */
  atKiosk?: { locationId: number | null };
  /** Who the attempts come through, and how many people they may have locked at once (deviceLockouts.ts). */
  source?: LockoutSource;
}

/** Success, or an error to answer with after the attempt has been recorded. */
export type PinOutcome = { ok: true; employee: KioskEmployeeModel } | { ok: false; error: ApiError };

function lockoutOf(row: EmployeeRow): LockoutState {
  return { failedAttempts: row.pinFailedAttempts, lockedUntil: row.pinLockedUntil };
}

export function lockedError(lockedUntil: Date, now: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new ApiError(429, 'pin-locked', 'This PIN is locked.', {
    detail: `Too many wrong PINs in a row. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or ask a manager.`,
    headers: { 'retry-after': String(seconds) },
    extra: { retryAfterSeconds: seconds },
  });
}

const notSet = () =>
  new ApiError(400, 'pin-not-set', 'No PIN has been set.', {
    detail: 'This employee has no kiosk PIN yet. Ask a manager, or request a PIN reset.',
  });

/** Is a reset code waiting to be used (sent, not used, not expired)? */
function resetLive(row: EmployeeRow, now: Date): boolean {
  return row.pinResetHash !== null && row.pinResetUsedAt === null && row.pinResetExpiresAt !== null && row.pinResetExpiresAt.getTime() > now.getTime();
}

/**
 * What the typed PIN is: the current PIN, the live reset code, a reset code that expired or was
 * used (refused as such), or nothing known.
 */
async function matches(row: EmployeeRow, pin: string, now: Date): Promise<'current' | 'reset' | 'reset-used' | 'reset-expired' | null> {
  if (row.pinHash && (await verifySecret(pin, row.pinHash))) return 'current';
  if (!row.pinResetHash || !(await verifySecret(pin, row.pinResetHash))) return null;
  if (row.pinResetUsedAt !== null) return 'reset-used';
  return resetLive(row, now) ? 'reset' : 'reset-expired';
}

/** The answer to a reset code that no longer works (the attempt stays counted, as a wrong PIN's). */
function staleResetCode(kind: 'reset-used' | 'reset-expired'): ApiError {
  return kind === 'reset-used'
    ? new ApiError(400, 'reset-code-used', 'This reset code has been used.', {
        detail: 'This reset code was already used to choose a new PIN. Sign in with your PIN, or ask for a new reset.',
      })
    : new ApiError(400, 'reset-code-expired', 'This reset code has expired.', {
        detail: 'Reset codes work for 24 hours. Ask for a new reset, or sign in with your current PIN.',
      });
}

/** The answer to a wrong PIN, given the lockout state its claim stored. */
function wrongPin(state: LockoutState, ctx: PinContext): ApiError {
  if (state.lockedUntil) return lockedError(state.lockedUntil, ctx.now);
  const left = attemptsLeft(state, ctx.policy);
  return new ApiError(400, 'wrong-pin', 'The PIN is not correct.', {
    detail: `The PIN is not correct. ${left} attempt${left === 1 ? '' : 's'} left before the PIN locks.`,
    extra: { attemptsLeft: left },
  });
}

export type Claimed = { ok: true; row: EmployeeRow; state: LockoutState } | { ok: false; error: ApiError };

/**
 * Claims one PIN attempt for the employee in a short transaction, before any hash is compared:
 * refused while locked (or when there is no PIN to check, unless `requirePin` is false: a revoked
 * badge counts against its owner whether or not they have a PIN); otherwise the failure is counted
 * at once and `state` is what stays stored if the PIN turns out wrong.
 */
export async function claimPinAttempt(db: Database, ctx: PinContext, employeeId: number, requirePin = true): Promise<Claimed> {
  return withTransaction(db, async (tx) => {
    const row = await loadKioskEmployee(tx, ctx.businessId, employeeId, { lock: true, now: ctx.now, atKiosk: ctx.atKiosk });
    const claim = claimAttempt(lockoutOf(row), ctx.now, ctx.policy);
    if (!claim.granted) return { ok: false, error: lockedError(claim.lockedUntil, ctx.now) };
    if (requirePin && !row.pinHash && !row.pinResetHash) return { ok: false, error: notSet() };
    const locks = claim.ifWrong.lockedUntil !== null;
    if (locks && ctx.source) {
      const refused = await refuseAnotherLockout(tx, ctx.businessId, row.id, ctx.source, ctx.now);
      if (refused) return { ok: false, error: refused };
    }
    await tx
      .update(employees)
      .set({
        pinFailedAttempts: claim.ifWrong.failedAttempts,
        pinLockedUntil: claim.ifWrong.lockedUntil,
        ...(locks ? { pinLockedBy: ctx.source?.key ?? null } : {}),
      })
      .where(eq(employees.id, row.id));
    return { ok: true, row, state: claim.ifWrong };
  });
}

const sameOrNull = (column: typeof employees.pinHash | typeof employees.pinResetHash, value: string | null): SQL | undefined =>
  value === null ? isNull(column) : eq(column, value);

/** The employee row, while its PINs are still the ones that were compared (no concurrent change). */
const unchangedPins = (row: EmployeeRow) =>
  and(eq(employees.id, row.id), sameOrNull(employees.pinHash, row.pinHash), sameOrNull(employees.pinResetHash, row.pinResetHash));

/**
 * Gives back a claimed attempt that turned out not to be a failure (a replayed PIN change), if
 * nothing else changed the lockout meanwhile; otherwise it stays counted.
 */
async function releaseClaim(db: Database, row: EmployeeRow, claimed: LockoutState): Promise<void> {
  const lockedUntil = claimed.lockedUntil === null ? isNull(employees.pinLockedUntil) : eq(employees.pinLockedUntil, claimed.lockedUntil);
  await db
    .update(employees)
    .set({ pinFailedAttempts: row.pinFailedAttempts, pinLockedUntil: row.pinLockedUntil })
    .where(and(eq(employees.id, row.id), eq(employees.pinFailedAttempts, claimed.failedAttempts), lockedUntil));
}

async function respond(db: Database, row: EmployeeRow, ctx: PinContext): Promise<PinOutcome> {
  return {
    ok: true,
    employee: toKioskEmployee(row, { now: ctx.now, longShiftMinutes: ctx.longShiftMinutes, groupIds: await ctx.groupIdsOf(db, row) }),
  };
}

/** checkpin: the employee's state when the PIN is right. */
export async function checkPin(db: Database, ctx: PinContext, body: { employeeId?: number | null; pin?: string | null }): Promise<PinOutcome> {
  const employeeId = requireEmployeeId(body.employeeId);
  const pin = body.pin ?? '';
  if (!pin) throw invalidField('validation-failed', 'pin', 'pin is required.');
  const claimed = await claimPinAttempt(db, ctx, employeeId);
  if (!claimed.ok) return claimed;
  const { row, state } = claimed;
  const matched = await matches(row, pin, ctx.now);
  if (matched === 'reset-used' || matched === 'reset-expired') return { ok: false, error: staleResetCode(matched) };
  if (matched === null) return { ok: false, error: wrongPin(state, ctx) };
  const success = afterSuccess();
  const [updated] = await db
    .update(employees)
    .set({ pinFailedAttempts: success.failedAttempts, pinLockedUntil: success.lockedUntil })
    .where(unchangedPins(row))
    .returning();
  // The PIN was changed while this one was being checked: it is no longer the PIN.
  if (!updated) return { ok: false, error: wrongPin(state, ctx) };
  const outcome = await respond(db, updated, ctx);
  // Signed in with the reset code: this sign-in leads to choosing a new PIN; nothing is stored.
  if (matched === 'reset' && outcome.ok) return { ok: true, employee: { ...outcome.employee, pinExpired: true } };
  return outcome;
}

/**
 * changepin: replaces the PIN when `oldPin` matches. Replaying a change that already happened
 * (old PIN no longer matches, new PIN does) succeeds without counting a failure, so a retried
 * offline PIN change is harmless. Both comparisons run under the one claimed attempt.
 */
export async function changePin(
  db: Database,
  ctx: PinContext,
  body: { employeeId?: number | null; oldPin?: string | null; newPin?: string | null },
): Promise<PinOutcome> {
  const employeeId = requireEmployeeId(body.employeeId);
  const oldPin = body.oldPin ?? '';
  const newPin = body.newPin ?? '';
  if (!oldPin) throw invalidField('validation-failed', 'oldPin', 'oldPin is required.');
  refuseNewPin(newPin, 'newPin', employeeId);
  if (newPin === oldPin) throw invalidField('invalid-pin', 'newPin', 'The new PIN must differ from the old one.');
  const claimed = await claimPinAttempt(db, ctx, employeeId);
  if (!claimed.ok) return claimed;
  const { row, state } = claimed;
  const matched = await matches(row, oldPin, ctx.now);
  if (matched === 'current' || matched === 'reset') {
    const success = afterSuccess();
    const [updated] = await db
      .update(employees)
      .set({
        pinHash: await hashSecret(newPin),
        pinExpired: false,
        // A live code is used up by any PIN change (with it, or with the PIN it would replace).
        ...(resetLive(row, ctx.now) ? { pinResetUsedAt: ctx.now } : {}),
        pinFailedAttempts: success.failedAttempts,
        pinLockedUntil: success.lockedUntil,
      })
      .where(unchangedPins(row))
      .returning();
    if (updated) return respond(db, updated, ctx);
    // Changed meanwhile (typically the same change, sent twice at once): judge against the PIN now.
    const current = await loadKioskEmployee(db, ctx.businessId, employeeId, { now: ctx.now });
    if (!current.pinExpired && current.pinHash !== null && (await verifySecret(newPin, current.pinHash))) {
      await releaseClaim(db, row, state);
      return respond(db, current, ctx);
    }
    return { ok: false, error: wrongPin(state, ctx) };
  }
  const alreadyChanged = !row.pinExpired && row.pinHash !== null && (await verifySecret(newPin, row.pinHash));
  if (alreadyChanged) {
    await releaseClaim(db, row, state);
    return respond(db, row, ctx);
  }
  if (matched === 'reset-used' || matched === 'reset-expired') return { ok: false, error: staleResetCode(matched) };
  return { ok: false, error: wrongPin(state, ctx) };
}

function resetCode(): string {
  return String(randomInt(0, 10 ** RESET_PIN_DIGITS)).padStart(RESET_PIN_DIGITS, '0');
}

/**
 * emailreset / smsreset: sends a one-time reset code (replacing any earlier one) and changes
 * nothing else: the current PIN keeps working and is not marked expired.
 */
export async function requestPinReset(
  db: Database,
  ctx: PinContext & { kioskName: string },
  channel: 'email' | 'sms',
  employeeIdInput: number,
): Promise<void> {
  const employeeId = requireEmployeeId(employeeIdInput);
  await db.transaction(async (tx) => {
    const row = await loadKioskEmployee(tx, ctx.businessId, employeeId, { lock: true, now: ctx.now });
    const business = await loadBusiness(tx, ctx.businessId);
    if (channel === 'sms' && !business.smsNotificationsEnabled) {
      throw new ApiError(400, 'sms-disabled', 'SMS is not available.', {
        detail: 'SMS notifications are switched off for this business. Use the e-mail reset or ask a manager.',
      });
    }
    const recipient = channel === 'email' ? row.email : row.mobilePhone;
    if (!recipient) {
      throw new ApiError(400, 'no-contact', 'No contact details.', {
        detail: `There is no ${channel === 'email' ? 'e-mail address' : 'mobile number'} on file for this employee. Ask a manager.`,
      });
    }
    const lastIssued = row.pinResetExpiresAt ? row.pinResetExpiresAt.getTime() - RESET_PIN_LIFETIME_MS : null;
    if (lastIssued !== null && ctx.now.getTime() - lastIssued < RESET_MIN_INTERVAL_MS) {
      const seconds = Math.ceil((lastIssued + RESET_MIN_INTERVAL_MS - ctx.now.getTime()) / 1000);
      throw new ApiError(429, 'reset-too-soon', 'A reset was just sent.', {
        detail: 'A PIN reset was sent less than a minute ago. Check your messages, or try again shortly.',
        headers: { 'retry-after': String(seconds) },
        extra: { retryAfterSeconds: seconds },
      });
    }
    const pin = resetCode();
    const expiresAt = new Date(ctx.now.getTime() + RESET_PIN_LIFETIME_MS);
    await tx
      .update(employees)
      .set({ pinResetHash: await hashSecret(pin), pinResetExpiresAt: expiresAt, pinResetUsedAt: null })
      .where(eq(employees.id, row.id));
    const body =
      channel === 'email'
        ? `Hello ${row.firstName},\n\nSomeone asked to reset your kiosk PIN for ${business.name}. To choose a new PIN, ` +
          `tap your name at the kiosk (${ctx.kioskName}), enter this one-time code instead of your PIN: ${pin}, ` +
          'and then choose your new PIN. The code works once, within 24 hours.\n\n' +
          'Your current PIN keeps working until you do. If you did not ask for this, ignore this message.'
        : `${business.name}: to reset your kiosk PIN, enter the one-time code ${pin} at the kiosk instead of your PIN within 24 hours, then choose a new PIN. Your current PIN still works.`;
    await enqueueMessage(tx, {
      businessId: ctx.businessId,
      channel,
      recipient,
      subject: `Resetting your kiosk PIN for ${business.name}`,
      body,
    });
  });
}
