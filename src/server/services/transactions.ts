/**
 * Running several statements as one unit. Handlers' `c.var.db` may already be the idempotency
 * transaction; Drizzle then nests a savepoint, so the same call works either way.
 */
import type { Database } from '../db/openDatabase';

/** Runs `work` in a transaction (or a savepoint inside the current one) on `db`. */
export function withTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Database));
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
