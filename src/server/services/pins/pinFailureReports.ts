/**
 * Wrong PINs an offline kiosk saw (`pinfailures`), applied to the lockout at the times they
 * happened, but only when they are plausible: one report must not let a device lock colleagues out
 * at will. An attempt counts only if its time
 * - is not repeated within the report,
 * - is not in the future (beyond the clock-skew allowance MAX_FUTURE_SKEW_SECONDS, as for punches),
 * - lies in the reporter's offline period: for a device, not before its last contact ahead of its
 *   most recent gap in contact (`devices.offline_from`, or its enrolment), less the same clock-skew
 *   allowance, and never older than PIN_FAILURES_MAX_AGE_HOURS;
 * - keeps the reporter within PIN_FAILURES_PER_DEVICE_HOUR attempts in any 60 minutes.
 * A report breaking any rule is refused whole (400 `implausible-pin-failures`, per entry), and
 * nothing is applied. An attempt already applied (same employee, same instant) is skipped, so a
 * repeated report changes nothing.
 */
import { and, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { afterFailure } from '../../../domain/pinPolicy';
import { parseWireDateTime } from '../../../domain/time';
import type { Principal } from '../../auth/principal';
import type { Database } from '../../db/openDatabase';
import { devices, employees, pinFailureReports } from '../../db/schema';
import type { Env } from '../../env';
import { ApiError, type FieldMessage } from '../../errors/apiError';
import { loadKioskEmployee, requireEmployeeId } from '../people/kioskEmployees';
import type { PinContext } from './pins';
import { withTransaction } from '../../db/transactions';
import { refuseAnotherLockout } from './deviceLockouts';

const HOUR_MS = 60 * 60 * 1000;

export interface PinFailureRules {
  /** The oldest attempt accepted from anyone, however long the reporter was offline. */
  maxAgeMs: number;
  /** Attempts one reporter may report within any 60 minutes. */
  perReporterHour: number;
}

export interface Reporter {
  /** `device:<id>` or `user:<id>`: whose reports are counted together. */
  key: string;
  /** A device's last contact before its latest gap (or its enrolment): its offline period began then. */
  offlineSince: Date | null;
  /** The oldest instant anyone's attempt may carry (PIN_FAILURES_MAX_AGE_HOURS ago). */
  oldest: Date;
}

/** The plausibility rules from the service settings. */
export function pinFailureRules(settings: Env): PinFailureRules {
  return { maxAgeMs: settings.PIN_FAILURES_MAX_AGE_HOURS * HOUR_MS, perReporterHour: settings.PIN_FAILURES_PER_DEVICE_HOUR };
}

/** Who is reporting, and since when they can have been offline. */
export async function reporterOf(db: Database, principal: Principal, now: Date, rules: PinFailureRules): Promise<Reporter> {
  const oldest = new Date(now.getTime() - rules.maxAgeMs);
  if (principal.kind === 'user') return { key: `user:${principal.userId}`, offlineSince: null, oldest };
  const [device] = await db
    .select({ offlineFrom: devices.offlineFrom, createdAt: devices.createdAt })
    .from(devices)
    .where(eq(devices.id, principal.deviceId));
  return { key: `device:${principal.deviceId}`, offlineSince: device?.offlineFrom ?? device?.createdAt ?? now, oldest };
}

const field = (index: number) => `failedAttemptsUtc.${index}`;

/**
 * Per-entry reasons why times of one report are implausible (empty when all are fine). Both ends
 * of a device's offline period get the clock-skew allowance: its times come from its corrected
 * clock, which is only as exact as the service's one-second Date header and the round trip.
 */
export function implausibleTimes(times: readonly Date[], now: Date, reporter: Reporter, maxFutureSkewMs: number): FieldMessage[] {
  const errors: FieldMessage[] = [];
  const seen = new Set<number>();
  times.forEach((time, index) => {
    const ms = time.getTime();
    if (seen.has(ms)) errors.push({ field: field(index), message: 'This time is reported more than once; each wrong PIN has its own time.' });
    else if (ms > now.getTime() + maxFutureSkewMs) {
      errors.push({ field: field(index), message: `This time is in the future (more than ${maxFutureSkewMs / 1000} seconds ahead of the service).` });
    } else if (reporter.offlineSince && ms < reporter.offlineSince.getTime() - maxFutureSkewMs) {
      errors.push({ field: field(index), message: `This time is before ${reporter.offlineSince.toISOString()}, when this kiosk's offline period began.` });
    } else if (ms < reporter.oldest.getTime()) {
      errors.push({ field: field(index), message: `This time is before ${reporter.oldest.toISOString()}: older wrong PINs are not applied.` });
    }
    seen.add(ms);
  });
  return errors;
}

/** The new times that would put the reporter over `limit` attempts within some 60 minutes. */
export function overHourlyLimit(recorded: readonly Date[], fresh: readonly Date[], limit: number): Date[] {
  const all = [...recorded.map((time) => ({ ms: time.getTime(), fresh: false })), ...fresh.map((time) => ({ ms: time.getTime(), fresh: true }))].sort(
    (a, b) => a.ms - b.ms,
  );
  const offending = new Set<number>();
  let start = 0;
  for (let end = 0; end < all.length; end += 1) {
    const last = all[end];
    if (!last) break;
    while (start < end && (all[start]?.ms ?? 0) <= last.ms - HOUR_MS) start += 1;
    if (end - start + 1 > limit) {
      for (const item of all.slice(start, end + 1)) if (item.fresh) offending.add(item.ms);
    }
  }
  return fresh.filter((time) => offending.has(time.getTime()));
}

const implausible = (detail: string, errors: FieldMessage[]) =>
  new ApiError(400, 'implausible-pin-failures', 'The reported wrong PINs are not plausible.', { detail, errors });

/**
 * Applies the plausible wrong PINs of one report, oldest first, each at its own time, on top of the
 * service's lockout state: a lockout that began offline continues online until it runs out, and
 * attempts long past lock nobody now.
 */
export async function applyOfflineFailures(
  db: Database,
  ctx: PinContext,
  reporter: Reporter,
  rules: PinFailureRules,
  report: { employeeId: number; failedAttemptsUtc: readonly string[] },
): Promise<void> {
  const employeeId = requireEmployeeId(report.employeeId);
  const times = report.failedAttemptsUtc.map((text, index) => {
    const time = parseWireDateTime(text, 'utc');
    if (!time) throw implausible('A reported time is not a date and time.', [{ field: field(index), message: 'Not a date and time.' }]);
    return time;
  });
  const errors = implausibleTimes(times, ctx.now, reporter, ctx.maxFutureSkewMs);
  if (errors.length > 0) throw implausible('Some reported wrong PINs are not plausible; nothing was applied.', errors);

  await withTransaction(db, async (tx) => {
    const row = await loadKioskEmployee(tx, ctx.businessId, employeeId, { lock: true, now: ctx.now });
    const applied = await tx
      .select({ at: pinFailureReports.attemptedAt })
      .from(pinFailureReports)
      .where(and(eq(pinFailureReports.employeeId, row.id), inArray(pinFailureReports.attemptedAt, times)));
    const known = new Set(applied.map((entry) => entry.at.getTime()));
    const fresh = times.filter((time) => !known.has(time.getTime())).sort((a, b) => a.getTime() - b.getTime());
    const first = fresh[0];
    const last = fresh.at(-1);
    if (!first || !last) return;

    // Reports of one reporter are counted one at a time, whichever employee they name.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${reporter.key}))`);
    const nearby = await tx
      .select({ at: pinFailureReports.attemptedAt })
      .from(pinFailureReports)
      .where(
        and(
          eq(pinFailureReports.reporter, reporter.key),
          gte(pinFailureReports.attemptedAt, new Date(first.getTime() - HOUR_MS)),
          lte(pinFailureReports.attemptedAt, new Date(last.getTime() + HOUR_MS)),
        ),
      );
    const over = overHourlyLimit(
      nearby.map((entry) => entry.at),
      fresh,
      rules.perReporterHour,
    );
    if (over.length > 0) {
      throw implausible(
        `More than ${rules.perReporterHour} wrong PINs within one hour from one kiosk are not plausible; nothing was applied.`,
        over.map((time) => ({ field: field(times.findIndex((t) => t.getTime() === time.getTime())), message: 'Over the hourly number of wrong PINs one kiosk may report.' })),
      );
    }

    let state = { failedAttempts: row.pinFailedAttempts, lockedUntil: row.pinLockedUntil };
    for (const time of fresh) state = afterFailure(state, time, ctx.policy);
    // A report that locks the person now counts against the device's cap on lockouts, as a live wrong PIN does (a 429: sent again later).
    const isLocked = (until: Date | null) => until !== null && until.getTime() > ctx.now.getTime();
    const locks = isLocked(state.lockedUntil) && !isLocked(row.pinLockedUntil);
    if (locks && ctx.source) {
      const refused = await refuseAnotherLockout(tx, ctx.businessId, row.id, ctx.source, ctx.now);
      if (refused) throw refused;
    }
    await tx
      .insert(pinFailureReports)
      .values(fresh.map((attemptedAt) => ({ businessId: ctx.businessId, employeeId: row.id, reporter: reporter.key, attemptedAt, receivedAt: ctx.now })))
      .onConflictDoNothing();
    await tx
      .update(employees)
      .set({ pinFailedAttempts: state.failedAttempts, pinLockedUntil: state.lockedUntil, ...(locks ? { pinLockedBy: ctx.source?.key ?? reporter.key } : {}) })
      .where(eq(employees.id, row.id));
  });
}

/** Deletes applied reports too old to matter: newer reports can no longer be compared with them. */
export async function prunePinFailureReports(db: Database, now: Date, maxAgeMs: number): Promise<number> {
  const removed = await db
    .delete(pinFailureReports)
    .where(lt(pinFailureReports.attemptedAt, new Date(now.getTime() - maxAgeMs - HOUR_MS)))
    .returning({ id: pinFailureReports.id });
  return removed.length;
}
