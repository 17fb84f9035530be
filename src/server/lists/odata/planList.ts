/**
 * One list request as SQL: the `$filter` condition, the order (`$orderby` or the route's default,
 * always ending in a unique key so pages never skip or repeat a row), and the page (`$top` lowered
 * to the route's maximum, `$skip`). Everything is validated here, before any database access; a
 * query that cannot run is a 400 `unsupported-query` naming the parameter.
 */
import { and, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { ODATA_LIMITS, type PageLimits } from '../../../contract/paging';
import { compileFilter, fieldResolver, type ResolveField } from './compileFilter';
import type { FieldSpec } from './fields';
import { parseFilter } from './parseFilter';
import { unsupportedQuery } from './unsupportedQuery';

/** The OData query parameters as the route schemas pass them (empty values already removed). */
export interface ODataQuery {
  $filter?: string | undefined;
  $orderby?: string | undefined;
  $top?: string | undefined;
  $skip?: string | undefined;
}

export interface ListSpec {
  fields: Readonly<Record<string, FieldSpec>>;
  limits: PageLimits;
  /** The order without `$orderby`; it must end in a unique key. */
  defaultOrder: readonly SQL[];
  /**
   * A unique key appended after any `$orderby`, so every order is total; it runs in the direction
   * of the last ordered field, so an index on (…, field, key) serves both directions.
   */
  key: readonly Column[];
}

export interface Page {
  limit: number;
  offset: number;
}

export interface ListPlan extends Page {
  where: SQL | undefined;
  orderBy: SQL[];
}

function parseCount(value: string | undefined, name: '$top' | '$skip'): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,10}$/.test(value) || Number(value) > ODATA_LIMITS.maxCount) {
    throw unsupportedQuery(name, `must be a whole number from 0 to ${ODATA_LIMITS.maxCount}.`);
  }
  return Number(value);
}

function parseOrderBy(text: string, resolve: ResolveField): Array<{ sql: SQL; descending: boolean }> {
  if (text.length > ODATA_LIMITS.maxOrderByLength) {
    throw unsupportedQuery('$orderby', `longer than ${ODATA_LIMITS.maxOrderByLength} characters.`);
  }
  const parts = text.split(',');
  if (parts.length > ODATA_LIMITS.maxOrderByKeys) throw unsupportedQuery('$orderby', `more than ${ODATA_LIMITS.maxOrderByKeys} fields.`);
  return parts.map((part) => {
    const [name, direction, ...rest] = part.trim().split(/\s+/);
    const dir = (direction ?? 'asc').toLowerCase();
    if (!name || rest.length > 0 || (dir !== 'asc' && dir !== 'desc')) throw unsupportedQuery('$orderby', `cannot read "${part.trim()}".`);
    const { spec } = resolve(name, '$orderby');
    // Wall-clock times order by their instant: chronological, and served by the instant's index.
    const key = spec.type === 'localDateTime' ? spec.utc : spec.sql;
    const descending = dir === 'desc';
    // Nulls first in ascending order, last in descending (the vendor's SQL Server habit).
    if (!spec.nullable) return { sql: descending ? sql`${key} DESC` : sql`${key} ASC`, descending };
    return { sql: descending ? sql`${key} DESC NULLS LAST` : sql`${key} ASC NULLS FIRST`, descending };
  });
}

/** Validates a list request's OData against the route's spec and plans it as SQL. */
export function planList(query: ODataQuery, spec: ListSpec): ListPlan {
  const top = parseCount(query.$top, '$top');
  const skip = parseCount(query.$skip, '$skip') ?? 0;
  const resolve = fieldResolver(spec.fields);
  const where = query.$filter ? compileFilter(parseFilter(query.$filter), resolve) : undefined;
  let orderBy = [...spec.defaultOrder];
  if (query.$orderby) {
    const keys = parseOrderBy(query.$orderby, resolve);
    const descending = keys.at(-1)?.descending ?? false;
    orderBy = [...keys.map((k) => k.sql), ...spec.key.map((column) => (descending ? sql`${column} DESC` : sql`${column} ASC`))];
  }
  return { where, orderBy, limit: Math.min(top ?? spec.limits.defaultTop, spec.limits.maxTop), offset: skip };
}

/** The page of a list that takes `$top`/`$skip` but no OData filter or order. */
export function planPage(query: Pick<ODataQuery, '$top' | '$skip'>, limits: PageLimits): Page {
  const top = parseCount(query.$top, '$top');
  return { limit: Math.min(top ?? limits.defaultTop, limits.maxTop), offset: parseCount(query.$skip, '$skip') ?? 0 };
}

/**
 * Runs a planned page on a select built with `$dynamic()`: the caller's scope (business, live rows,
 * reach) and the plan's filter, its total order and its page.
 */
export function pageOf<T extends PgSelect>(query: T, plan: ListPlan, ...scope: Array<SQL | undefined>): T {
  return query
    .where(and(...scope, plan.where))
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
}
