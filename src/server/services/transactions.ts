/**
 * Running several statements as one unit. Handlers' `c.var.db` may already be the idempotency
 * transaction; Drizzle then nests a savepoint, so the same call works either way.
 */
import type { Database } from '../db/openDatabase';

/** Runs `work` in a transaction (or a savepoint inside the current one) on `db`. */
export function withTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Database));
}
