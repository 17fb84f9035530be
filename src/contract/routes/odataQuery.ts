/**
 * The OData query of the list routes (`$filter`, `$orderby`, `$top`, `$skip`, OData v3 as the
 * vendor's SDK writes it) and the OpenAPI text that documents each list's page bounds, so the
 * documented limits are the ones the service applies (both read src/contract/paging.ts).
 */
import { z } from 'zod';
import { ODATA_LIMITS, type PageLimits } from '../paging';

const FILTER_HELP =
  'OData v3: comparisons (eq ne gt ge lt le) of a field with a literal, joined by and/or/not and parentheses. ' +
  "Literals: 'text' ('' for a quote), numbers (9.5M, 10L, 1.5d), true, false, null, datetime'2016-04-01T00:00:00' " +
  '(a wall-clock time; with Z or an offset, an instant) and bare ISO dates. Field names match in any casing. ' +
  `At most ${ODATA_LIMITS.maxFilterLength} characters, ${ODATA_LIMITS.maxFilterTerms} comparisons and ` +
  `${ODATA_LIMITS.maxFilterDepth} levels of nesting; anything else is a 400 \`unsupported-query\`.`;

const count = (description: string, maximum: number) =>
  z.string().optional().meta({ type: 'integer', minimum: 0, maximum, description });

/** Sentences for a list route's description: its order and page bounds. */
export function pagingText(limits: PageLimits, order: string): string {
  const bound =
    limits.defaultTop === limits.maxTop
      ? `Answers at most ${limits.maxTop} items per request (also without \`$top\`)`
      : `Answers ${limits.defaultTop} items without \`$top\`, at most ${limits.maxTop} per request`;
  return `${bound}; a larger \`$top\` is lowered to ${limits.maxTop}. Page with \`$skip\`/\`$top\`: ${order}, ending in a unique key, so consecutive pages never repeat or skip an item.`;
}

/** The query of a list route with these page bounds. */
export function odataQuery(limits: PageLimits) {
  return z.object({
    $filter: z.string().optional().meta({ description: FILTER_HELP, maxLength: ODATA_LIMITS.maxFilterLength }),
    $orderby: z
      .string()
      .optional()
      .meta({
        description: `Up to ${ODATA_LIMITS.maxOrderByKeys} fields, each optionally asc or desc (nulls first when ascending); ties are broken by the list's unique key.`,
        maxLength: ODATA_LIMITS.maxOrderByLength,
      }),
    $top: count(`Items to answer: ${limits.defaultTop} when not given, at most ${limits.maxTop} (a larger value is lowered to ${limits.maxTop}).`, ODATA_LIMITS.maxCount),
    $skip: count('Items to skip, for the next page.', ODATA_LIMITS.maxCount),
  });
}

/** `$top`/`$skip` alone, for supporting lists that page but take no OData filter. */
export function pageQuery(limits: PageLimits) {
  return odataQuery(limits).pick({ $top: true, $skip: true });
}
