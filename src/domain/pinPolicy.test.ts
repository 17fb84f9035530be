import { describe, expect, it } from 'vitest';
import { afterFailure, attemptsLeft, claimAttempt, DEFAULT_LOCKOUT_POLICY, isLocked, pinProblem, UNLOCKED, type LockoutState } from './pinPolicy';

describe('PIN format', () => {
  it('accepts 4 to 8 digits only', () => {
    expect(pinProblem('1234')).toBeNull();
    expect(pinProblem('12345678')).toBeNull();
    expect(pinProblem('123')).not.toBeNull();
    expect(pinProblem('123456789')).not.toBeNull();
    expect(pinProblem('12a4')).not.toBeNull();
    expect(pinProblem('')).not.toBeNull();
    expect(pinProblem('１２３４')).not.toBeNull();
  });
});

describe('wrong-PIN lockout', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('locks on the fifth wrong attempt in a row for 15 minutes', () => {
    let state: LockoutState = UNLOCKED;
    for (let i = 1; i <= 4; i += 1) {
      state = afterFailure(state, now, DEFAULT_LOCKOUT_POLICY);
      expect(isLocked(state, now)).toBe(false);
      expect(attemptsLeft(state, DEFAULT_LOCKOUT_POLICY)).toBe(5 - i);
    }
    state = afterFailure(state, now, DEFAULT_LOCKOUT_POLICY);
    expect(isLocked(state, now)).toBe(true);
    expect(state.lockedUntil?.toISOString()).toBe('2026-03-10T12:15:00.000Z');
    expect(isLocked(state, new Date('2026-03-10T12:14:59Z'))).toBe(true);
    expect(isLocked(state, new Date('2026-03-10T12:15:00Z'))).toBe(false);
  });
  it('ignores attempts while locked and starts afresh once the lock has run out', () => {
    const locked: LockoutState = { failedAttempts: 0, lockedUntil: new Date('2026-03-10T12:15:00Z') };
    expect(afterFailure(locked, now, DEFAULT_LOCKOUT_POLICY)).toBe(locked);
    const after = afterFailure(locked, new Date('2026-03-10T12:16:00Z'), DEFAULT_LOCKOUT_POLICY);
    expect(after).toEqual({ failedAttempts: 1, lockedUntil: null });
  });
});

describe('claiming an attempt before the secret is checked', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('grants at most maxAttempts claims in a row, the last of which starts the lockout', () => {
    let state: LockoutState = UNLOCKED;
    const granted: LockoutState[] = [];
    for (let i = 0; i < 20; i += 1) {
      const claim = claimAttempt(state, now, DEFAULT_LOCKOUT_POLICY);
      if (!claim.granted) {
        expect(claim.lockedUntil.toISOString()).toBe('2026-03-10T12:15:00.000Z');
        continue;
      }
      granted.push(claim.ifWrong);
      state = claim.ifWrong;
    }
    expect(granted).toHaveLength(DEFAULT_LOCKOUT_POLICY.maxAttempts);
    expect(isLocked(state, now)).toBe(true);
  });
  it('grants again once the lockout has run out, counting from one', () => {
    const locked: LockoutState = { failedAttempts: 0, lockedUntil: new Date('2026-03-10T12:15:00Z') };
    expect(claimAttempt(locked, new Date('2026-03-10T12:14:59Z'), DEFAULT_LOCKOUT_POLICY).granted).toBe(false);
    expect(claimAttempt(locked, new Date('2026-03-10T12:15:00Z'), DEFAULT_LOCKOUT_POLICY)).toEqual({
      granted: true,
      ifWrong: { failedAttempts: 1, lockedUntil: null },
    });
  });
});
