/**
 * Checking a scanned badge at the kiosk, with the service. A scan is recognised before anything is
 * sent (src/domain/badges.ts), so text that is not a badge never reaches the service; every
 * refusal the service counts (unknown, revoked) is counted there, against the device or the
 * badge's owner. With no answer the kiosk says so and records nothing. At a kiosk in badge-then-PIN
 * mode the service signs nobody in on a badge alone: its `pin-required` answer names the person, and
 * the kiosk opens their PIN step.
 */
import { checkBadge } from '../contract/routes/badges';
import { readBadgeToken } from '../domain/badges';
import { isApiClientError } from '../client/errors';
import type { KioskRuntime } from './kioskRuntime';
import { answerWithin, SLOW_ANSWER_WAIT_MS } from './reachability';
import { readRecord, StaffRecord } from './records';
import { adoptServerView } from './serverView';

export type BadgeRefusal = 'not-badge' | 'badges-off' | 'unknown' | 'revoked' | 'locked' | 'device-locked' | 'busy' | 'offline' | 'no-longer-here';

export type BadgeCheck = { ok: true; employee: StaffRecord; pinRequired: boolean } | { ok: false; reason: BadgeRefusal; attemptsLeft: number | null };

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
async function pinStepOf(rt: KioskRuntime, employeeId: unknown): Promise<BadgeCheck> {
  const employee = typeof employeeId === 'number' ? readRecord(StaffRecord, await rt.db.staff.get(employeeId)) : null;
  return employee ? { ok: true, employee, pinRequired: true } : refused('no-longer-here');
}

export async function checkBadgeAtKiosk(rt: KioskRuntime, scanned: string): Promise<BadgeCheck> {
  const token = readBadgeToken(scanned);
  if (token === null) return refused('not-badge');
  try {
    const answer = await answerWithin(rt.client.call(checkBadge, { path: rt.kiosk, body: { token } }), SLOW_ANSWER_WAIT_MS);
    if (!answer) return refused('offline');
    const employee = await adoptServerView(rt, answer.value.employee);
    return { ok: true, employee, pinRequired: answer.value.pinRequired };
  } catch (error) {
    if (!isApiClientError(error) || error.kind !== 'http') return refused('offline');
    if (error.code === 'pin-required') return pinStepOf(rt, error.problem?.employeeId);
    const left = error.problem?.attemptsLeft;
    const reason = REASON_OF[error.code ?? ''] ?? (error.status === 404 ? 'no-longer-here' : null);
    if (reason === null) throw error;
    return refused(reason, typeof left === 'number' ? left : null);
  }
}
