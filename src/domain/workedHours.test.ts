import { describe, expect, it } from 'vitest';
import { localDayStart, localWeekStart, nextExpectedPunch, receiptFacts, receiptHours, replayPunches, spansFromShifts, workedMs, type WorkSpan } from './workedHours';

const at = (iso: string) => new Date(iso);
const H = 3_600_000;
const M = 60_000;
const LONDON = 'Europe/London';

describe('worked time', () => {
  it('deducts unpaid breaks and counts paid ones as work', () => {
    const spans: WorkSpan[] = [
      {
        start: at('2026-11-25T09:00:00Z'),
        end: at('2026-11-25T17:00:00Z'),
        breaks: [
          { start: at('2026-11-25T12:00:00Z'), end: at('2026-11-25T12:30:00Z'), isPaid: false },
          { start: at('2026-11-25T15:00:00Z'), end: at('2026-11-25T15:15:00Z'), isPaid: true },
        ],
      },
    ];
    expect(workedMs(spans, at('2026-11-25T00:00:00Z'), at('2026-11-26T00:00:00Z'), at('2026-11-25T18:00:00Z'))).toBe(7.5 * H);
  });

  it('runs an open shift and an open break up to now', () => {
    const spans: WorkSpan[] = [{ start: at('2026-11-25T09:00:00Z'), end: null, breaks: [{ start: at('2026-11-25T11:00:00Z'), end: null, isPaid: false }] }];
    expect(workedMs(spans, at('2026-11-25T00:00:00Z'), at('2026-11-26T00:00:00Z'), at('2026-11-25T11:20:00Z'))).toBe(2 * H);
  });

  it('splits an overnight shift at local midnight', () => {
    const spans: WorkSpan[] = [{ start: at('2026-11-24T22:00:00Z'), end: at('2026-11-25T06:00:00Z'), breaks: [] }];
    const now = at('2026-11-25T06:00:00Z');
    expect(workedMs(spans, localDayStart(now, LONDON), at('2026-11-26T00:00:00Z'), now)).toBe(6 * H);
  });
});

