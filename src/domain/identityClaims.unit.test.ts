import { describe, expect, it } from 'vitest';
import { DEFAULT_UNVERIFIED_BOUND, unverifiedPunchAllowed, withinUnverifiedWindow } from './identityClaims';

const now = new Date('2026-03-02T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();

describe('the bound on unverified punches per person and device', () => {
  it('allows up to four in twelve hours, counting only those inside the window', () => {
    expect(DEFAULT_UNVERIFIED_BOUND).toEqual({ maxPerPerson: 4, windowMs: 12 * 3_600_000 });
    expect(unverifiedPunchAllowed([], now)).toBe(true);
    expect(unverifiedPunchAllowed([hoursAgo(1), hoursAgo(2), hoursAgo(3)], now)).toBe(true);
    expect(unverifiedPunchAllowed([hoursAgo(1), hoursAgo(2), hoursAgo(3), hoursAgo(4)], now)).toBe(false);
    expect(unverifiedPunchAllowed([hoursAgo(1), hoursAgo(2), hoursAgo(3), hoursAgo(12)], now)).toBe(true);
    expect(withinUnverifiedWindow([hoursAgo(13), hoursAgo(11)], now)).toEqual([hoursAgo(11)]);
  });

  it('takes a bound of its own', () => {
    const bound = { maxPerPerson: 1, windowMs: 60_000 };
    expect(unverifiedPunchAllowed([new Date(now.getTime() - 30_000).toISOString()], now, bound)).toBe(false);
    expect(unverifiedPunchAllowed([new Date(now.getTime() - 90_000).toISOString()], now, bound)).toBe(true);
  });
});
