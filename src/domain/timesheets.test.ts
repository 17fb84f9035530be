import { describe, expect, it } from 'vitest';
import {
  TIMESHEET_STATUSES,
  canMoveTimesheet,
  finishTimeProblem,
  isLineLocked,
  isTimesheetStatus,
  lineMatchesRoster,
  shouldAskFinishTime,
  type TimesheetStatus,
} from './timesheets';

describe('timesheet statuses', () => {
  it('moves Submitted -> Approved / Rejected -> Processed, and only an Approved line is processed', () => {
    const allowed: Array<[TimesheetStatus, TimesheetStatus]> = [
      ['Submitted', 'Approved'],
      ['Submitted', 'Rejected'],
      ['Approved', 'Processed'],
      ['Approved', 'Rejected'],
      ['Approved', 'Submitted'],
      ['Rejected', 'Approved'],
      ['Rejected', 'Submitted'],
    ];
    for (const from of TIMESHEET_STATUSES) {
      for (const to of TIMESHEET_STATUSES) {
        const expected = from === to || allowed.some(([a, b]) => a === from && b === to);
        expect(canMoveTimesheet(from, to), `${from} -> ${to}`).toBe(expected);
      }
    }
    expect(canMoveTimesheet('Submitted', 'Processed')).toBe(false);
    expect(canMoveTimesheet('Rejected', 'Processed')).toBe(false);
    expect(canMoveTimesheet('Processed', 'Approved')).toBe(false);
  });

  it('locks only Processed lines, and knows its statuses', () => {
    expect(TIMESHEET_STATUSES.filter(isLineLocked)).toEqual(['Processed']);
    expect(isTimesheetStatus('Approved')).toBe(true);
    expect(isTimesheetStatus('approved')).toBe(false);
    expect(isTimesheetStatus('Missing')).toBe(false);
  });
});

describe('lineMatchesRoster', () => {
  const roster = { startUtc: new Date('2026-01-12T09:00:00Z'), endUtc: new Date('2026-01-12T17:00:00Z'), locationId: 4, workTypeId: null };
  const line = { startUtc: new Date('2026-01-12T09:00:00Z'), endUtc: new Date('2026-01-12T17:00:00Z'), locationId: 4, workTypeId: 7 };

  it('matches the same minutes at the rostered location; a roster without a work type accepts any', () => {
    expect(lineMatchesRoster(line, roster)).toBe(true);
    expect(lineMatchesRoster({ ...line, startUtc: new Date('2026-01-12T09:00:59Z') }, roster)).toBe(true);
  });

  it('does not match a minute off, another location, or another rostered work type', () => {
    expect(lineMatchesRoster({ ...line, startUtc: new Date('2026-01-12T09:01:00Z') }, roster)).toBe(false);
    expect(lineMatchesRoster({ ...line, endUtc: new Date('2026-01-12T16:59:59Z') }, roster)).toBe(false);
    expect(lineMatchesRoster({ ...line, locationId: 5 }, roster)).toBe(false);
    expect(lineMatchesRoster({ ...line, locationId: null }, roster)).toBe(false);
    expect(lineMatchesRoster(line, { ...roster, workTypeId: 8 })).toBe(false);
    expect(lineMatchesRoster(line, { ...roster, locationId: null })).toBe(true);
  });
});

describe('forgotten clock-off', () => {
  const on = new Date('2026-01-12T09:00:00Z');
  it('asks for the finish only past the long-shift threshold', () => {
    expect(shouldAskFinishTime(on, new Date('2026-01-12T21:00:00Z'), 720)).toBe(false);
    expect(shouldAskFinishTime(on, new Date('2026-01-12T21:00:01Z'), 720)).toBe(true);
    expect(shouldAskFinishTime(null, new Date('2026-01-13T21:00:00Z'), 720)).toBe(false);
  });

  it('accepts a finish after the clock-on and any break start, and not in the future', () => {
    const now = new Date('2026-01-13T08:00:00Z');
    expect(finishTimeProblem(new Date('2026-01-12T17:00:00Z'), { clockOnUtc: on }, now)).toBeNull();
    expect(finishTimeProblem(on, { clockOnUtc: on }, now)).toBe('before-clock-on');
    expect(finishTimeProblem(new Date('2026-01-13T08:00:01Z'), { clockOnUtc: on }, now)).toBe('in-future');
    const onBreak = { clockOnUtc: on, breakStartUtc: new Date('2026-01-12T12:00:00Z') };
    expect(finishTimeProblem(new Date('2026-01-12T11:59:00Z'), onBreak, now)).toBe('before-break');
    expect(finishTimeProblem(new Date('2026-01-12T12:00:00Z'), onBreak, now)).toBeNull();
  });
});
