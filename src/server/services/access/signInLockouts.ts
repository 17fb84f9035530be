/**
 * The password lockout, kept per submitted e-mail address whether or not a user has it, so that
 * sign-in answers alike for known and unknown addresses, lockout included. Addresses are stored
 * only as digests. Each attempt is claimed (the domain's `claimAttempt`) under a row lock before
 * the password is compared, so concurrent guesses cannot outrun the limit.
 */
import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';
import { claimAttempt, type AttemptClaim, type LockoutPolicy } from '../../../domain/pinPolicy';
import { digest } from '../../auth/secrets';
import type { Database } from '../../db/openDatabase';
import { signInLockouts } from '../../db/schema';
import { normaliseEmail } from '../../auth/normaliseEmail';
import { withTransaction } from '../../db/transactions';

/** A run of wrong passwords with no attempt for this long (and no lockout running) is forgotten. */
export const SIGN_IN_LOCKOUT_RETENTION_MS = 24 * 60 * 60 * 1000;

const keyOf = (email: string) => digest(`sign-in:${normaliseEmail(email)}`);

/** Claims one sign-in attempt for the address: refused while it is locked out. */
export async function claimSignInAttempt(db: Database, email: string, now: Date, policy: LockoutPolicy): Promise<AttemptClaim> {
  const addressDigest = keyOf(email);
  return withTransaction(db, async (tx) => {
    await tx.insert(signInLockouts).values({ addressDigest, failedAttempts: 0, lockedUntil: null, updatedAt: now }).onConflictDoNothing();
    const [row] = await tx.select().from(signInLockouts).where(eq(signInLockouts.addressDigest, addressDigest)).for('update');
    const claim = claimAttempt({ failedAttempts: row?.failedAttempts ?? 0, lockedUntil: row?.lockedUntil ?? null }, now, policy);
    if (claim.granted) {
      await tx
        .update(signInLockouts)
        .set({ failedAttempts: claim.ifWrong.failedAttempts, lockedUntil: claim.ifWrong.lockedUntil, updatedAt: now })
        .where(eq(signInLockouts.addressDigest, addressDigest));
    }
    return claim;
  });
}

/** Ends the address's run of wrong passwords (a successful sign-in, or a password set afresh). */
export async function clearSignInLockout(db: Database, email: string): Promise<void> {
  await db.delete(signInLockouts).where(eq(signInLockouts.addressDigest, keyOf(email)));
}

/** Deletes records that no longer lock anything and saw no attempt within the retention period. */
export async function pruneSignInLockouts(db: Database, now: Date): Promise<number> {
  const removed = await db
    .delete(signInLockouts)
    .where(
      and(
        lt(signInLockouts.updatedAt, new Date(now.getTime() - SIGN_IN_LOCKOUT_RETENTION_MS)),
        or(isNull(signInLockouts.lockedUntil), lte(signInLockouts.lockedUntil, now)),
      ),
    )
    .returning({ key: signInLockouts.addressDigest });
  return removed.length;
}
