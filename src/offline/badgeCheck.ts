/**
 * Checking a scanned badge at the kiosk: with the service when it answers within the interactive
 * budget, else against the badge verifiers this tablet keeps (badgeVerifiers.ts), as a PIN is
 * checked (docs/offline-pin.md). A scan is recognised before anything is sent (src/domain/badges.ts),
 * so text that is not a badge never reaches the service; every refusal the service counts (unknown,
 * revoked) is counted there, against the device or the badge's owner. At a kiosk in badge-then-PIN
 * mode the service signs nobody in on a badge alone: its `pin-required` answer names the person,
 * and the kiosk opens their PIN step; offline the kept mode decides the same. A badge the tablet
 * does not keep, with no answer from the service, is refused, records nothing, and counts against
 * this tablet as the service counts an unknown badge against the device (badgeLockout.ts).
 */
import type { BadgeCheckModel } from '../contract/supporting/badges';
import { checkBadge } from '../contract/routes/badges';
import { readBadgeToken } from '../domain/badges';
import { isLocked } from '../domain/pinPolicy';
import { isApiClientError } from '../client/errors';
import { badgeLockedUntil, countUnknownBadge, endBadgeRun, keepServiceBadgeLock } from './badgeLockout';
import { findKeptBadge } from './badgeVerifiers';
import type { KioskRuntime } from './kioskRuntime';
import { answerWithin, askWithinBudget, SLOW_ANSWER_WAIT_MS } from './reachability';
import { PinLockoutRecord, readRecord, StaffRecord } from './records';
import { readLockoutPolicy } from './refreshKioskData';
import { adoptServerView } from './serverView';

export type BadgeRefusal =
  | 'not-badge'
  | 'badges-off'
  | 'unknown'
  | 'revoked'
  | 'locked'
  | 'device-locked'
  | 'busy'
  | 'offline'
  | 'offline-unknown'
  | 'no-longer-here';

export type BadgeCheck =
  | { ok: true; employee: StaffRecord; pinRequired: boolean; badgeId: number; checkedOffline: boolean }
  | { ok: false; reason: BadgeRefusal; attemptsLeft: number | null };

const refused = (reason: BadgeRefusal, attemptsLeft: number | null = null): BadgeCheck => ({ ok: false, reason, attemptsLeft });

const REASON_OF: Readonly<Record<string, BadgeRefusal>> = {
  'invalid-badge': 'not-badge',
  'validation-failed': 'not-badge',
  'badges-off': 'badges-off',
  'unknown-badge': 'unknown',
  'badge-revoked': 'revoked',
  'pin-locked': 'locked',
  'badge-locked': 'device-locked',
  'rate-limited': 'busy',
  'not-kiosk-enabled': 'no-longer-here',
};

/** The person whose badge the service named, from the tablet's staff list: their PIN comes next. */
async function pinStepOf(rt: KioskRuntime, employeeId: unknown, badgeId: unknown): Promise<BadgeCheck> {
  // The service found the badge, which ended the device's run of unknown ones there.
  await endBadgeRun(rt.db);
  const employee = typeof employeeId === 'number' ? readRecord(StaffRecord, await rt.db.staff.get(employeeId)) : null;
  if (!employee) return refused('no-longer-here');
  return { ok: true, employee, pinRequired: true, badgeId: typeof badgeId === 'number' ? badgeId : 0, checkedOffline: false };
}

async function acceptedOnline(rt: KioskRuntime, answer: BadgeCheckModel): Promise<BadgeCheck> {
  await endBadgeRun(rt.db);
  const employee = await adoptServerView(rt, answer.employee);
  return { ok: true, employee, pinRequired: answer.pinRequired, badgeId: answer.badgeId, checkedOffline: false };
}

async function refusedOnline(rt: KioskRuntime, error: unknown): Promise<BadgeCheck> {
  if (!isApiClientError(error) || error.kind !== 'http') return refused('offline');
  if (error.code === 'pin-required') return pinStepOf(rt, error.problem?.employeeId, error.problem?.badgeId);
  if (error.code === 'badge-locked') {
    await keepServiceBadgeLock(rt.db, rt.clock.now(), error.retryAfterSeconds ?? (await readLockoutPolicy(rt.db)).lockoutMs / 1000);
  }
  const left = error.problem?.attemptsLeft;
  const reason = REASON_OF[error.code ?? ''] ?? (error.status === 404 ? 'no-longer-here' : null);
  if (reason === null) throw error;
  return refused(reason, typeof left === 'number' ? left : null);
}

/** The badge as this tablet alone can judge it; null when it keeps nothing that decides (the service must). */
async function checkOffline(rt: KioskRuntime, token: string): Promise<BadgeCheck | null> {
  const found = await findKeptBadge(rt.db, token);
  if (!found?.badge) return null;
  if (found.kept.mode === 'pin') return refused('badges-off');
  const employee = readRecord(StaffRecord, await rt.db.staff.get(found.badge.employeeId));
  if (!employee) return refused('no-longer-here');
  const lockout = readRecord(PinLockoutRecord, await rt.db.pinLockouts.get(employee.employeeId));
  if (lockout && isLocked({ failedAttempts: lockout.failedAttempts, lockedUntil: lockout.lockedUntil ? new Date(lockout.lockedUntil) : null }, rt.clock.now())) {
    return refused('locked');
  }
  await endBadgeRun(rt.db);
  return { ok: true, employee, pinRequired: found.kept.mode === 'badge-then-pin', badgeId: found.badge.badgeId, checkedOffline: true };
}

/** A badge the tablet keeps no verifier for, and no answer from the service: it counts against this tablet. */
async function unknownOffline(rt: KioskRuntime): Promise<BadgeCheck> {
  const counted = await countUnknownBadge(rt.db, rt.clock.now());
  return 'lockedUntil' in counted ? refused('device-locked') : refused('offline-unknown', counted.attemptsLeft);
}

export async function checkBadgeAtKiosk(rt: KioskRuntime, scanned: string): Promise<BadgeCheck> {
  const token = readBadgeToken(scanned);
  if (token === null) return refused('not-badge');
  const ask = () => rt.client.call(checkBadge, { path: rt.kiosk, body: { token } });
  try {
    const asked = await askWithinBudget(rt.reachability, ask);
    if (asked.answered) return await acceptedOnline(rt, asked.value);
    // Locked by unknown badges (here offline, or by the service before the outage): as the service
    // would, refuse every badge until the lockout ends; names and PINs still work.
    if (await badgeLockedUntil(rt.db, rt.clock.now())) {
      asked.pending?.catch(() => undefined);
      return refused('device-locked');
    }
    const offline = await checkOffline(rt, token);
    if (offline) {
      // The person is let in on the tablet's word; a late answer changes nothing now (as for a PIN).
      asked.pending?.catch(() => undefined);
      return offline;
    }
    // Nothing on this tablet decides for this badge: the service's answer is the only one.
    const answer = await answerWithin(asked.pending ?? ask(), SLOW_ANSWER_WAIT_MS);
    if (answer) return await acceptedOnline(rt, answer.value);
    // With no badges kept at all (never refreshed) the tablet cannot call any badge unknown.
    return (await findKeptBadge(rt.db, token)) ? await unknownOffline(rt) : refused('offline');
  } catch (error) {
    return refusedOnline(rt, error);
  }
}
