/**
 * Checking a scanned badge at a kiosk. Guessing a token is hopeless (160 bits), but a scan that is
 * not a badge in use still counts, as a wrong PIN does, so a device (or its stolen credential)
 * cannot try tokens or probe revoked badges freely: an unknown token counts against the device
 * that sent it (its own lockout, under the PIN policy: five in a row lock its badge checks for the
 * lockout's length), a revoked one against its owner's PIN lockout, under the cap on how many
 * people one device may lock out (deviceLockouts.ts). A right badge ends the device's run.
 *
 * The kiosk's mode is the service's to enforce, not only the tablet's: in `pin` mode a badge is
 * refused unread, and in `badge-then-pin` mode a badge alone signs nobody in. The answer then
 * names only whose badge it is (403 `pin-required`), so the tablet can open that person's PIN pad;
 * their state and the sign-in come from checkpin, which needs the PIN.
 */
import { eq } from 'drizzle-orm';
import type { BadgeCheckModel } from '../../../contract/supporting/badges';
import { readBadgeToken } from '../../../domain/badges';
import { afterSuccess, attemptsLeft, claimAttempt, isLocked, type LockoutState } from '../../../domain/pinPolicy';
import type { Database } from '../../db/openDatabase';
import { badgeFailures, badges } from '../../db/schema';
import { ApiError, invalidField } from '../../errors/apiError';
import { withTransaction } from '../../db/transactions';
import { claimPinAttempt, lockedError, type PinContext } from '../pins/pins';
import { loadKioskEmployee, toKioskEmployee } from '../people/kioskEmployees';
import { kioskBadgeMode } from './badgeSettings';
import { badgeLookupHash } from './badgeTokens';

export type BadgeOutcome = { ok: true; answer: BadgeCheckModel } | { ok: false; error: ApiError };

const badgesOff = () =>
  new ApiError(403, 'badges-off', 'Badges are not accepted here.', {
    detail: 'This kiosk signs people in with their PIN only. Tap your name and enter your PIN.',
  });

const pinRequired = (employeeId: number, badgeId: number) =>
  new ApiError(403, 'pin-required', 'Your PIN is needed as well.', {
    detail: 'This kiosk asks for your PIN after your badge. Enter your PIN to go on.',
    extra: { employeeId, badgeId },
  });

function deviceLocked(lockedUntil: Date, now: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new ApiError(429, 'badge-locked', 'Too many unknown badges.', {
    detail: `Too many badges this kiosk does not know, in a row. Badges work again here in ${minutes} minute${minutes === 1 ? '' : 's'}; names and PINs still work.`,
    headers: { 'retry-after': String(seconds) },
    extra: { retryAfterSeconds: seconds },
  });
}

/** Counts an unknown badge against the caller (a device, or a user for that matter). */
async function countUnknown(db: Database, ctx: PinContext, source: string): Promise<ApiError> {
  return withTransaction(db, async (tx) => {
    await tx.insert(badgeFailures).values({ source, businessId: ctx.businessId }).onConflictDoNothing();
    const [row] = await tx.select().from(badgeFailures).where(eq(badgeFailures.source, source)).for('update');
    const state: LockoutState = { failedAttempts: row?.failedAttempts ?? 0, lockedUntil: row?.lockedUntil ?? null };
    const claim = claimAttempt(state, ctx.now, ctx.policy);
    if (!claim.granted) return deviceLocked(claim.lockedUntil, ctx.now);
    await tx.update(badgeFailures).set(claim.ifWrong).where(eq(badgeFailures.source, source));
    if (claim.ifWrong.lockedUntil) return deviceLocked(claim.ifWrong.lockedUntil, ctx.now);
    const left = attemptsLeft(claim.ifWrong, ctx.policy);
    return new ApiError(400, 'unknown-badge', 'This badge is not known here.', {
      detail: `This badge does not belong to anyone at this business. Ask a manager for a new one. ${left} unknown badge${left === 1 ? '' : 's'} left before badges lock at this kiosk.`,
      extra: { attemptsLeft: left },
    });
  });
}

async function deviceLockState(db: Database, source: string): Promise<LockoutState> {
  const [row] = await db.select().from(badgeFailures).where(eq(badgeFailures.source, source));
  return { failedAttempts: row?.failedAttempts ?? 0, lockedUntil: row?.lockedUntil ?? null };
}

/** Whose badge the token is, at this kiosk; every refusal after the form check has been counted. */
export async function checkBadge(db: Database, ctx: PinContext & { kioskId: number }, input: { token: string }): Promise<BadgeOutcome> {
  const token = readBadgeToken(input.token);
  if (token === null) throw invalidField('invalid-badge', 'token', 'This is not a Kiosk Clock badge.');
  const mode = await kioskBadgeMode(db, ctx.businessId, ctx.kioskId);
  if (mode === 'pin') return { ok: false, error: badgesOff() };
  const source = ctx.source?.key ?? 'unknown';
  const deviceState = await deviceLockState(db, source);
  if (isLocked(deviceState, ctx.now) && deviceState.lockedUntil) return { ok: false, error: deviceLocked(deviceState.lockedUntil, ctx.now) };

  const [badge] = await db.select().from(badges).where(eq(badges.tokenHash, badgeLookupHash(token)));
  // Another business's badge is unknown here: nothing about it is revealed, and it counts.
  if (!badge || badge.businessId !== ctx.businessId) return { ok: false, error: await countUnknown(db, ctx, source) };
  if (badge.revokedAt !== null) {
    const claimed = await claimPinAttempt(db, ctx, badge.employeeId, false);
    if (!claimed.ok) return claimed;
    if (claimed.state.lockedUntil) return { ok: false, error: lockedError(claimed.state.lockedUntil, ctx.now) };
    const left = attemptsLeft(claimed.state, ctx.policy);
    return {
      ok: false,
      error: new ApiError(400, 'badge-revoked', 'This badge has been replaced or withdrawn.', {
        detail: `This badge no longer works. Use your newest badge, or tap your name and enter your PIN. ${left} attempt${left === 1 ? '' : 's'} left before your PIN locks.`,
        extra: { attemptsLeft: left },
      }),
    };
  }
  const row = await loadKioskEmployee(db, ctx.businessId, badge.employeeId, { now: ctx.now, atKiosk: ctx.atKiosk });
  if (isLocked({ failedAttempts: row.pinFailedAttempts, lockedUntil: row.pinLockedUntil }, ctx.now) && row.pinLockedUntil) {
    return { ok: false, error: lockedError(row.pinLockedUntil, ctx.now) };
  }
  if (deviceState.failedAttempts > 0) {
    await db.update(badgeFailures).set(afterSuccess()).where(eq(badgeFailures.source, source));
  }
  if (mode === 'badge-then-pin') return { ok: false, error: pinRequired(row.id, badge.id) };
  return {
    ok: true,
    answer: {
      badgeId: badge.id,
      pinRequired: false,
      employee: toKioskEmployee(row, { now: ctx.now, longShiftMinutes: ctx.longShiftMinutes, groupIds: await ctx.groupIdsOf(db, row) }),
    },
  };
}