describe('local days and weeks', () => {
  it('starts the day at local midnight, across the clock change', () => {
    // Summer: midnight in London is 23:00 UTC the day before.
    expect(localDayStart(at('2026-07-01T10:00:00Z'), LONDON).toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(localDayStart(at('2026-11-25T10:00:00Z'), LONDON).toISOString()).toBe('2026-11-25T00:00:00.000Z');
    // 00:30 BST on 1 July is still 30 June in UTC, but 1 July in London.
    expect(localDayStart(at('2026-06-30T23:30:00Z'), LONDON).toISOString()).toBe('2026-06-30T23:00:00.000Z');
  });

  it('starts the week on Monday', () => {
    // Wednesday 25 November 2026 -> Monday 23 November.
    expect(localWeekStart(at('2026-11-25T10:00:00Z'), LONDON).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    // A Monday is its own week start; a Sunday belongs to the week begun six days before.
    expect(localWeekStart(at('2026-11-23T00:10:00Z'), LONDON).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(localWeekStart(at('2026-11-29T23:59:00Z'), LONDON).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(localWeekStart(at('2026-11-25T10:00:00Z'), 'Pacific/Auckland').toISOString()).toBe('2026-11-22T11:00:00.000Z');
  });
});

describe('the service shifts with this tablet punches replayed on top', () => {
  const service = spansFromShifts([
    { startTimeUtc: '2026-11-23T09:00:00Z', endTimeUtc: '2026-11-23T17:00:00Z', breaks: [{ startTimeUtc: '2026-11-23T12:00:00Z', endTimeUtc: '2026-11-23T13:00:00Z', isPaidBreak: false }] },
    { startTimeUtc: '2026-11-25T09:00:00Z', endTimeUtc: null, breaks: [] },
  ]);

  it('applies only the punches later than everything the service knows', () => {
    const spans = replayPunches(service, [
      { kind: 'clockOn', at: at('2026-11-25T09:00:00.400Z') }, // already in the service's copy
      { kind: 'startBreak', at: at('2026-11-25T12:00:00Z'), shiftStart: at('2026-11-25T09:00:00Z') },
      { kind: 'endBreak', at: at('2026-11-25T12:30:00Z'), shiftStart: at('2026-11-25T09:00:00Z') },
      { kind: 'clockOff', at: at('2026-11-25T17:00:00Z'), shiftStart: at('2026-11-25T09:00:00Z') },
    ]);
    expect(spans).toHaveLength(2);
    expect(spans[1]?.end?.toISOString()).toBe('2026-11-25T17:00:00.000Z');
    expect(spans[1]?.breaks).toEqual([{ start: at('2026-11-25T12:00:00Z'), end: at('2026-11-25T12:30:00Z'), isPaid: false }]);
  });

  it('a clock-off receipt: the shift with its unpaid breaks deducted, today and this week', () => {
    const off = at('2026-11-25T17:00:00Z');
    const spans = replayPunches(service, [
      { kind: 'startBreak', at: at('2026-11-25T12:00:00Z'), shiftStart: at('2026-11-25T09:00:00Z') },
      { kind: 'endBreak', at: at('2026-11-25T12:30:00Z'), shiftStart: at('2026-11-25T09:00:00Z') },
      { kind: 'clockOff', at: off, shiftStart: at('2026-11-25T09:00:00Z') },
    ]);
    const hours = receiptHours(spans, 'clockOff', off, LONDON);
    expect(hours.shift).toEqual({ workedMs: 7.5 * H, unpaidBreakMs: 30 * M });
    expect(hours.todayMs).toBe(7.5 * H);
    expect(hours.weekMs).toBe(7 * H + 7.5 * H);
    expect(hours.endedBreak).toBeNull();
  });

  it('an end-break receipt: the break length and whether it was paid', () => {
    const back = at('2026-11-25T12:20:00Z');
    const spans = replayPunches(service, [
      { kind: 'startBreak', at: at('2026-11-25T12:00:00Z'), isPaidBreak: true, shiftStart: at('2026-11-25T09:00:00Z') },
      { kind: 'endBreak', at: back, shiftStart: at('2026-11-25T09:00:00Z') },
    ]);
    const hours = receiptHours(spans, 'endBreak', back, LONDON);
    expect(hours.endedBreak).toEqual({ ms: 20 * M, isPaid: true });
    expect(hours.todayMs).toBe(3 * H + 20 * M);
  });

  it('works from the tablet alone: a journal that starts mid-shift opens the shift from its start', () => {
    const off = at('2026-11-25T13:00:00Z');
    const spans = replayPunches([], [
      { kind: 'startBreak', at: at('2026-11-25T11:00:00Z'), shiftStart: at('2026-11-25T08:00:00Z') },
      { kind: 'endBreak', at: at('2026-11-25T11:45:00Z'), shiftStart: at('2026-11-25T08:00:00Z') },
      { kind: 'clockOff', at: off, shiftStart: at('2026-11-25T08:00:00Z') },
    ]);
    expect(receiptHours(spans, 'clockOff', off, LONDON).shift).toEqual({ workedMs: 4 * H + 15 * M, unpaidBreakMs: 45 * M });
    // Without a known start, a lone clock-off adds nothing rather than inventing a shift.
    expect(replayPunches([], [{ kind: 'clockOff', at: off }])).toEqual([]);
  });

  it('a discarded shift counts nothing', () => {
    const spans = replayPunches([], [
      { kind: 'clockOn', at: at('2026-11-25T09:00:00Z') },
      { kind: 'discard', at: at('2026-11-25T09:05:00Z'), shiftStart: at('2026-11-25T09:00:00Z') },
    ]);
    expect(receiptHours(spans, 'discard', at('2026-11-25T09:05:00Z'), LONDON).todayMs).toBe(0);
  });
});

describe('the next expected punch', () => {
  it('follows the state machine', () => {
    expect(nextExpectedPunch('clockOn')).toBe('clockOff');
    expect(nextExpectedPunch('startBreak')).toBe('endBreak');
    expect(nextExpectedPunch('endBreak')).toBe('clockOff');
    expect(nextExpectedPunch('clockOff')).toBe('clockOn');
    expect(nextExpectedPunch('discard')).toBeNull();
  });
});

describe('the figures a receipt shows', () => {
  const none = { todayMs: 0, weekMs: 0, shift: null, endedBreak: null };
  it('shows nothing for a first clock-on of the week, and earlier work when there is some', () => {
    expect(receiptFacts(none)).toEqual([]);
    expect(receiptFacts({ ...none, weekMs: 5 * H })).toEqual([{ kind: 'thisWeek', ms: 5 * H }]);
    expect(receiptFacts({ ...none, todayMs: 2 * H, weekMs: 9 * H })).toEqual([
      { kind: 'today', ms: 2 * H },
      { kind: 'thisWeek', ms: 9 * H },
    ]);
    // Seconds of work are not "0 min" of anything.
    expect(receiptFacts({ ...none, todayMs: 29_000, weekMs: 29_000 })).toEqual([]);
  });

  it('leaves out today when it is the shift just closed, and the week when it is today', () => {
    const shift = { workedMs: 4 * H, unpaidBreakMs: 30 * M };
    expect(receiptFacts({ todayMs: 4 * H, weekMs: 4 * H, shift, endedBreak: null })).toEqual([
      { kind: 'thisShift', ms: 4 * H },
      { kind: 'unpaidBreaks', ms: 30 * M },
    ]);
    expect(receiptFacts({ todayMs: 6 * H, weekMs: 20 * H, shift: { workedMs: 4 * H, unpaidBreakMs: 0 }, endedBreak: null })).toEqual([
      { kind: 'thisShift', ms: 4 * H },
      { kind: 'today', ms: 6 * H },
      { kind: 'thisWeek', ms: 20 * H },
    ]);
  });

  it('names the break that ended, however short', () => {
    expect(receiptFacts({ ...none, todayMs: 3 * H, weekMs: 3 * H, endedBreak: { ms: 20_000, isPaid: false } })).toEqual([
      { kind: 'unpaidBreak', ms: 20_000 },
      { kind: 'today', ms: 3 * H },
    ]);
  });
});
