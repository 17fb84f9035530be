/**
 * Kiosk PIN rules: what a PIN may look like, and the wrong-attempt lockout (also used for manager
 * passwords). Shared so the kiosk can enforce the same lockout offline that the service enforces
 * online.
 */

export const PIN_MIN_LENGTH = 4;
export const PIN_MAX_LENGTH = 8;
export const DEFAULT_PIN_MAX_ATTEMPTS = 5;
export const DEFAULT_PIN_LOCKOUT_MS = 15 * 60 * 1000;
export const DEFAULT_PIN_LOCKOUT_MINUTES = DEFAULT_PIN_LOCKOUT_MS / 60_000;

const PIN_PATTERN = /^\d+$/;

/** Why a proposed PIN is unacceptable, or null when it is fine. */
export function pinProblem(pin: string): string | null {
  if (!PIN_PATTERN.test(pin)) return 'A PIN may contain digits only.';
  if (pin.length < PIN_MIN_LENGTH || pin.length > PIN_MAX_LENGTH) {
    return `A PIN has ${PIN_MIN_LENGTH} to ${PIN_MAX_LENGTH} digits.`;
  }
  return null;
}

export interface LockoutPolicy {
  maxAttempts: number;
  lockoutMs: number;
}

/** A lockout policy from settings as they are stated: attempts in a row, and minutes locked. */
export function lockoutPolicy(maxAttempts: number, lockoutMinutes: number): LockoutPolicy {
  return { maxAttempts, lockoutMs: lockoutMinutes * 60_000 };
}

export const DEFAULT_LOCKOUT_POLICY: LockoutPolicy = lockoutPolicy(DEFAULT_PIN_MAX_ATTEMPTS, DEFAULT_PIN_LOCKOUT_MINUTES);

export interface LockoutState {
  /** Wrong attempts in a row since the last success or lockout. */
  failedAttempts: number;
  /** While in the future, every attempt is refused without checking. */
  lockedUntil: Date | null;
}

export const UNLOCKED: LockoutState = { failedAttempts: 0, lockedUntil: null };

export function isLocked(state: LockoutState, now: Date): boolean {
  return state.lockedUntil !== null && state.lockedUntil.getTime() > now.getTime();
}

/**
 * The state after one wrong attempt: the attempt that reaches the limit starts a lockout. Attempts
 * made while locked are refused unchecked and change nothing.
 */
export function afterFailure(state: LockoutState, now: Date, policy: LockoutPolicy): LockoutState {
  if (isLocked(state, now)) return state;
  const failedAttempts = (state.lockedUntil === null ? state.failedAttempts : 0) + 1;
  if (failedAttempts >= policy.maxAttempts) {
    return { failedAttempts: 0, lockedUntil: new Date(now.getTime() + policy.lockoutMs) };
  }
  return { failedAttempts, lockedUntil: null };
}

/** Attempts left before the next wrong one locks (for the "n attempts left" message). */
export function attemptsLeft(state: LockoutState, policy: LockoutPolicy): number {
  return Math.max(0, policy.maxAttempts - state.failedAttempts);
}

/**
 * One attempt claimed before the secret is compared: refused while locked; otherwise granted, with
 * the state to store at once as if the attempt were wrong. Storing that state atomically before the
 * slow hash runs is what keeps concurrent attempts from outrunning the limit: of any number sent at
 * once, at most `maxAttempts` are granted before the lockout starts. A right secret then stores
 * `afterSuccess()`.
 */
export type AttemptClaim = { granted: true; ifWrong: LockoutState } | { granted: false; lockedUntil: Date };

export function claimAttempt(state: LockoutState, now: Date, policy: LockoutPolicy): AttemptClaim {
  if (isLocked(state, now) && state.lockedUntil) return { granted: false, lockedUntil: state.lockedUntil };
  return { granted: true, ifWrong: afterFailure(state, now, policy) };
}

/** The state after a right secret: a success ends the run of wrong attempts (and any lockout it started). */
export function afterSuccess(): LockoutState {
  return UNLOCKED;
}
