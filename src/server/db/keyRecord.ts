/**
 * The Idempotency-Key's record as SQL: the tail of a request's final write (db/finalWrite.ts),
 * inserted in the same statement, or on its own. Below HTTP so that whatever composes a keyed
 * request's statements (http/idempotency.ts, and services/punches/store/keyedPunch.ts for the
 * bench's floor and pgbench) builds the one text.
 */
import { sql } from 'drizzle-orm';
import { bindRecord, insertSelect } from './compiledStatements';
import type { FinalTail } from './finalWrite';
import type { Database } from './openDatabase';
import { idempotencyKeys } from './schema';

/**
 * The key's record as the tail of a held final write (its insert, and whether it inserted), or
 * on its own (`run`); its text is built once (db/compiledStatements.ts). `optimistic`: recorded
 * only if the write's version check found its row (the CTE `current`), and before the write,
 * which goes only if it was (db/finalWrite.ts).
 */
export function keyRecord(tx: Database, values: typeof idempotencyKeys.$inferInsert, mode: 'plain' | 'optimistic'): FinalTail & { run(): Promise<Array<{ id: number }>> } {
  const record = bindRecord('key', values);
  const insert = (binds: Record<string, unknown>) =>
    mode === 'optimistic'
      ? sql`${insertSelect(idempotencyKeys, binds, sql`current`)} on conflict do nothing returning ${idempotencyKeys.id}`
      : tx.insert(idempotencyKeys).values(binds as never).onConflictDoNothing().returning({ id: idempotencyKeys.id }).getSQL();
  return {
    shape: `${mode}:${record.shape}`,
    values: record.values,
    build: () => ({ ctes: [sql`recorded as (${insert(record.binds)})`], select: { recorded: sql`(select count(*) from recorded)::integer` } }),
    run: () => tx.insert(idempotencyKeys).values(values).onConflictDoNothing().returning({ id: idempotencyKeys.id }),
  };
}

