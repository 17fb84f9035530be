/** The day and time a person gives for a forgotten clock-off, in the kiosk's zone. */
import { describe, expect, it } from 'vitest';
import { finishDays, finishInstant, localTimeOf } from './finishTime';

describe('forgotten clock-off: the finish as given', () => {
  it('offers the days from the clock-on to today, in the kiosk zone', () => {
    expect(finishDays(new Date('2026-03-27T23:30:00Z'), new Date('2026-03-29T10:00:00Z'), 'Europe/Madrid')).toEqual(['2026-03-28', '2026-03-29']);
    expect(finishDays(new Date('2026-03-27T08:00:00Z'), new Date('2026-03-27T22:00:00Z'), 'Europe/London')).toEqual(['2026-03-27']);
  });

  it('offers at most a week, ending today', () => {
    const days = finishDays(new Date('2026-03-01T08:00:00Z'), new Date('2026-03-20T08:00:00Z'), 'UTC');
    expect(days).toHaveLength(7);
    expect(days.at(-1)).toBe('2026-03-20');
  });

  it('reads the time on the wall clock of the zone, across a daylight-saving change', () => {
    expect(finishInstant('2026-03-28', '17:00', 'Europe/London')?.toISOString()).toBe('2026-03-28T17:00:00.000Z');
    expect(finishInstant('2026-03-29', '17:00', 'Europe/London')?.toISOString()).toBe('2026-03-29T16:00:00.000Z');
    expect(localTimeOf(new Date('2026-03-29T16:00:00Z'), 'Europe/London')).toBe('17:00');
  });

  it('refuses what is not a time', () => {
    expect(finishInstant('2026-03-28', '', 'UTC')).toBeNull();
    expect(finishInstant('2026-03-28', '25:00', 'UTC')).toBeNull();
    expect(finishInstant('yesterday', '17:00', 'UTC')).toBeNull();
  });
});
