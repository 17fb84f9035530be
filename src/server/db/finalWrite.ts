/**
 * A transaction's last write, held back so the idempotency record goes with it in one statement
 * (one round trip fewer per keyed punch). The idempotency middleware marks its
 * transaction as accepting one (acceptFinalWrite) before the handler runs; a service whose write
 * is the request's last (a live punch: recordPunch's `last`) hands it over as data-modifying CTEs
 * instead of running it, and the middleware sends them with the key's insert (runFinalWrite). The
 * answer must then be known before the write: nothing may read the held write's effects.
 * A transaction nobody marked (no Idempotency-Key, a nested one) accepts nothing: the service
 * runs its write at once, as before. The statement's text depends only on the write's shape and
 * the tail's: it is built once per pair and sent as a prepared statement (compiledStatements.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { compileStatement, runCompiled, type CompiledStatement } from './compiledStatements';
import type { Database } from './openDatabase';

/**
 * Statement parts whose text depends only on `shape`: `build` writes them with a placeholder for
 * every value (it runs once per shape, db/compiledStatements.ts) and `values` fills them.
 */
export interface ShapedParts<T> {
  shape: string;
  build(): T;
  values: Readonly<Record<string, unknown>>;
}

export interface FinalWrite extends ShapedParts<{
  /** `name as (statement)` parts, in order. */
  ctes: SQL[];
  /** True when the write did what it must (e.g. the employee's row was updated). */
  check: SQL;
}> {
  /** The error thrown when the check is false. */
  failure: string;
}

/** What goes after a final write in its statement: more CTEs (e.g. the key's insert) and the values read back. */
export type FinalTail = ShapedParts<{ ctes: SQL[]; select: Record<string, SQL> }>;

const NO_TAIL: FinalTail = { shape: '', build: () => ({ ctes: [], select: {} }), values: {} };

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

/** Each (write shape, tail shape)'s statement, compiled once. */
const compiled = new Map<string, CompiledStatement>();

/** The one statement of `write` followed by `tail`: `with <ctes> select <check> as ok, <tail's values>`. */
export function finalWriteStatement(write: FinalWrite, tail: FinalTail = NO_TAIL): CompiledStatement {
  const key = `${write.shape}|${tail.shape}`;
  let statement = compiled.get(key);
  if (!statement) {
    const { ctes, check } = write.build();
    const after = tail.build();
    const values = Object.entries(after.select).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`);
    statement = compileStatement(sql`with ${sql.join([...ctes, ...after.ctes], sql`, `)} select ${sql.join([sql`(${check}) as ok`, ...values], sql`, `)}`);
    compiled.set(key, statement);
  }
  return statement;
}

/**
 * Runs `write` as one statement, with `tail` after it; answers the row of values the tail reads
 * back; throws `write.failure` when its check fails.
 */
export async function runFinalWrite(tx: Database, write: FinalWrite, tail: FinalTail = NO_TAIL): Promise<Record<string, unknown>> {
  const [row] = await runCompiled<Record<string, unknown>>(tx, finalWriteStatement(write, tail), { ...write.values, ...tail.values });
  if (!row || row.ok !== true) throw new Error(write.failure);
  return row;
}
