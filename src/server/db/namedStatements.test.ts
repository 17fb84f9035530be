/**
 * Statements are prepared once per connection on PostgreSQL (namedStatements.ts): a parameterised
 * statement run twice on one connection is in pg_prepared_statements, statements without
 * parameters (transaction control) are not, and the names stop at MAX_NAMED distinct texts.
 * PGlite sends statements itself, unnamed: its run only checks that nothing changed there.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NAMED } from './namedStatements';
import { rowsOf } from './rowsOf';
import { startTestService, type TestService } from '../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const prepared = (tx: TestService['db']) =>
  tx.execute(sql`select name, statement from pg_prepared_statements where statement not like ${'%pg_prepared_statements%'}`).then((r) =>
    rowsOf<{ name: string; statement: string }>(r),
  );

describe('named statements', () => {
  it('prepares a parameterised statement once per connection, and nothing without parameters', async () => {
    const found = await t.db.transaction(async (tx) => {
      for (let i = 0; i < 2; i += 1) await tx.execute(sql`select ${i}::int + 1 as answer_h2`);
      return prepared(tx);
    });
    if (t.kind !== 'postgres') {
      expect(found).toEqual([]);
      return;
    }
    const mine = found.filter((row) => row.statement.includes('answer_h2'));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.name).toMatch(/^k[\w-]{27}$/);
    expect(found.some((row) => /^\s*(begin|commit)/i.test(row.statement))).toBe(false);
  });

  it(`names at most ${MAX_NAMED} distinct texts per process`, async () => {
    if (t.kind !== 'postgres') return;
    const found = await t.db.transaction(async (tx) => {
      for (let i = 0; i < MAX_NAMED + 20; i += 1) await tx.execute(sql`select ${i}::int as ${sql.raw(`cap_${i}`)}`);
      return prepared(tx);
    });
    expect(found.length).toBeLessThanOrEqual(MAX_NAMED);
  });
});
