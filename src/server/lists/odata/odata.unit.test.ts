/**
 * The OData reader and its SQL: literals as the vendor's SDK writes them, the hard limits (a
 * hostile filter is a 400, never a stack overflow), type checks naming the field, and the SQL
 * each construct becomes (run against real data in the route and history tests).
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ODATA_LIMITS } from '../../../contract/paging';
import { timesheetLines } from '../../db/schema';
import { ApiError } from '../../errors/apiError';
import { field } from './fields';
import { parseFilter } from './parseFilter';
import { planList, planPage, type ODataQuery } from './planList';

function problemOf(run: () => unknown): { status: number; code: string; detail: string | undefined } {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.code, detail: error.detail };
    throw error;
  }
  throw new Error('expected an ApiError');
}

const SPEC = {
  fields: {
    id: field.int(timesheetLines.id),
    employeeId: field.int(timesheetLines.employeeId),
    comments: field.text(timesheetLines.comments),
    units: field.decimal(timesheetLines.units),
    workTypeId: field.intText(timesheetLines.workTypeId),
    startTime: field.localDateTime(timesheetLines.startUtc, timesheetLines.ianaTimeZone),
    breaks: field.list(),
  },
  limits: { defaultTop: 100, maxTop: 500 },
  defaultOrder: [sql`default_order`],
  key: [timesheetLines.id],
};

const dialect = new PgDialect();
function render(query: ODataQuery) {
  const plan = planList(query, SPEC);
  const where = plan.where ? dialect.sqlToQuery(plan.where) : null;
  return { where: where?.sql ?? null, params: where?.params ?? [], order: plan.orderBy.map((o) => dialect.sqlToQuery(o).sql), limit: plan.limit, offset: plan.offset };
}

describe('OData $filter reader', () => {
  it('reads the v3 literals', () => {
    expect(parseFilter("name eq 'O''Brien'")).toEqual({ kind: 'compare', field: 'name', op: 'eq', value: { kind: 'string', value: "O'Brien" } });
    const value = (text: string) => {
      const node = parseFilter(`x eq ${text}`);
      return node.kind === 'compare' ? node.value : null;
    };
    expect(value('9.5M')).toEqual({ kind: 'number', text: '9.5', isInteger: false });
    expect(value('9.5m')).toEqual({ kind: 'number', text: '9.5', isInteger: false });
    expect(value('10L')).toEqual({ kind: 'number', text: '10', isInteger: true });
    expect(value('-1.5d')).toEqual({ kind: 'number', text: '-1.5', isInteger: false });
    expect(value('2f')).toEqual({ kind: 'number', text: '2', isInteger: true });
    expect(value('1E+3')).toEqual({ kind: 'number', text: '1E+3', isInteger: false });
    expect(value("datetime'2016-04-01T00:00:00'")).toMatchObject({ kind: 'datetime', text: '2016-04-01T00:00:00', hasOffset: false });
    expect(value("DateTimeOffset'2016-04-01T00:00:00+10:00'")).toMatchObject({ kind: 'datetime', hasOffset: true });
    expect(value('2016-04-01')).toMatchObject({ kind: 'datetime', text: '2016-04-01T00:00:00', hasOffset: false });
    expect(value('2016-04-01T08:30:00Z')).toMatchObject({ kind: 'datetime', hasOffset: true });
    expect(value('True')).toEqual({ kind: 'boolean', value: true });
    expect(value('null')).toEqual({ kind: 'null' });
  });

  it('reads and/or/not with parentheses, and a bare boolean field', () => {
    expect(parseFilter("not (a eq 1 or b eq 2) and c ne 'x'")).toEqual({
      kind: 'and',
      items: [
        { kind: 'not', item: { kind: 'or', items: [expect.objectContaining({ field: 'a' }), expect.objectContaining({ field: 'b' })] } },
        expect.objectContaining({ field: 'c', op: 'ne' }),
      ],
    });
    expect(parseFilter('isGlobal and not isRollup')).toEqual({
      kind: 'and',
      items: [
        { kind: 'compare', field: 'isGlobal', op: 'eq', value: { kind: 'boolean', value: true } },
        { kind: 'not', item: { kind: 'compare', field: 'isRollup', op: 'eq', value: { kind: 'boolean', value: true } } },
      ],
    });
  });

  it.each([
    ["startswith(name,'A')", 'function'],
    ["kioskAccess/accessType eq 'None'", 'cannot read'],
    ['a eq 1 and', 'expected a field name'],
    ['(a eq 1', 'missing ")"'],
    ['a eq b', 'literal'],
    ['a add 1 eq 2', 'expected eq'],
    ['5 eq a', 'expected a field name'],
    ["a eq datetime'2016-02-30T00:00:00'", 'not a real date'],
    ['a eq 2016-13-01', 'not a real date'],
    ["a eq guid'0f8fad5b-d9cb-469f-a165-70867728950e'", 'not supported'],
    ['a eq 1.5L', 'not a whole number'],
    ["a eq 'unterminated", 'cannot read'],
  ])('refuses %s with 400 unsupported-query', (filter, words) => {
    const problem = problemOf(() => parseFilter(filter));
    expect(problem).toMatchObject({ status: 400, code: 'unsupported-query' });
    expect(problem.detail).toContain(words);
  });

  it('refuses hostile filters within its limits, never recursing without bound', () => {
    const deep = `${'('.repeat(5000)}a eq 1${')'.repeat(5000)}`;
    expect(problemOf(() => parseFilter(deep)).detail).toContain(`longer than ${ODATA_LIMITS.maxFilterLength}`);
    const nested = `${'('.repeat(ODATA_LIMITS.maxFilterDepth + 1)}a eq 1${')'.repeat(ODATA_LIMITS.maxFilterDepth + 1)}`;
    expect(problemOf(() => parseFilter(nested)).detail).toContain('nested more than');
    expect(problemOf(() => parseFilter('not '.repeat(ODATA_LIMITS.maxFilterDepth + 1) + 'a eq 1')).detail).toContain('nested more than');
    const wide = Array.from({ length: ODATA_LIMITS.maxFilterTerms + 1 }, (_, i) => `a eq ${i}`).join(' or ');
    expect(problemOf(() => parseFilter(wide)).detail).toContain('comparisons');
    // Just inside the limits is fine.
    const inside = `${'('.repeat(ODATA_LIMITS.maxFilterDepth)}a eq 1${')'.repeat(ODATA_LIMITS.maxFilterDepth)}`;
    expect(parseFilter(inside)).toMatchObject({ kind: 'compare' });
  });
});

describe('OData to SQL', () => {
  it('compiles comparisons with typed parameters and case-insensitive field names', () => {
    expect(render({ $filter: "EmployeeId eq 5 and comments ne 'x'" })).toMatchObject({
      where: '("timesheet_lines"."employee_id" = $1::integer AND "timesheet_lines"."comments" IS DISTINCT FROM $2::text)',
      params: ['5', 'x'],
    });
    expect(render({ $filter: 'units ge 9.5M' }).where).toBe('"timesheet_lines"."units" >= $1::numeric');
    expect(render({ $filter: 'id gt 99999999999' }).where).toBe('"timesheet_lines"."id" > $1::numeric');
    expect(render({ $filter: "workTypeId eq '12'" })).toMatchObject({ where: '"timesheet_lines"."work_type_id" = $1::integer', params: ['12'] });
    expect(render({ $filter: 'comments eq null' }).where).toBe('"timesheet_lines"."comments" IS NULL');
    expect(render({ $filter: 'not (comments eq null)' }).where).toBe('"timesheet_lines"."comments" IS NOT NULL');
  });

  it('pushes not down to the comparisons, keeping nulls where the negation holds', () => {
    expect(render({ $filter: "not (units gt 1 or comments eq 'x')" }).where).toBe(
      '(("timesheet_lines"."units" <= $1::numeric OR "timesheet_lines"."units" IS NULL) AND "timesheet_lines"."comments" IS DISTINCT FROM $2::text)',
    );
  });

  it('compares a wall-clock datetime in the row zone, narrowed to a day either side of the instant', () => {
    const { where, params } = render({ $filter: "startTime ge datetime'2016-04-01T00:00:00'" });
    expect(where).toBe(
      '("timesheet_lines"."start_utc" > $1::timestamptz AND timezone("timesheet_lines"."iana_time_zone", "timesheet_lines"."start_utc") >= $2::timestamp)',
    );
    expect(params).toEqual(['2016-03-31T00:00:00.000Z', '2016-04-01T00:00:00']);
    expect(render({ $filter: "startTime lt datetime'2016-04-01T00:00:00Z'" }).where).toBe('"timesheet_lines"."start_utc" < $1::timestamptz');
  });

  it('names the field when a literal or a field cannot be compared', () => {
    expect(problemOf(() => render({ $filter: 'comments eq 5' })).detail).toContain('"comments" needs text');
    expect(problemOf(() => render({ $filter: "employeeId eq 'five'" })).detail).toContain('"employeeId" needs a number');
    expect(problemOf(() => render({ $filter: "startTime gt 'soon'" })).detail).toContain('"startTime" needs a date and time');
    expect(problemOf(() => render({ $filter: 'units gt null' })).detail).toContain('eq or ne');
    expect(problemOf(() => render({ $filter: 'breaks eq null' })).detail).toContain('"breaks" is a list');
    expect(problemOf(() => render({ $orderby: 'breaks' })).detail).toContain('"breaks" is a list');
    expect(problemOf(() => render({ $filter: 'colour eq 1' })).detail).toContain('unknown field "colour"');
  });

  it('orders with a unique tiebreak, nulls first when ascending', () => {
    expect(render({}).order).toEqual(['default_order']);
    expect(render({ $orderby: 'comments desc, employeeId' }).order).toEqual([
      '"timesheet_lines"."comments" DESC NULLS LAST',
      '"timesheet_lines"."employee_id" ASC',
      '"timesheet_lines"."id" ASC',
    ]);
    // The key follows the last field's direction, so one index serves both directions.
    expect(render({ $orderby: 'startTime desc' }).order).toEqual(['"timesheet_lines"."start_utc" DESC NULLS LAST', '"timesheet_lines"."id" DESC']);
    expect(render({ $orderby: 'startTime' }).order[0]).toBe('"timesheet_lines"."start_utc" ASC NULLS FIRST');
    expect(problemOf(() => render({ $orderby: 'id sideways' })).code).toBe('unsupported-query');
    expect(problemOf(() => render({ $orderby: Array.from({ length: 9 }, () => 'id').join(',') })).detail).toContain('more than');
  });

  it('pages with the default, lowers $top to the maximum and refuses counts beyond int32', () => {
    expect(render({})).toMatchObject({ limit: 100, offset: 0 });
    expect(render({ $top: '250', $skip: '500' })).toMatchObject({ limit: 250, offset: 500 });
    expect(render({ $top: '100000' })).toMatchObject({ limit: 500 });
    expect(render({ $top: '0' })).toMatchObject({ limit: 0 });
    expect(planPage({ $top: '2147483647', $skip: '2147483647' }, SPEC.limits)).toEqual({ limit: 500, offset: 2147483647 });
    for (const bad of ['-1', '2147483648', '9999999999', '1.5', 'many', '1e3']) {
      expect(problemOf(() => render({ $top: bad })), bad).toMatchObject({ status: 400, code: 'unsupported-query' });
      expect(problemOf(() => render({ $skip: bad })), bad).toMatchObject({ status: 400, code: 'unsupported-query' });
    }
  });
});
