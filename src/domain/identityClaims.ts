/**
 * Unverified offline punches: a person the tablet holds no PIN verifier for may
 * punch while the service cannot be reached; the punch is followed by an identity claim carrying
 * their PIN sealed for the service, which checks it on arrival. These are the claim's states and
 * the device's bound on how many such punches it accepts per person, shared by service and kiosk.
 */

/** What the service concluded when the claim arrived. */
export const CLAIM_OUTCOMES = ['verified', 'flagged'] as const;
export type ClaimOutcome = (typeof CLAIM_OUTCOMES)[number];

/** Why a claim was flagged for a manager. */
export const CLAIM_REASONS = ['wrong-pin', 'no-pin', 'pin-locked', 'pin-not-set', 'no-punch', 'badge-revoked'] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];

/** Where a claim stands: verified by its PIN, waiting for a manager, or decided by one. */
export const CLAIM_STATUSES = ['verified', 'pending', 'accepted', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Punch kinds a kiosk may record unverified (a discard is a manager's fix). */
export const CLAIMABLE_PUNCH_KINDS = ['clockOn', 'startBreak', 'endBreak', 'clockOff'] as const;
export type ClaimablePunchKind = (typeof CLAIMABLE_PUNCH_KINDS)[number];

export interface UnverifiedBound {
  /** At most this many unverified punches per person on one device... */
  maxPerPerson: number;
  /** ...within this window. */
  windowMs: number;
}

/**
 * Four punches cover a whole day (clock on, break, back, clock off); a fifth in twelve hours is
 * someone trying names. Below the service's PIN lockout (5 wrong in a row), so the sealed PINs one
 * impostor leaves cannot lock the real person out on arrival by themselves.
 */
export const DEFAULT_UNVERIFIED_BOUND: UnverifiedBound = { maxPerPerson: 4, windowMs: 12 * 60 * 60_000 };

/** Whether one more unverified punch for the person fits the bound, given the times of earlier ones. */
export function unverifiedPunchAllowed(earlierUtc: readonly string[], now: Date, bound: UnverifiedBound = DEFAULT_UNVERIFIED_BOUND): boolean {
  const since = now.getTime() - bound.windowMs;
  return earlierUtc.filter((at) => Date.parse(at) > since).length < bound.maxPerPerson;
}

/** The times still inside the window (the rest can be forgotten). */
export function withinUnverifiedWindow(earlierUtc: readonly string[], now: Date, bound: UnverifiedBound = DEFAULT_UNVERIFIED_BOUND): string[] {
  const since = now.getTime() - bound.windowMs;
  return earlierUtc.filter((at) => Date.parse(at) > since);
}
