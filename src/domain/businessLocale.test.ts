import { describe, expect, it } from 'vitest';
import { businessLocale, regionOfZone } from './businessLocale';

describe('the business locale', () => {
  it('takes the kiosk setting first, then the country, then the zone', () => {
    expect(businessLocale({ setting: 'en-US', country: 'GB', zone: 'Europe/London' })).toBe('en-US');
    expect(businessLocale({ country: 'ie', zone: 'Europe/London' })).toBe('en-IE');
    expect(businessLocale({ zone: 'Europe/London' })).toBe('en-GB');
    expect(businessLocale({ zone: 'Europe/Madrid', language: 'es' })).toBe('es-ES');
    expect(businessLocale({ setting: '  ', zone: 'Pacific/Auckland' })).toBe('en-NZ');
  });

  it('says nothing when nothing is known, so the device decides', () => {
    expect(businessLocale({ zone: 'Mars/Olympus' })).toBeNull();
    expect(businessLocale({})).toBeNull();
    expect(regionOfZone(null)).toBeNull();
  });

  it('gives a London business a 24-hour clock', () => {
    const tag = businessLocale({ zone: 'Europe/London' }) ?? 'none';
    const time = new Intl.DateTimeFormat(tag, { timeZone: 'Europe/London', hour: 'numeric', minute: '2-digit' }).format(new Date('2026-11-25T15:05:00Z'));
    expect(time).toBe('15:05');
  });
});
