/**
 * Reading a list that pages with `$top`/`$skip` to its end, for screens that need all of it (the
 * manager's people list): pages of the route's maximum size until one comes back short, within a
 * bound on the items read so a runaway list cannot hang a screen.
 */
import type { PageLimits } from '../contract/paging';

export interface PageQuery {
  $top: number;
  $skip: number;
}

/** Every item of a paged list, read `limits.maxTop` at a time, at most `maxItems` of them. */
export async function readAllPages<T>(readPage: (page: PageQuery) => Promise<T[]>, limits: PageLimits, maxItems = 50_000): Promise<T[]> {
  const items: T[] = [];
  for (let skip = 0; skip < maxItems; skip += limits.maxTop) {
    const page = await readPage({ $top: limits.maxTop, $skip: skip });
    items.push(...page);
    if (page.length < limits.maxTop) break;
  }
  return items.slice(0, maxItems);
}
