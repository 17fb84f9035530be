/**
 * The cap on how many people one kiosk device may have locked out by wrong PINs at once
 * (PIN_LOCKOUTS_PER_DEVICE; docs/offline-pin.md). Each person's lockout stops guessing their PIN,
 * but without a cap one device (or its stolen credential) could lock a whole team out in a minute
 * by typing five wrong PINs for each. A wrong PIN that would lock one more person while the device
 * already has that many people locked is not counted and not compared: the device is told to wait
 * (429) until one of its lockouts ends or a manager unlocks.
 */
import { and, count, eq, gt, ne } from 'drizzle-orm';
import type { Principal } from '../../auth/principal';
import type { Database } from '../../db/openDatabase';
import { employees } from '../../db/schema';
import { ApiError } from '../../errors/apiError';

export interface LockoutSource {
  /** Who a lockout is recorded against (`employees.pin_locked_by`). */
  key: string;
  /** How many people it may have locked at once; null: no cap (a signed-in user). */
  max: number | null;
}

/** The lockout source of a caller: a device is capped, a signed-in user (a manager) is not. */
export function lockoutSourceOf(principal: Principal, maxPerDevice: number): LockoutSource {
  return principal.kind === 'device' ? { key: `device:${principal.deviceId}`, max: maxPerDevice } : { key: `user:${principal.userId}`, max: null };
}

/**
 * Null when `source` may lock `employeeId` out now; otherwise the 429 to answer, waiting until the
 * first of the source's lockouts of other people ends.
 */
export async function refuseAnotherLockout(tx: Database, businessId: number, employeeId: number, source: LockoutSource, now: Date): Promise<ApiError | null> {
  if (source.max === null) return null;
  const locked = and(eq(employees.businessId, businessId), eq(employees.pinLockedBy, source.key), gt(employees.pinLockedUntil, now), ne(employees.id, employeeId));
  const [row] = await tx.select({ people: count() }).from(employees).where(locked);
  if ((row?.people ?? 0) < source.max) return null;
  const [first] = await tx.select({ until: employees.pinLockedUntil }).from(employees).where(locked).orderBy(employees.pinLockedUntil).limit(1);
  const seconds = Math.max(1, Math.ceil(((first?.until ?? now).getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new ApiError(429, 'rate-limited', 'Too many people are locked out at this kiosk.', {
    detail:
      `Wrong PINs at this kiosk have locked out ${source.max} people already, so this wrong PIN is not counted. ` +
      `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or ask a manager to unlock them.`,
    headers: { 'retry-after': String(seconds) },
    extra: { retryAfterSeconds: seconds },
  });
}
