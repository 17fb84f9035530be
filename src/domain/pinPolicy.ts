/**
 * Kiosk PIN rules: what a PIN may look like (four to eight digits, and not one anyone could guess),
 * and the wrong-attempt lockout (also used for manager passwords). Shared so the kiosk refuses the
 * same PINs the service refuses, and enforces the same lockout offline that the service enforces
 * online.
 */

export const PIN_MIN_LENGTH = 4;
export const PIN_MAX_LENGTH = 8;
export const DEFAULT_PIN_MAX_ATTEMPTS = 5;
export const DEFAULT_PIN_LOCKOUT_MS = 15 * 60 * 1000;
export const DEFAULT_PIN_LOCKOUT_MINUTES = DEFAULT_PIN_LOCKOUT_MS / 60_000;

const PIN_PATTERN = /^\d+$/;

/**
 * Why a proposed PIN is refused. `digits-only` and `length` are its form; the others make it a PIN
 * anyone could guess: `repeated` (one digit or a short block over and over: 1111, 1212, 123123),
 * `sequence` (digits counting up or down by one, wrapping past 9: 1234, 9876, 7890) and
 * `employee-number` (the person's own employee number, which the kiosk's number entry shows).
 */
export type PinProblem = 'digits-only' | 'length' | 'repeated' | 'sequence' | 'employee-number';

/** Who the PIN is for, when known (a new person has no number yet). */
export interface PinOwner {
  employeeId?: number | null;
}

/** A block shorter than the PIN repeated to its whole length. */
function isRepeated(pin: string): boolean {
  for (let size = 1; size <= pin.length / 2; size += 1) {
    if (pin.length % size === 0 && pin.slice(0, size).repeat(pin.length / size) === pin) return true;
  }
  return false;
}

/** Each digit one more (or one less) than the one before, 9 and 0 being neighbours. */
function isSequence(pin: string): boolean {
  const steps = new Set<number>();
  for (let i = 1; i < pin.length; i += 1) steps.add((Number(pin[i]) - Number(pin[i - 1]) + 10) % 10);
  return steps.size === 1 && (steps.has(1) || steps.has(9));
}

/** Why a proposed PIN is refused, or null when it is fine. */
export function pinProblemCode(pin: string, owner: PinOwner = {}): PinProblem | null {
  if (!PIN_PATTERN.test(pin)) return 'digits-only';
  if (pin.length < PIN_MIN_LENGTH || pin.length > PIN_MAX_LENGTH) return 'length';
  if (isRepeated(pin)) return 'repeated';
  if (isSequence(pin)) return 'sequence';
  if (owner.employeeId !== undefined && owner.employeeId !== null && Number(pin) === owner.employeeId) return 'employee-number';
  return null;
}

/** The service's words for a problem (the app has its own, translated). */
export function pinProblemText(problem: PinProblem): string {
  switch (problem) {
    case 'digits-only':
      return 'A PIN may contain digits only.';
    case 'length':
      return `A PIN has ${PIN_MIN_LENGTH} to ${PIN_MAX_LENGTH} digits.`;
    case 'repeated':
      return 'This PIN is too easy to guess: it repeats the same digits (like 1111 or 1212). Choose another.';
    case 'sequence':
      return 'This PIN is too easy to guess: its digits count up or down (like 1234 or 9876). Choose another.';
    case 'employee-number':
      return 'This PIN is too easy to guess: it is the employee number. Choose another.';
  }
}

/** Why a proposed PIN is refused, in the service's words, or null when it is fine. */
export function pinProblem(pin: string, owner: PinOwner = {}): string | null {
  const problem = pinProblemCode(pin, owner);
  return problem === null ? null : pinProblemText(problem);
}

/** A refusal because the PIN is guessable, not because of its form (a distinct problem code). */
export function isGuessablePinProblem(problem: PinProblem): boolean {
  return problem === 'repeated' || problem === 'sequence' || problem === 'employee-number';
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
