import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  afterFailure,
  attemptsLeft,
  claimAttempt,
  DEFAULT_LOCKOUT_POLICY,
  isLocked,
  pinProblem,
  pinProblemCode,
  UNLOCKED,
  type LockoutState,
} from './pinPolicy';

describe('PIN format', () => {
  it('accepts 4 to 8 digits only', () => {
    expect(pinProblem('4821')).toBeNull();
    expect(pinProblem('48213957')).toBeNull();
    expect(pinProblem('123')).not.toBeNull();
    expect(pinProblem('123456789')).not.toBeNull();
    expect(pinProblem('12a4')).not.toBeNull();
    expect(pinProblem('')).not.toBeNull();
    expect(pinProblem('１２３４')).not.toBeNull();
    expect(pinProblemCode('12a4')).toBe('digits-only');
    expect(pinProblemCode('123456789')).toBe('length');
  });
});

describe('PINs anyone could guess', () => {
  it('refuses one digit, or a short block, repeated', () => {
    for (const pin of ['0000', '1111', '99999999', '1212', '123123', '12341234', '505050']) expect(pinProblemCode(pin), pin).toBe('repeated');
  });
  it('refuses digits counting up or down, also past 9', () => {
    for (const pin of ['1234', '0123', '6789', '12345678', '9876', '3210', '7890', '8901', '0987', '98765']) expect(pinProblemCode(pin), pin).toBe('sequence');
  });
  it("refuses the person's own employee number, with or without leading zeros", () => {
    expect(pinProblemCode('4821', { employeeId: 4821 })).toBe('employee-number');
    expect(pinProblemCode('0042', { employeeId: 42 })).toBe('employee-number');
    expect(pinProblemCode('4821', { employeeId: 4822 })).toBeNull();
    expect(pinProblemCode('4821', { employeeId: null })).toBeNull();
  });
  it('accepts ordinary PINs, with a plain reason for every refusal', () => {
    for (const pin of ['4821', '1357', '2468', '1231', '9753', '13579', '1122', '12345679']) expect(pinProblemCode(pin), pin).toBeNull();
    expect(pinProblem('1234')).toMatch(/too easy to guess.*count up or down/);
    expect(pinProblem('1111')).toMatch(/too easy to guess.*repeats/);
    expect(pinProblem('0042', { employeeId: 42 })).toMatch(/employee number/);
  });
  it('refuses few PINs: about one in a hundred of four digits', () => {
    let refused = 0;
    for (let n = 0; n < 10_000; n += 1) if (pinProblemCode(String(n).padStart(4, '0')) !== null) refused += 1;
    // 100 two-digit blocks repeated (the 10 one-digit ones among them), 10 sequences up and 10 down.
    expect(refused).toBe(120);
  });
  it('judges any string without throwing', () => {
    fc.assert(fc.property(fc.string(), fc.option(fc.integer(), { nil: null }), (pin, employeeId) => {
      const problem = pinProblemCode(pin, { employeeId });
      return problem === null ? /^\d{4,8}$/.test(pin) : typeof pinProblem(pin, { employeeId }) === 'string';
    }));
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
