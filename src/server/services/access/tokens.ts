/**
 * Manager credentials behind the OAuth endpoints: password sign-in with a wrong-password lockout,
 * issuing and rotating access/refresh token pairs, and revoking a user's tokens. Only digests of
 * tokens are stored; the plain tokens exist once, in the value returned to the caller.
 */
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { isLocked, lockoutPolicy, type LockoutPolicy } from '../../../domain/pinPolicy';
import { decoy, digest, newToken, TOKEN_PREFIX, verifySecret } from '../../auth/secrets';
import type { Database } from '../../db/openDatabase';
import { oauthTokens, users } from '../../db/schema';
import type { Env } from '../../env';
import { normaliseEmail } from '../../auth/normaliseEmail';
import { claimSignInAttempt, clearSignInLockout } from './signInLockouts';

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
    lockout: lockoutPolicy(env.LOGIN_MAX_ATTEMPTS, env.LOGIN_LOCKOUT_MINUTES),
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

/**
 * A session opened with a manager PIN: it ends at `endsAt` whatever happens (renewals keep it), and
 * its tokens are marked so that the PIN cannot be changed with them.
 */
export interface PinSession {
  endsAt: Date;
}

/** Stores a new access/refresh pair for the user and returns the plain tokens. */
export async function issueTokens(db: Database, userId: number, now: Date, settings: TokenSettings, pinSession?: PinSession): Promise<IssuedTokens> {
  const accessToken = newToken(TOKEN_PREFIX.access);
  const refreshToken = newToken(TOKEN_PREFIX.refresh);
  const fullAccess = now.getTime() + settings.accessTtlSeconds * 1000;
  const accessExpiresAt = new Date(pinSession ? Math.min(fullAccess, pinSession.endsAt.getTime()) : fullAccess);
  await db.insert(oauthTokens).values({
    userId,
    accessHash: digest(accessToken),
    refreshHash: digest(refreshToken),
    accessExpiresAt,
    refreshExpiresAt: pinSession ? pinSession.endsAt : new Date(now.getTime() + settings.refreshTtlDays * DAY_MS),
    viaManagerPin: pinSession !== undefined,
    createdAt: now,
  });
  return { accessToken, refreshToken, expiresInSeconds: Math.max(1, Math.floor((accessExpiresAt.getTime() - now.getTime()) / 1000)) };
}

/**
 * Checks an e-mail and password. The attempt is first claimed against the lockout of the submitted
 * address (known or not), so while it is locked no password is compared, and concurrent attempts
 * cannot outrun the limit; the wrong attempt that reaches the limit starts the lockout. An unknown
 * e-mail, a user without a password and a wrong password all give `invalid-credentials`, after the
 * same scrypt work and the same counting.
 */
export async function signInWithPassword(
  db: Database,
  email: string,
  password: string,
  now: Date,
  policy: LockoutPolicy,
): Promise<SignInResult> {
  const claim = await claimSignInAttempt(db, email, now, policy);
  if (!claim.granted) return { ok: false, reason: 'locked', retryAfterSeconds: secondsUntil(claim.lockedUntil, now) };
  const [user] = await db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.email, normaliseEmail(email)));
  const matched = await verifySecret(password, user?.passwordHash ?? (await decoy()));
  if (matched && user?.passwordHash) {
    await clearSignInLockout(db, email);
    return { ok: true, userId: user.id };
  }
  const after = claim.ifWrong;
  if (isLocked(after, now) && after.lockedUntil) {
    return { ok: false, reason: 'locked', retryAfterSeconds: secondsUntil(after.lockedUntil, now) };
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
      .returning({ userId: oauthTokens.userId, viaManagerPin: oauthTokens.viaManagerPin, refreshExpiresAt: oauthTokens.refreshExpiresAt });
    if (!used) return null;
    return issueTokens(tx, used.userId, now, settings, used.viaManagerPin ? { endsAt: used.refreshExpiresAt } : undefined);
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
