/**
 * Manager credentials behind the OAuth endpoints: password sign-in with a wrong-password lockout,
 * issuing and rotating access/refresh token pairs, and revoking a user's tokens. Only digests of
 * tokens are stored; the plain tokens exist once, in the value returned to the caller.
 */
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { afterFailure, isLocked, UNLOCKED, type LockoutPolicy, type LockoutState } from '../../domain/pinPolicy';
import { decoy, digest, newToken, TOKEN_PREFIX, verifySecret } from '../auth/secrets';
import type { Database } from '../db/openDatabase';
import { oauthTokens, users } from '../db/schema';
import type { Env } from '../env';
import { normaliseEmail } from './provisioning';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TokenSettings {
  accessTtlSeconds: number;
  refreshTtlDays: number;
  lockout: LockoutPolicy;
}

/** The token lifetimes and login lockout policy from the service settings. */
export function tokenSettings(env: Env): TokenSettings {
  return {
    accessTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    lockout: { maxAttempts: env.LOGIN_MAX_ATTEMPTS, lockoutMs: env.LOGIN_LOCKOUT_MINUTES * 60 * 1000 },
  };
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
}

export type SignInResult =
  | { ok: true; userId: number }
  | { ok: false; reason: 'invalid-credentials' }
  | { ok: false; reason: 'locked'; retryAfterSeconds: number };

const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/** Stores a new access/refresh pair for the user and returns the plain tokens. */
export async function issueTokens(db: Database, userId: number, now: Date, settings: TokenSettings): Promise<IssuedTokens> {
  const accessToken = newToken(TOKEN_PREFIX.access);
  const refreshToken = newToken(TOKEN_PREFIX.refresh);
  await db.insert(oauthTokens).values({
    userId,
    accessHash: digest(accessToken),
    refreshHash: digest(refreshToken),
    accessExpiresAt: new Date(now.getTime() + settings.accessTtlSeconds * 1000),
    refreshExpiresAt: new Date(now.getTime() + settings.refreshTtlDays * DAY_MS),
    createdAt: now,
  });
  return { accessToken, refreshToken, expiresInSeconds: settings.accessTtlSeconds };
}

/** Counts one wrong password under a row lock, so concurrent failures are all counted. */
async function recordFailure(db: Database, userId: number, now: Date, policy: LockoutPolicy): Promise<LockoutState> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ failedLogins: users.failedLogins, lockedUntil: users.lockedUntil })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const next = afterFailure({ failedAttempts: row?.failedLogins ?? 0, lockedUntil: row?.lockedUntil ?? null }, now, policy);
    await tx.update(users).set({ failedLogins: next.failedAttempts, lockedUntil: next.lockedUntil }).where(eq(users.id, userId));
    return next;
  });
}

/**
 * Checks an e-mail and password. An unknown e-mail, a user without a password and a wrong
 * password all give `invalid-credentials`, after the same scrypt work. While the user is locked
 * out the password is not checked at all; the wrong attempt that reaches the limit starts the lockout.
 */
export async function signInWithPassword(
  db: Database,
  email: string,
  password: string,
  now: Date,
  policy: LockoutPolicy,
): Promise<SignInResult> {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, failedLogins: users.failedLogins, lockedUntil: users.lockedUntil })
    .from(users)
    .where(eq(users.email, normaliseEmail(email)));
  if (!user?.passwordHash) {
    await verifySecret(password, await decoy());
    return { ok: false, reason: 'invalid-credentials' };
  }
  const state: LockoutState = { failedAttempts: user.failedLogins, lockedUntil: user.lockedUntil };
  if (isLocked(state, now) && state.lockedUntil) {
    return { ok: false, reason: 'locked', retryAfterSeconds: secondsUntil(state.lockedUntil, now) };
  }
  if (await verifySecret(password, user.passwordHash)) {
    if (state.failedAttempts !== UNLOCKED.failedAttempts || state.lockedUntil !== UNLOCKED.lockedUntil) {
      await db.update(users).set({ failedLogins: UNLOCKED.failedAttempts, lockedUntil: UNLOCKED.lockedUntil }).where(eq(users.id, user.id));
    }
    return { ok: true, userId: user.id };
  }
  const next = await recordFailure(db, user.id, now, policy);
  if (isLocked(next, now) && next.lockedUntil) {
    return { ok: false, reason: 'locked', retryAfterSeconds: secondsUntil(next.lockedUntil, now) };
  }
  return { ok: false, reason: 'invalid-credentials' };
}

/**
 * Redeems a refresh token: revokes its pair and issues a new one, in one transaction. Null when
 * the token is unknown, revoked or expired; of two concurrent redemptions only one succeeds.
 */
export async function rotateRefreshToken(
  db: Database,
  refreshToken: string,
  now: Date,
  settings: TokenSettings,
): Promise<IssuedTokens | null> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(oauthTokens)
      .set({ revokedAt: now })
      .where(
        and(eq(oauthTokens.refreshHash, digest(refreshToken)), isNull(oauthTokens.revokedAt), gt(oauthTokens.refreshExpiresAt, now)),
      )
      .returning({ userId: oauthTokens.userId });
    if (!used) return null;
    return issueTokens(tx, used.userId, now, settings);
  });
}

/**
 * Revokes every live token of the user behind a live access or refresh token. Anything else
 * (unknown, expired, already revoked, not an OAuth token) changes nothing.
 */
export async function revokeUserTokens(db: Database, token: string, now: Date): Promise<void> {
  const hash = digest(token);
  const [owner] = await db
    .select({ userId: oauthTokens.userId })
    .from(oauthTokens)
    .where(
      and(
        isNull(oauthTokens.revokedAt),
        or(
          and(eq(oauthTokens.accessHash, hash), gt(oauthTokens.accessExpiresAt, now)),
          and(eq(oauthTokens.refreshHash, hash), gt(oauthTokens.refreshExpiresAt, now)),
        ),
      ),
    );
  if (!owner) return;
  await db
    .update(oauthTokens)
    .set({ revokedAt: now })
    .where(and(eq(oauthTokens.userId, owner.userId), isNull(oauthTokens.revokedAt)));
}
