import { describe, expect, it } from 'vitest';
import { NO_ROUNDING, roundInstant, roundShift, type RoundingRules } from './rounding';

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();
const LONDON = 'Europe/London';
const UTC = 'UTC';

describe('roundInstant', () => {
  it('leaves an instant exactly on an interval where it is, whatever the direction', () => {
    for (const direction of ['RoundUp', 'RoundDown', 'RoundToNearest'] as const) {
      expect(iso(roundInstant(at('2026-01-12T09:15:00Z'), direction, 15, UTC))).toBe('2026-01-12T09:15:00.000Z');
    }
  });

  it('rounds up (forward), down (backward) and to the nearest, counting seconds', () => {
    expect(iso(roundInstant(at('2026-01-12T09:00:30Z'), 'RoundUp', 15, UTC))).toBe('2026-01-12T09:15:00.000Z');
    expect(iso(roundInstant(at('2026-01-12T09:14:59Z'), 'RoundDown', 15, UTC))).toBe('2026-01-12T09:00:00.000Z');
    expect(iso(roundInstant(at('2026-01-12T09:07:29Z'), 'RoundToNearest', 15, UTC))).toBe('2026-01-12T09:00:00.000Z');
    expect(iso(roundInstant(at('2026-01-12T09:07:31Z'), 'RoundToNearest', 15, UTC))).toBe('2026-01-12T09:15:00.000Z');
    expect(iso(roundInstant(at('2026-01-12T09:07:31Z'), 'DontRound', 15, UTC))).toBe('2026-01-12T09:07:31.000Z');
  });

  it('breaks a nearest tie upwards (forward on the clock)', () => {
    expect(iso(roundInstant(at('2026-01-12T09:07:30Z'), 'RoundToNearest', 15, UTC))).toBe('2026-01-12T09:15:00.000Z');
    expect(iso(roundInstant(at('2026-01-12T09:03:00Z'), 'RoundToNearest', 6, UTC))).toBe('2026-01-12T09:06:00.000Z');
  });

  it('counts intervals from local midnight: an hourly rule lands on the local hour in a half-hour-offset zone', () => {
    // Kolkata is UTC+05:30: 09:10 local is 03:40Z; the local hour 09:00 is 03:30Z.
    expect(iso(roundInstant(at('2026-01-12T03:40:00Z'), 'RoundDown', 60, 'Asia/Kolkata'))).toBe('2026-01-12T03:30:00.000Z');
    expect(iso(roundInstant(at('2026-01-12T03:40:00Z'), 'RoundUp', 60, 'Asia/Kolkata'))).toBe('2026-01-12T04:30:00.000Z');
    // The same instant in UTC rounds to the UTC hour.
    expect(iso(roundInstant(at('2026-01-12T03:40:00Z'), 'RoundDown', 60, UTC))).toBe('2026-01-12T03:00:00.000Z');
  });

  it('rounds in local summer time', () => {
    // 09:10 BST is 08:10Z; down to 09:00 BST is 08:00Z.
    expect(iso(roundInstant(at('2026-07-01T08:10:00Z'), 'RoundDown', 30, LONDON))).toBe('2026-07-01T08:00:00.000Z');
  });

  it('rounding up into the spring-forward gap lands on the first real instant after it', () => {
    // London, 29 March 2026: 01:00 GMT jumps to 02:00 BST. 00:50 GMT up to the hour is 01:00 local,
    // which does not exist; it becomes 02:00 BST = 01:00Z, the instant ten minutes later.
    expect(iso(roundInstant(at('2026-03-29T00:50:00Z'), 'RoundUp', 60, LONDON))).toBe('2026-03-29T01:00:00.000Z');
    // Just after the gap, 02:10 BST (01:10Z) down to the hour is 02:00 BST (01:00Z).
    expect(iso(roundInstant(at('2026-03-29T01:10:00Z'), 'RoundDown', 60, LONDON))).toBe('2026-03-29T01:00:00.000Z');
  });
});

const QUARTER: RoundingRules = {
  ...NO_ROUNDING,
  shiftStartRounding: 'RoundUp',
  shiftStartRoundingMinutes: 15,
  shiftEndRounding: 'RoundDown',
  shiftEndRoundingMinutes: 15,
  breakStartRounding: 'RoundToNearest',
  breakStartRoundingMinutes: 5,
  breakEndRounding: 'RoundToNearest',
  breakEndRoundingMinutes: 5,
};

