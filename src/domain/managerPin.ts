/**
 * A manager's PIN: what it may look like and how long the session it opens lasts. A manager PIN
 * opens manager mode with the manager's full rights, so it is longer than an employee's (six to
 * eight digits against four to eight); the lockout is the employee PIN's (pinPolicy.ts). Shared
 * so the tablet can refuse a short PIN before anything is sent.
 */

export const MANAGER_PIN_MIN_LENGTH = 6;
export const MANAGER_PIN_MAX_LENGTH = 8;
/** How long a session opened with a manager PIN lasts at most, renewals included. */
export const DEFAULT_MANAGER_PIN_SESSION_MINUTES = 30;

export type ManagerPinProblem = 'digits-only' | 'length';

/** Why a proposed manager PIN is unacceptable, or null when it is fine. */
export function managerPinProblem(pin: string): ManagerPinProblem | null {
  if (!/^\d+$/.test(pin)) return 'digits-only';
  if (pin.length < MANAGER_PIN_MIN_LENGTH || pin.length > MANAGER_PIN_MAX_LENGTH) return 'length';
  return null;
}

/** The service's words for a problem (the app has its own, translated). */
export function managerPinProblemText(problem: ManagerPinProblem): string {
  return problem === 'digits-only'
    ? 'A manager PIN may contain digits only.'
    : `A manager PIN has ${MANAGER_PIN_MIN_LENGTH} to ${MANAGER_PIN_MAX_LENGTH} digits.`;
}
