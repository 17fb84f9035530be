import { describe, expect, it } from 'vitest';
import { formatTimeSpan, isValidTimeZone, localToUtc, parseWireDateTime, toLocalDateTime, zoneOffsetMinutes } from './time';

describe('TimeSpan offsets', () => {
  it('formats minutes back', () => {
    expect(formatTimeSpan(600)).toBe('10:00:00');
    expect(formatTimeSpan(-300)).toBe('-05:00:00');
    expect(formatTimeSpan(345)).toBe('05:45:00');
  });
});

describe('zones and wall-clock times', () => {
  it('knows real zones only', () => {
    expect(isValidTimeZone('Europe/London')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
  it('renders local times across daylight saving', () => {
    expect(toLocalDateTime(new Date('2026-01-15T12:00:00Z'), 'Europe/London')).toBe('2026-01-15T12:00:00');
    expect(toLocalDateTime(new Date('2026-07-15T12:00:00Z'), 'Europe/London')).toBe('2026-07-15T13:00:00');
    expect(toLocalDateTime(new Date('2026-07-15T23:30:00Z'), 'Australia/Sydney')).toBe('2026-07-16T09:30:00');
    expect(zoneOffsetMinutes(new Date('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });
  // Thousands of Intl formats: 1.3-2.5 s beside the other suites on two cores, and over Vitest's
  // default 5 s when the cores are shared further; its subject is correctness, not speed.
  it('renders every instant as Intl does, next to transitions and in odd zones too', () => {
    const exact = (instant: Date, zone: string) => {
      const parts = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
      }).formatToParts(instant);
      const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
      return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}`;
    };
    const zones = ['Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns', 'Europe/Amsterdam', 'Pacific/Apia'];
    // Around a spring and an autumn change, in an era of second-precise offsets (Amsterdam 1937),
    // and across Samoa skipping 30 December 2011.
    const starts = ['2026-03-28T22:00:00Z', '2026-10-24T22:00:00Z', '2026-04-04T12:00:00Z', '1937-06-30T20:00:00Z', '2011-12-29T06:00:00Z'];
    for (const zone of zones) {
      for (const start of starts) {
        for (let minute = 0; minute < 36 * 60; minute += 7) {
          const instant = new Date(Date.parse(start) + minute * 60_000 + 13_500);
          expect(toLocalDateTime(instant, zone), `${zone} ${instant.toISOString()}`).toBe(exact(instant, zone));
        }
      }
    }
  }, 30_000);
  it('converts wall-clock times to instants, including the gap and the overlap', () => {
    const wall = (iso: string) => new Date(`${iso}Z`);
    expect(localToUtc(wall('2026-07-15T13:00:00'), 'Europe/London').toISOString()).toBe('2026-07-15T12:00:00.000Z');
    // 01:30 does not exist on 29 March 2026 in London: pushed forward to 02:30 BST.
    expect(localToUtc(wall('2026-03-29T01:30:00'), 'Europe/London').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 01:30 happens twice on 25 October 2026: the first (BST) instant wins.
    expect(localToUtc(wall('2026-10-25T01:30:00'), 'Europe/London').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
  it('reads SDK date-times with and without a zone', () => {
    expect(parseWireDateTime('2026-03-10T08:00:00', 'utc')?.toISOString()).toBe('2026-03-10T08:00:00.000Z');
    expect(parseWireDateTime('2026-03-10T08:00:00Z', 'utc')?.toISOString()).toBe('2026-03-10T08:00:00.000Z');
    expect(parseWireDateTime('2026-03-10T08:00:00+10:00', 'utc')?.toISOString()).toBe('2026-03-09T22:00:00.000Z');
    expect(parseWireDateTime('2026-03-10T08:00:00.1234567Z', 'utc')?.toISOString()).toBe('2026-03-10T08:00:00.123Z');
    expect(parseWireDateTime('2026-07-10T08:00:00', { zone: 'Europe/London' })?.toISOString()).toBe('2026-07-10T07:00:00.000Z');
    expect(parseWireDateTime('not a date', 'utc')).toBeNull();
  });
});