const shift = (start: string, end: string, breaks: Array<[string, string]> = []) => ({
  startUtc: at(start),
  endUtc: at(end),
  breaks: breaks.map(([s, e]) => ({ startUtc: at(s), endUtc: at(e), isPaidBreak: false })),
});

describe('roundShift', () => {
  it('changes nothing under NO_ROUNDING', () => {
    const raw = shift('2026-01-12T08:53:12Z', '2026-01-12T17:04:40Z', [['2026-01-12T12:01:00Z', '2026-01-12T12:29:00Z']]);
    const rounded = roundShift(raw, NO_ROUNDING, UTC, null);
    expect(rounded.startUtc).toEqual(raw.startUtc);
    expect(rounded.endUtc).toEqual(raw.endUtc);
    expect(rounded.breaks).toEqual(raw.breaks);
    expect(rounded.snappedToRoster).toEqual({ start: false, end: false });
  });

  it('rounds start, end and breaks each by its own rule', () => {
    const rounded = roundShift(
      shift('2026-01-12T08:53:00Z', '2026-01-12T17:04:00Z', [['2026-01-12T12:02:00Z', '2026-01-12T12:33:00Z']]),
      QUARTER,
      UTC,
      null,
    );
    expect(iso(rounded.startUtc)).toBe('2026-01-12T09:00:00.000Z');
    expect(iso(rounded.endUtc)).toBe('2026-01-12T17:00:00.000Z');
    expect(rounded.breaks.map((b) => [iso(b.startUtc), iso(b.endUtc)])).toEqual([['2026-01-12T12:00:00.000Z', '2026-01-12T12:35:00.000Z']]);
  });

  it('keeps the punches’ own times when rounding would empty or invert the shift', () => {
    // To the quarter hour, 09:01-09:10 would be 09:15-09:00: the line says what happened instead.
    const rounded = roundShift(
      shift('2026-01-12T09:01:00Z', '2026-01-12T09:10:00Z', [['2026-01-12T09:02:00Z', '2026-01-12T09:04:00Z']]),
      QUARTER,
      UTC,
      null,
    );
    expect(iso(rounded.startUtc)).toBe('2026-01-12T09:01:00.000Z');
    expect(iso(rounded.endUtc)).toBe('2026-01-12T09:10:00.000Z');
    expect(rounded.breaks.map((b) => [iso(b.startUtc), iso(b.endUtc)])).toEqual([['2026-01-12T09:02:00.000Z', '2026-01-12T09:04:00.000Z']]);
    // 14:38-14:39 to the nearest 5 minutes would be 14:40-14:40.
    const nearest = { ...NO_ROUNDING, shiftStartRounding: 'RoundToNearest', shiftStartRoundingMinutes: 5, shiftEndRounding: 'RoundToNearest', shiftEndRoundingMinutes: 5 } as const;
    const short = roundShift(shift('2026-01-12T14:38:00Z', '2026-01-12T14:39:00Z'), nearest, UTC, null);
    expect([iso(short.startUtc), iso(short.endUtc)]).toEqual(['2026-01-12T14:38:00.000Z', '2026-01-12T14:39:00.000Z']);
  });

  it('writes a shift of seconds as one minute from its start', () => {
    const seconds = roundShift(shift('2026-01-12T14:38:10Z', '2026-01-12T14:38:40Z'), NO_ROUNDING, UTC, null);
    expect([iso(seconds.startUtc), iso(seconds.endUtc)]).toEqual(['2026-01-12T14:38:10.000Z', '2026-01-12T14:39:10.000Z']);
  });

  it('never lets rounded breaks overlap', () => {
    // 10:02-10:20 and 10:25-10:40, ends rounded up to the quarter: 10:02-10:30 would overlap 10:25-10:45.
    const up = { ...NO_ROUNDING, breakEndRounding: 'RoundUp', breakEndRoundingMinutes: 15 } as const;
    const rounded = roundShift(
      shift('2026-01-12T09:00:00Z', '2026-01-12T12:00:00Z', [
        ['2026-01-12T10:25:00Z', '2026-01-12T10:40:00Z'],
        ['2026-01-12T10:02:00Z', '2026-01-12T10:20:00Z'],
      ]),
      up,
      UTC,
      null,
    );
    expect(rounded.breaks.map((b) => [iso(b.startUtc), iso(b.endUtc)])).toEqual([
      ['2026-01-12T10:02:00.000Z', '2026-01-12T10:30:00.000Z'],
      ['2026-01-12T10:30:00.000Z', '2026-01-12T10:45:00.000Z'],
    ]);
  });

  describe('snapping to the roster shift (09:00 to 17:00)', () => {
    const roster = { startUtc: at('2026-01-12T09:00:00Z'), endUtc: at('2026-01-12T17:00:00Z') };
    const rules: RoundingRules = {
      ...NO_ROUNDING,
      roundUpToRosterStartWithinMinutes: 10,
      roundDownToRosterStartWithinMinutes: 5,
      roundUpToRosterEndWithinMinutes: 10,
      roundDownToRosterEndWithinMinutes: 10,
    };
    const snap = (start: string, end: string) => roundShift(shift(start, end), rules, UTC, roster);

    it('snaps an early start up and a late start down when within the window, the edge included', () => {
      expect(iso(snap('2026-01-12T08:50:00Z', '2026-01-12T16:00:00Z').startUtc)).toBe('2026-01-12T09:00:00.000Z');
      expect(iso(snap('2026-01-12T09:05:00Z', '2026-01-12T16:00:00Z').startUtc)).toBe('2026-01-12T09:00:00.000Z');
      expect(snap('2026-01-12T08:50:00Z', '2026-01-12T16:00:00Z').snappedToRoster).toEqual({ start: true, end: false });
    });

    it('leaves a start just outside the window to the general rule', () => {
      expect(iso(snap('2026-01-12T08:49:59Z', '2026-01-12T16:00:00Z').startUtc)).toBe('2026-01-12T08:49:59.000Z');
      expect(iso(snap('2026-01-12T09:05:01Z', '2026-01-12T16:00:00Z').startUtc)).toBe('2026-01-12T09:05:01.000Z');
    });

    it('snaps an early end up and a late end down within the window, not just outside it', () => {
      expect(iso(snap('2026-01-12T09:00:00Z', '2026-01-12T16:50:00Z').endUtc)).toBe('2026-01-12T17:00:00.000Z');
      expect(iso(snap('2026-01-12T09:00:00Z', '2026-01-12T17:10:00Z').endUtc)).toBe('2026-01-12T17:00:00.000Z');
      expect(iso(snap('2026-01-12T09:00:00Z', '2026-01-12T16:49:59Z').endUtc)).toBe('2026-01-12T16:49:59.000Z');
      expect(iso(snap('2026-01-12T09:00:00Z', '2026-01-12T17:10:01Z').endUtc)).toBe('2026-01-12T17:10:01.000Z');
    });

    it('a snap wins over the general rule for that edge; the other edge keeps the general rule', () => {
      const both: RoundingRules = { ...QUARTER, roundUpToRosterStartWithinMinutes: 10 };
      const rounded = roundShift(shift('2026-01-12T08:52:00Z', '2026-01-12T17:20:00Z'), both, UTC, roster);
      expect(iso(rounded.startUtc)).toBe('2026-01-12T09:00:00.000Z');
      expect(iso(rounded.endUtc)).toBe('2026-01-12T17:15:00.000Z');
      // Without a roster shift the general rule applies to the start too.
      expect(iso(roundShift(shift('2026-01-12T08:52:00Z', '2026-01-12T17:20:00Z'), both, UTC, null).startUtc)).toBe('2026-01-12T09:00:00.000Z');
      expect(iso(roundShift(shift('2026-01-12T08:46:00Z', '2026-01-12T17:20:00Z'), both, UTC, null).startUtc)).toBe('2026-01-12T09:00:00.000Z');
    });

    it('snaps nothing when the rules are off (null)', () => {
      const rounded = roundShift(shift('2026-01-12T08:55:00Z', '2026-01-12T17:05:00Z'), NO_ROUNDING, UTC, roster);
      expect(rounded.snappedToRoster).toEqual({ start: false, end: false });
      expect(iso(rounded.startUtc)).toBe('2026-01-12T08:55:00.000Z');
    });
  });
});
