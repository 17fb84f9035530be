/**
 * Compiled statements (compiledStatements.ts): a statement's text is built once from placeholders,
 * and each run supplies values by name, encoded by their columns as drizzle would (dates, JSON,
 * integer arrays), on either database. A value built into the text, a missing value and an
 * unnamed SQL value in a bound record are refused, since each would silently share or lose data
 * between requests.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bind, bindRecord, compileStatement, compiledByShape, namedSql, runCompiled, valuesOf } from './compiledStatements';
import { timesheetLines } from './schema';
import { createTenant } from '../testing/fixtures';
import { startTestService, type TestService } from '../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

describe('compiled statements', () => {
  it('refuses a value built into the text, a missing value and an unnamed SQL value', () => {
    expect(() => compileStatement(sql`select ${1}::int`)).toThrow(/value built into its text/);
    const statement = compileStatement(sql`select ${bind('a')}::int as a, ${bind('b')}::text as b`);
    expect(statement.params.map((p) => p.name)).toEqual(['a', 'b']);
    expect(() => valuesOf(statement, { a: 1 })).toThrow(/no value for placeholder "b"/);
    expect(valuesOf(statement, { a: 1, b: null })).toEqual([1, null]);
    expect(() => bindRecord('x', { at: sql`now()` })).toThrow(/namedSql/);
  });

  it('gives one shape one text, and different values the same text', () => {
    const now = namedSql('now', sql`now()`);
    const one = bindRecord('r', { a: 1, b: 'x', at: now, skipped: undefined });
    const two = bindRecord('r', { a: 2, b: 'y', at: now, skipped: undefined });
    expect(one.shape).toBe(two.shape);
    expect(one.values).toEqual({ 'r.a': 1, 'r.b': 'x' });
    expect(bindRecord('r', { a: 1 }).shape).not.toBe(one.shape);
    let built = 0;
    const byShape = compiledByShape((shape: 'p' | 'q') => {
      built += 1;
      return sql`select ${bind(shape)}::int as ${sql.identifier(shape)}`;
    });
    expect(byShape('p')).toBe(byShape('p'));
    expect(byShape('q').text).not.toBe(byShape('p').text);
    expect(built).toBe(2);
  });

  it('writes and reads values encoded by their columns: instants, JSON, integer arrays and nulls', async () => {
    const tenant = await createTenant(t, { employees: 1 });
    const employeeId = tenant.employees[0]!.id;
    const start = new Date('2026-03-01T08:00:00Z');
    const line = {
      businessId: tenant.businessId,
      employeeId,
      startUtc: start,
      endUtc: new Date('2026-03-01T12:00:00Z'),
      ianaTimeZone: 'Europe/London',
      breaks: [{ startUtc: '2026-03-01T10:00:00.000Z', endUtc: '2026-03-01T10:15:00.000Z', isPaidBreak: false }],
      shiftConditionIds: [3, 5],
      comments: null,
      status: 'Submitted',
      source: 'TimeAndAttendanceKiosk',
    };
    const record = bindRecord('line', line);
    const statement = compileStatement(
      sql`with line as (${t.db.insert(timesheetLines).values(record.binds as never).returning({ id: timesheetLines.id }).getSQL()}) select id from line`,
    );
    const [inserted] = await runCompiled<{ id: number }>(t.db, statement, record.values);
    const [again] = await runCompiled<{ id: number }>(t.db, statement, { ...record.values, 'line.startUtc': new Date('2026-03-02T08:00:00Z') });
    expect(again!.id).not.toBe(inserted!.id);
    const [stored] = await t.db.select().from(timesheetLines).where(eq(timesheetLines.id, Number(inserted!.id)));
    expect(stored).toMatchObject({ startUtc: start, breaks: line.breaks, shiftConditionIds: [3, 5], comments: null, status: 'Submitted' });
  });
});
