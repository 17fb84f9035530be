/**
 * Running several statements as one unit. Handlers' `c.var.db` may already be the idempotency
 * transaction; Drizzle then nests a savepoint, so the same call works either way.
 */
import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from './openDatabase';

/** Runs `work` in a transaction (or a savepoint inside the current one) on `db`. */
export function withTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Database));
}

/**
 * Runs `work` in the transaction `db` already is, or opens one: no savepoint, so two round trips
 * fewer on a hot path such as a punch inside the idempotency transaction. Only
 * for work whose failure ends the caller's transaction too (the error is rethrown, never caught
 * to carry on in the same transaction), since nothing is rolled back to where `work` began.
 */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return is(db, PgTransaction) ? work(db) : withTransaction(db, work);
}

type Reads = ReadonlyArray<() => PromiseLike<unknown>>;

/**
 * Runs reads one after another, answering like `Promise.all`. A transaction holds one connection,
 * which runs one statement at a time: `Promise.all` over Drizzle queries on it only makes
 * node-postgres queue them (deprecated, and removed in pg 9) and gains nothing, so reads that may
 * run on `c.var.db` or a transaction go through here.
 */
export async function readInTurn<T extends Reads>(...reads: T): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}
