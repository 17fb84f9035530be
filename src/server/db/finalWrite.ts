/**
 * A transaction's last write, held back so the idempotency record goes with it in one statement
 * (issue 12, item 4: one round trip fewer per keyed punch). The idempotency middleware marks its
 * transaction as accepting one (acceptFinalWrite) before the handler runs; a service whose write
 * is the request's last (a live punch: recordPunch's `last`) hands it over as data-modifying CTEs
 * instead of running it, and the middleware sends them with the key's insert (runFinalWrite). The
 * answer must then be known before the write: nothing may read the held write's effects.
 * A transaction nobody marked (no Idempotency-Key, a nested one) accepts nothing: the service
 * runs its write at once, as before.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './openDatabase';
import { rowsOf } from './rowsOf';

export interface FinalWrite {
  /** `name as (statement)` parts, in order. */
  ctes: SQL[];
  /** True when the write did what it must (e.g. the employee's row was updated). */
  check: SQL;
  /** The error thrown when `check` is false. */
  failure: string;
}

const accepting = new WeakMap<object, { held: FinalWrite | null }>();

/** Lets one final write be held on `tx` (the idempotency middleware, before the handler). */
export function acceptFinalWrite(tx: Database): void {
  accepting.set(tx, { held: null });
}

/** Holds `write` for the middleware to send; false when `tx` accepts none (run it now). */
export function holdFinalWrite(tx: Database, write: FinalWrite): boolean {
  const slot = accepting.get(tx);
  if (!slot) return false;
  // A second "last" write would run before the first: a caller's mistake, not to be reordered silently.
  if (slot.held) throw new Error('a final write is already held in this transaction');
  slot.held = write;
  return true;
}

/** The held write, if any; `tx` accepts no more after this. */
export function takeFinalWrite(tx: Database): FinalWrite | null {
  const held = accepting.get(tx)?.held ?? null;
  accepting.delete(tx);
  return held;
}

/**
 * Runs `write` as one statement, with more CTEs after it (`tail`, e.g. the key's insert) and the
 * values `select` names read back from them; throws `write.failure` when its check fails.
 */
export async function runFinalWrite(
  tx: Database,
  write: FinalWrite,
  tail: SQL[] = [],
  select: Record<string, SQL> = {},
): Promise<Record<string, unknown>> {
  const values = Object.entries(select).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`);
  const statement = sql`with ${sql.join([...write.ctes, ...tail], sql`, `)} select ${sql.join([sql`(${write.check}) as ok`, ...values], sql`, `)}`;
  const [row] = rowsOf<Record<string, unknown>>(await tx.execute(statement));
  if (!row || row.ok !== true) throw new Error(write.failure);
  return row;
}
