import { describe, expect, it } from 'vitest';
import { exportTimesOf, formatHours } from './timesheetExport';

const at = (iso: string) => new Date(iso);

describe('exportTimesOf', () => {
  it('gives local date and times, break minutes and hours with unpaid breaks deducted', () => {
    expect(
      exportTimesOf({
        startUtc: at('2026-07-01T08:00:00Z'),
        endUtc: at('2026-07-01T16:30:00Z'),
        units: null,
        breaks: [
          { startUtc: at('2026-07-01T11:00:00Z'), endUtc: at('2026-07-01T11:30:00Z'), isPaidBreak: false },
          { startUtc: at('2026-07-01T14:00:00Z'), endUtc: at('2026-07-01T14:10:00Z'), isPaidBreak: true },
        ],
        zone: 'Europe/London',
      }),
    ).toEqual({ date: '2026-07-01', start: '09:00', end: '17:30', unpaidBreakMinutes: 30, paidBreakMinutes: 10, hours: '8.00' });
  });

  it('counts the hours really worked across a daylight-saving change, and dates an overnight line by its start', () => {
    // London, 25 October 2026: clocks go back at 02:00 BST. 22:00 BST to 06:00 GMT is 9 hours.
    const times = exportTimesOf({ startUtc: at('2026-10-24T21:00:00Z'), endUtc: at('2026-10-25T06:00:00Z'), units: null, breaks: [], zone: 'Europe/London' });
    expect(times).toEqual({ date: '2026-10-24', start: '22:00', end: '06:00', unpaidBreakMinutes: 0, paidBreakMinutes: 0, hours: '9.00' });
  });

  it('rounds hours to hundredths and shows a units line as its units', () => {
    expect(exportTimesOf({ startUtc: at('2026-01-12T09:00:00Z'), endUtc: at('2026-01-12T09:20:00Z'), units: null, breaks: [], zone: 'UTC' }).hours).toBe('0.33');
    expect(exportTimesOf({ startUtc: at('2026-01-12T00:00:00Z'), endUtc: at('2026-01-12T00:00:00Z'), units: 7.5, breaks: [], zone: 'UTC' })).toEqual({
      date: '2026-01-12',
      start: '',
      end: '',
      unpaidBreakMinutes: 0,
      paidBreakMinutes: 0,
      hours: '7.50',
    });
    expect(formatHours(5)).toBe('0.05');
    expect(formatHours(1234)).toBe('12.34');
  });
});
