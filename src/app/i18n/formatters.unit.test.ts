import { describe, expect, it } from 'vitest';
import { formatLocaleFor, pickLocale } from './catalogue';
import { createFormatters, timeLocaleFor } from './formatters';
import { createTranslator } from './translate';
import { ALL_CATALOGUES } from './testing/allCatalogues';

describe('times shown in the kiosk zone', () => {
  const t = createTranslator('en');
  const london = createFormatters('en-GB', 'Europe/London', t);

  it('shows an overnight shift across the autumn change with its real length', () => {
    // 25 Oct 2026: clocks go back at 02:00 BST. 22:00 BST to 06:00 GMT is nine hours.
    const start = '2026-10-24T21:00:00.000Z';
    const end = '2026-10-25T06:00:00.000Z';
    expect(london.time(start)).toBe('22:00');
    expect(london.time(end)).toBe('06:00');
    expect(london.weekdayDate(end)).toBe('Sunday 25 October');
    expect(london.duration(Date.parse(end) - Date.parse(start))).toBe('9 h 0 min');
  });

  it('shows the spring change with a seven-hour night', () => {
    const start = '2026-03-28T22:00:00.000Z'; // 22:00 GMT
    const end = '2026-03-29T05:00:00.000Z'; // 06:00 BST
    expect(london.time(start)).toBe('22:00');
    expect(london.time(end)).toBe('06:00');
    expect(london.duration(Date.parse(end) - Date.parse(start))).toBe('7 h 0 min');
  });

  it('writes a 24-hour clock with two-digit hours everywhere, a 12-hour one as its locale does', () => {
    const at = '2026-06-02T05:05:00Z'; // 06:05 BST
    expect(london.time(at)).toBe('06:05');
    expect(london.dateTime(at)).toMatch(/06:05/);
    expect(createFormatters('es-GB', 'Europe/London', t).time(at)).toBe('06:05');
    expect(createFormatters('en-US', 'Europe/London', t).time(at)).toMatch(/^6:05\s?AM$/i);
  });

  it('writes durations to the nearest minute, and seconds as under a minute, never 0 min', () => {
    expect(london.duration(20_000)).toBe('under 1 min');
    expect(london.duration(0)).toBe('0 min');
    expect(london.duration(45_000)).toBe('1 min');
    expect(london.duration(19 * 60_000 + 58_000)).toBe('20 min');
    expect(london.duration(2 * 3_600_000 + 29 * 60_000 + 31_000)).toBe('2 h 30 min');
  });

  it('uses the kiosk zone, not the device zone', () => {
    const sydney = createFormatters('en-AU', 'Australia/Sydney', t);
    expect(sydney.time('2026-07-01T00:30:00Z')).toMatch(/^10:30\s?am$/i);
  });
});

describe('languages', () => {
  it('picks a supported language and its regional variant for dates', () => {
    expect(pickLocale(['es-MX', 'en'])).toBe('es');
    expect(pickLocale(['fr-FR'])).toBe('en');
    expect(formatLocaleFor('en', ['fr-FR', 'en-GB'])).toBe('en-GB');
    expect(formatLocaleFor('es', ['en-GB'])).toBe('es');
  });

  it('has every message of every feature in both languages, with the same placeholders', () => {
    const placeholders = (message: unknown) => JSON.stringify(message).match(/\{\w+\}/g)?.sort() ?? [];
    expect(ALL_CATALOGUES.length).toBeGreaterThan(15);
    for (const { name, catalogue } of ALL_CATALOGUES) {
      const english = catalogue.en;
      const spanish = catalogue.es;
      expect(Object.keys(spanish).sort(), name).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english)) {
        expect(new Set(placeholders(spanish[key])), key).toEqual(new Set(placeholders(text)));
      }
    }
  });

  it('chooses plural forms', () => {
    const t = createTranslator('en');
    expect(t('kiosk.pin.wrong', { count: 1 })).toBe('That PIN is not right. 1 try left.');
    expect(t('kiosk.pin.wrong', { count: 3 })).toBe('That PIN is not right. 3 tries left.');
    expect(createTranslator('es')('kiosk.pin.wrong', { count: 1 })).toBe('Ese PIN no es correcto. Te queda 1 intento.');
  });
});

describe("times in the business's locale, words in the person's language", () => {
  const t = createTranslator('en');

  it('writes a London business 24-hour on a tablet set to US English', () => {
    const tag = timeLocaleFor('en', 'en-GB', 'en-US');
    expect(tag).toBe('en-GB');
    expect(createFormatters(tag, 'Europe/London', t).time('2026-11-25T15:05:00Z')).toBe('15:05');
  });

  it("keeps the person's language with the business's region, and the device's variant when unknown", () => {
    expect(timeLocaleFor('es', 'en-GB', 'es')).toBe('es-GB');
    expect(timeLocaleFor('en', null, 'en-US')).toBe('en-US');
    expect(timeLocaleFor('en', 'not a tag!', 'en-AU')).toBe('en-AU');
  });
});
