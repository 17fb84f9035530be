import { describe, expect, it } from 'vitest';
import { disputeNoteProblem, MAX_DISPUTE_NOTE_LENGTH, myHoursWindow } from './lineDisputes';

describe('my hours window', () => {
  it('runs from Monday of last week to Monday of next week, local time', () => {
    // Saturday 28 November 2026, 10:00 in London (GMT).
    const w = myHoursWindow(new Date('2026-11-28T10:00:00Z'), 'Europe/London');
    expect(w.fromUtc.toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(w.toUtc.toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('reads the week in the zone, across a clock change', () => {
    // Sunday 1 November 2026 23:30 in Sydney is still that Sunday there (UTC+11).
    const w = myHoursWindow(new Date('2026-11-01T12:30:00Z'), 'Australia/Sydney');
    expect(w.fromUtc.toISOString()).toBe('2026-10-18T13:00:00.000Z');
    expect(w.toUtc.toISOString()).toBe('2026-11-01T13:00:00.000Z');
    // New York's clocks went back on 1 November 2026: last week began at UTC-4, next week at UTC-5.
    const ny = myHoursWindow(new Date('2026-11-04T12:00:00Z'), 'America/New_York');
    expect(ny.fromUtc.toISOString()).toBe('2026-10-26T04:00:00.000Z');
    expect(ny.toUtc.toISOString()).toBe('2026-11-09T05:00:00.000Z');
  });
});

describe('dispute notes', () => {
  it('refuses an empty or over-long note and takes the rest', () => {
    expect(disputeNoteProblem('   ')).toBe('empty');
    expect(disputeNoteProblem('x'.repeat(MAX_DISPUTE_NOTE_LENGTH + 1))).toBe('too-long');
    expect(disputeNoteProblem(` ${'x'.repeat(MAX_DISPUTE_NOTE_LENGTH)} `)).toBeNull();
  });
});
