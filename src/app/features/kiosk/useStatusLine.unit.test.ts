/** A shift begun on an earlier day says which, in the kiosk's zone. */
import { describe, expect, it } from 'vitest';
import { createFormatters } from '../../i18n/formatters';
import type { Translate } from '../../i18n/translate';
import { localDaysBetween, sinceWhen } from './useStatusLine';

const t: Translate = (key, values = {}) => `${key}(${Object.values(values).join(',')})`;
const format = createFormatters('en-GB', 'Europe/London', t);

describe('since when', () => {
  it('counts local days in the kiosk zone, not UTC days', () => {
    expect(localDaysBetween(new Date('2026-06-01T23:30:00Z'), new Date('2026-06-02T08:00:00Z'), 'Europe/London')).toBe(0);
    expect(localDaysBetween(new Date('2026-06-01T22:30:00Z'), new Date('2026-06-02T08:00:00Z'), 'Europe/London')).toBe(1);
    expect(localDaysBetween(new Date('2026-05-30T08:00:00Z'), new Date('2026-06-02T08:00:00Z'), 'Europe/London')).toBe(3);
  });

  it('says the time today, "yesterday at" the time, else the date and time', () => {
    const now = new Date('2026-06-02T08:00:00Z');
    expect(sinceWhen(t, format, '2026-06-02T06:05:00Z', now)).toBe(format.time('2026-06-02T06:05:00Z'));
    expect(sinceWhen(t, format, '2026-06-01T20:00:00Z', now)).toBe(`kiosk.when.yesterday(${format.time('2026-06-01T20:00:00Z')})`);
    expect(sinceWhen(t, format, '2026-05-30T20:00:00Z', now)).toBe(format.dateTime('2026-05-30T20:00:00Z'));
  });
});
