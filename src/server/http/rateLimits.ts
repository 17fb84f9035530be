/**
 * Rate limits per caller and per client address on the routes that check secrets or send
 * messages: sign-in (`/oauth/token`), PIN checks and changes, PIN resets and offline wrong-PIN
 * reports; each such route declares its budget (`x-rate-limit` in src/contract/routes) and the
 * route guard counts it once the request is valid, before any other work. Counted with
 * rate-limiter-flexible on the database (RateLimiterDrizzle over the `rate_limits` table), so the
 * budgets hold across several service instances. Over a limit: 429 problem+json `rate-limited`
 * with Retry-After, like a PIN lockout.
 */
import { lt } from 'drizzle-orm';
import type { Context } from 'hono';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../context';
import { digest } from '../auth/secrets';
import type { Database } from '../db/openDatabase';
import { rateLimits } from '../db/schema';
import { normaliseEmail } from '../auth/normaliseEmail';
import { ApiError } from '../errors/apiError';
import { clientAddress } from './clientAddress';
import type { RateLimitedOperation as LimitedOperation } from '../../contract/routes/common';

const WHAT: Record<LimitedOperation, string> = {
  signIn: 'sign-in requests',
  pinCheck: 'PIN checks',
  pinReset: 'PIN reset requests',
  pinFailures: 'wrong-PIN reports',
};

interface Budget {
  points: number;
  durationSeconds: number;
}

/** Each operation's budgets from the settings: per caller (for sign-in: per submitted e-mail address) and per client address. */
function budgets(settings: AppDeps['settings']): Record<LimitedOperation, { caller: Budget; address: Budget }> {
  const minute = (points: number): Budget => ({ points, durationSeconds: 60 });
  const hour = (points: number): Budget => ({ points, durationSeconds: 60 * 60 });
  return {
    signIn: { caller: minute(settings.RATE_LIMIT_SIGN_IN_PER_ACCOUNT), address: minute(settings.RATE_LIMIT_SIGN_IN_PER_IP) },
    pinCheck: { caller: minute(settings.RATE_LIMIT_PIN_CHECK_PER_CALLER), address: minute(settings.RATE_LIMIT_PIN_CHECK_PER_IP) },
    pinReset: { caller: hour(settings.RATE_LIMIT_PIN_RESET_PER_CALLER), address: hour(settings.RATE_LIMIT_PIN_RESET_PER_IP) },
    pinFailures: { caller: minute(settings.RATE_LIMIT_PIN_FAILURES_PER_CALLER), address: minute(settings.RATE_LIMIT_PIN_FAILURES_PER_IP) },
  };
}

const PasswordGrant = z.object({ grant_type: z.literal('password'), username: z.string() });

/** The digest of the e-mail address a password grant names (the "caller" of a sign-in), or null. */
export function signInCallerKey(body: unknown): string | null {
  const grant = PasswordGrant.safeParse(body);
  return grant.success ? digest(normaliseEmail(grant.data.username)) : null;
}

function tooMany(operation: LimitedOperation, per: 'caller' | 'address', res: RateLimiterRes, isOAuth: boolean): ApiError {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  const whose = per === 'address' ? 'from this network address' : operation === 'signIn' ? 'for this account' : 'from this caller';
  const detail = `Too many ${WHAT[operation]} ${whose}. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  return new ApiError(429, 'rate-limited', 'Too many requests.', {
    detail,
    headers: { 'retry-after': String(seconds) },
    extra: { retryAfterSeconds: seconds, ...(isOAuth ? { error: 'temporarily_unavailable', error_description: detail } : {}) },
  });
}

export interface RateLimits {
  /**
   * Counts one request of a limited operation against its client address's budget and, when the
   * caller is known (a principal, or the address a sign-in names), against the caller's; throws
   * the 429 when either budget is spent.
   */
  consume(c: Context<AppEnv>, operation: LimitedOperation, callerKey: string | null): Promise<void>;
}

export function createRateLimits(deps: AppDeps): RateLimits {
  const limiters = new Map<string, RateLimiterDrizzle>();
  const limiterFor = (operation: LimitedOperation, per: 'caller' | 'address', budget: Budget) => {
    const name = `${operation}:${per}`;
    let limiter = limiters.get(name);
    if (!limiter) {
      limiter = new RateLimiterDrizzle({
        storeClient: deps.db,
        schema: rateLimits,
        keyPrefix: name,
        points: budget.points,
        duration: budget.durationSeconds,
        // Expired counters are pruned by the service's hourly job (main.ts), not a timer per limiter.
        clearExpiredByTimeout: false,
      });
      limiters.set(name, limiter);
    }
    return limiter;
  };
  const settings = budgets(deps.settings);

  return {
    async consume(c, operation, callerKey) {
      const checks: Array<['caller' | 'address', string]> = [['address', clientAddress(c, deps.settings.TRUST_PROXY)]];
      if (callerKey !== null) checks.push(['caller', callerKey]);
      for (const [per, key] of checks) {
        try {
          await limiterFor(operation, per, settings[operation][per]).consume(key);
        } catch (error) {
          if (error instanceof RateLimiterRes) throw tooMany(operation, per, error, operation === 'signIn');
          throw error;
        }
      }
    },
  };
}

/** Deletes counters whose window ended before `before`. */
export async function pruneRateLimits(db: Database, before: Date): Promise<number> {
  const removed = await db.delete(rateLimits).where(lt(rateLimits.expire, before)).returning({ key: rateLimits.key });
  return removed.length;
}
