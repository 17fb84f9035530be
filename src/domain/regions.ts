/**
 * The vendor's five regional variants (contract section 4: Uk, Au, Nz, Sg, My) and how a business's
 * country selects one. The UK shapes are the base; a business in Australia, New Zealand, Singapore
 * or Malaysia is answered (and its bodies read) in its region's models; any other country gets
 * the UK ones, as this service has always served.
 */

export const REGIONS = ['Uk', 'Au', 'Nz', 'Sg', 'My'] as const;
export type Region = (typeof REGIONS)[number];

/** Regions whose models differ from the UK base somewhere (the keys of a route's `variants`). */
export type RegionalVariant = Exclude<Region, 'Uk'>;
export const REGIONAL_VARIANTS: readonly RegionalVariant[] = ['Au', 'Nz', 'Sg', 'My'];

const REGION_OF_COUNTRY: Readonly<Record<string, RegionalVariant>> = { AU: 'Au', NZ: 'Nz', SG: 'Sg', MY: 'My' };

/** The region of an ISO 3166-1 alpha-2 country code (any case); UK for every other country. */
export function regionOfCountry(country: string | null | undefined): Region {
  return REGION_OF_COUNTRY[(country ?? '').trim().toUpperCase()] ?? 'Uk';
}

/** The countries that select a regional variant, for documentation. */
export const COUNTRY_OF_REGION: Readonly<Record<RegionalVariant, string>> = { Au: 'AU', Nz: 'NZ', Sg: 'SG', My: 'MY' };

/** A country code as stored: two letters, upper case; null when the text is not one. */
export function normaliseCountry(text: string): string | null {
  const code = text.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? code : null;
}
