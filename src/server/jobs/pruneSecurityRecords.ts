/**
 * The hourly clean-up of what the brute-force defences keep: expired rate-limit counters, sign-in
 * lockout records that no longer lock anything, and applied offline wrong-PIN reports too old to be
 * compared with new ones.
 */
import type { Database } from '../db/openDatabase';
import type { Env } from '../env';
import { pruneRateLimits } from '../http/rateLimits';
import { pinFailureRules, prunePinFailureReports } from '../services/pins/pinFailureReports';
import { pruneSignInLockouts } from '../services/access/signInLockouts';

/** Returns how many records were removed. */
export async function pruneSecurityRecords(db: Database, now: Date, settings: Env): Promise<number> {
  const counters = await pruneRateLimits(db, now);
  const lockouts = await pruneSignInLockouts(db, now);
  const reports = await prunePinFailureReports(db, now, pinFailureRules(settings).maxAgeMs);
  return counters + lockouts + reports;
}
