/**
 * The tablet's own count of badges it could not place while the service was out of reach, kept so
 * that unknown (or, once forgotten at a refresh, revoked) badges count against this device offline
 * as they do online (the service's per-device badge lockout, under the PIN policy): five in a row
 * lock this tablet's offline badge checks for the lockout's length; a badge it accepts ends the
 * run; a lockout the service reports (429 badge-locked) is kept too, so an outage does not forget
 * it. Names and PINs are never held back by it. Kept in IndexedDB `meta`, read back with zod/mini;
 * a damaged record counts as no run at all. A tally of every such badge goes with the device's
 * health report, so a manager learns of them although the service never saw them.
 */
import * as z from 'zod/mini';
import { afterFailure, afterSuccess, attemptsLeft, isLocked, type LockoutState } from '../domain/pinPolicy';
import type { KioskDb } from './db';
import { isoInstant, readRecord } from './records';
import { readLockoutPolicy } from './refreshKioskData';

export const BADGE_LOCKOUT_KEY = 'badgeLockout';
/** The tally of unknown badges offline since enrolment, for the device's health report (a manager sees it). */
export const UNKNOWN_BADGES_KEY = 'unknownBadgesOffline';

const UnknownBadgesRecord = z.object({
  count: z.int().check(z.nonnegative()),
  lastAt: isoInstant,
});

const BadgeLockoutRecord = z.object({
  failedAttempts: z.int().check(z.nonnegative()),
  lockedUntil: z.nullable(isoInstant),
});

function asState(value: unknown): LockoutState {
  const record = readRecord(BadgeLockoutRecord, value);
  return record ? { failedAttempts: record.failedAttempts, lockedUntil: record.lockedUntil ? new Date(record.lockedUntil) : null } : afterSuccess();
}

async function save(db: KioskDb, state: LockoutState): Promise<void> {
  await db.meta.put({ key: BADGE_LOCKOUT_KEY, value: { failedAttempts: state.failedAttempts, lockedUntil: state.lockedUntil?.toISOString() ?? null } });
}

/** When this tablet's badge checks are locked until, or null when they are not (now). */
export async function badgeLockedUntil(db: KioskDb, now: Date): Promise<Date | null> {
  const state = asState((await db.meta.get(BADGE_LOCKOUT_KEY))?.value);
  return isLocked(state, now) ? state.lockedUntil : null;
}

/** Counts one badge the tablet could not place offline: the lock it started, or the attempts left before one. */
export async function countUnknownBadge(db: KioskDb, now: Date): Promise<{ lockedUntil: Date } | { attemptsLeft: number }> {
  const policy = await readLockoutPolicy(db);
  return db.transaction('rw', db.meta, async () => {
    const next = afterFailure(asState((await db.meta.get(BADGE_LOCKOUT_KEY))?.value), now, policy);
    await save(db, next);
    const tally = readRecord(UnknownBadgesRecord, (await db.meta.get(UNKNOWN_BADGES_KEY))?.value);
    await db.meta.put({ key: UNKNOWN_BADGES_KEY, value: { count: (tally?.count ?? 0) + 1, lastAt: now.toISOString() } });
    return next.lockedUntil && isLocked(next, now) ? { lockedUntil: next.lockedUntil } : { attemptsLeft: attemptsLeft(next, policy) };
  });
}

/** A badge accepted (by the service or the tablet): the run of unknown ones ends. */
export async function endBadgeRun(db: KioskDb): Promise<void> {
  const state = asState((await db.meta.get(BADGE_LOCKOUT_KEY))?.value);
  if (state.failedAttempts > 0 || state.lockedUntil !== null) await save(db, afterSuccess());
}

/** The service locked this device's badge checks for `seconds`: kept, so an outage meanwhile does not forget it. */
export async function keepServiceBadgeLock(db: KioskDb, now: Date, seconds: number): Promise<void> {
  await save(db, { failedAttempts: 0, lockedUntil: new Date(now.getTime() + seconds * 1000) });
}

/** How many badges this tablet could not place offline since enrolment, and when the latest was scanned. */
export async function unknownBadgesOffline(db: KioskDb): Promise<{ count: number; lastAt: Date | null }> {
  const tally = readRecord(UnknownBadgesRecord, (await db.meta.get(UNKNOWN_BADGES_KEY))?.value);
  return tally ? { count: tally.count, lastAt: new Date(tally.lastAt) } : { count: 0, lastAt: null };
}
