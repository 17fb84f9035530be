import { describe, expect, it } from 'vitest';
import { localeChoices, localeExample, localeName } from './localeChoices';

describe('time and date style choices', () => {
  it('offers the common styles, and keeps one already saved that is not among them', () => {
    expect(localeChoices('')).toContain('en-GB');
    expect(localeChoices('en-GB')).toHaveLength(localeChoices('').length);
    expect(localeChoices('fr-CA').at(-1)).toBe('fr-CA');
  });

  it('names each style in the manager’s language and shows how a time reads there', () => {
    const at = new Date('2026-07-01T12:05:00Z');
    expect(localeName('en-GB', 'en')).toBe('British English');
    expect(localeExample('en-GB', 'Europe/London', at)).toContain('13:05');
    expect(localeExample('en-US', 'Europe/London', at)).toMatch(/1:05\s?PM/);
    // Just after midnight a 24-hour style writes the hour with two digits, as the kiosk does.
    expect(localeExample('en-GB', 'Europe/London', new Date('2026-11-28T00:25:00Z'))).toMatch(/, 00:25$/);
  });
});
