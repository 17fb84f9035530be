/**
 * The business's locale for times and dates (a London bakery writes 13:05 whatever the tablet's
 * browser says): a kiosk setting when one is made, else derived from the business's country, else
 * from the kiosk's time zone. Only the region matters for the clock (12 or 24 hours, day or month
 * first); the words stay in the language the person reads.
 */

/** Zones whose region is not the obvious one from a table lookup (the IANA zone.tab, abridged to likely kiosks). */
const ZONE_REGIONS: Readonly<Record<string, string>> = {
  'Europe/London': 'GB',
  'Europe/Belfast': 'GB',
  'Europe/Guernsey': 'GG',
  'Europe/Jersey': 'JE',
  'Europe/Isle_of_Man': 'IM',
  'Europe/Dublin': 'IE',
  'Europe/Madrid': 'ES',
  'Atlantic/Canary': 'ES',
  'Europe/Lisbon': 'PT',
  'Europe/Paris': 'FR',
  'Europe/Berlin': 'DE',
  'Europe/Amsterdam': 'NL',
  'Europe/Brussels': 'BE',
  'Europe/Rome': 'IT',
  'Europe/Zurich': 'CH',
  'Europe/Vienna': 'AT',
  'Europe/Stockholm': 'SE',
  'Europe/Oslo': 'NO',
  'Europe/Copenhagen': 'DK',
  'Europe/Helsinki': 'FI',
  'Europe/Warsaw': 'PL',
  'Europe/Athens': 'GR',
  'America/New_York': 'US',
  'America/Chicago': 'US',
  'America/Denver': 'US',
  'America/Phoenix': 'US',
  'America/Los_Angeles': 'US',
  'America/Anchorage': 'US',
  'Pacific/Honolulu': 'US',
  'America/Toronto': 'CA',
  'America/Vancouver': 'CA',
  'America/Mexico_City': 'MX',
  'America/Bogota': 'CO',
  'America/Argentina/Buenos_Aires': 'AR',
  'America/Santiago': 'CL',
  'America/Lima': 'PE',
  'Australia/Sydney': 'AU',
  'Australia/Melbourne': 'AU',
  'Australia/Brisbane': 'AU',
  'Australia/Adelaide': 'AU',
  'Australia/Perth': 'AU',
  'Australia/Hobart': 'AU',
  'Australia/Darwin': 'AU',
  'Pacific/Auckland': 'NZ',
  'Asia/Singapore': 'SG',
  'Asia/Hong_Kong': 'HK',
  'Asia/Kolkata': 'IN',
  'Asia/Dubai': 'AE',
  'Africa/Johannesburg': 'ZA',
};

/** The region (ISO 3166 alpha-2) of a time zone, when this table knows it. */
export function regionOfZone(zone: string | null | undefined): string | null {
  return zone ? (ZONE_REGIONS[zone] ?? null) : null;
}

const REGION = /^[A-Z]{2}$/;

/**
 * The business locale (a BCP 47 tag with a region, e.g. en-GB), from, in order: the kiosk setting,
 * the business's country, the kiosk's zone. Null when none of them says (the caller keeps the
 * device's own). `language` is only a fallback for the tag's language part.
 */
export function businessLocale(input: { setting?: string | null; country?: string | null; zone?: string | null; language?: string }): string | null {
  const setting = input.setting?.trim();
  if (setting) return setting;
  const country = input.country?.trim().toUpperCase();
  const region = country && REGION.test(country) ? country : regionOfZone(input.zone);
  return region ? `${input.language ?? 'en'}-${region}` : null;
}
