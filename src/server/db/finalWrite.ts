/**
 * A request's last write, held back so the idempotency record goes with it in one statement (one
 * round trip fewer per keyed punch). The idempotency middleware gives the request a sink
 * (finalWriteSink) before the handler runs; a service whose write is the request's last (a live
 * punch) hands the sink its write as data-modifying CTEs instead of running it, and the
 * middleware sends them with the key's insert (runFinalWrite). The answer must then be known
 * before the write: nothing may read the held write's effects. Without a sink (no
 * Idempotency-Key, a nested call) the service runs its write at once.
 *
 * The sink says how the request runs. In a transaction, the write's reads were locked. Without one
 * (`optimistic`: the idempotency layer does that for routes whose work is this one write,
 * auth/callerReads.ts), nothing was locked: the write names the version of the row it was decided
 * from in a `head` CTE (it locks the row and finds it only if unchanged), the key is recorded only
 * if the head found it, and every write only if the key was recorded, so the one statement either
 * does everything or nothing, and says which.
 *
 * The statement's text depends only on the write's shape and the tail's: it is built once per
 * pair and sent as a prepared statement (compiledStatements.ts).
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
  /** CTEs before the tail's (an optimistic write's version check, named `current`). */
  head: SQL[];
  /** `name as (statement)` parts, in order, after the tail's. */
  ctes: SQL[];
  /** True when the write did what it must (e.g. the employee's row was updated). */
  check: SQL;
  /** Values read back (e.g. whether the version check found the row). */
  select: Record<string, SQL>;
}> {
  /** The error thrown when the check is false. */
  failure: string;
  /** Response headers the answer carries from values read back (header name: the value's name in `select`), set once the write ran. */
  headers?: Readonly<Record<string, string>>;
}

/** Sets `write`'s headers on `response` from the row its statement answered (a null value sets none). */
export function answerHeaders(write: FinalWrite, row: Readonly<Record<string, unknown>>, response: Response): Response {
  for (const [header, name] of Object.entries(write.headers ?? {})) {
    const value = row[name];
    if (typeof value === 'string' || typeof value === 'number') response.headers.set(header, String(value));
  }
  return response;
}

/** What goes with a final write in its statement: more CTEs (e.g. the key's insert, after the head) and the values read back. */
export type FinalTail = ShapedParts<{ ctes: SQL[]; select: Record<string, SQL> }>;

const NO_TAIL: FinalTail = { shape: '', build: () => ({ ctes: [], select: {} }), values: {} };

/** How the request's work runs: in a transaction, or as one optimistic statement (module comment). */
export type FinalWriteMode = 'transaction' | 'optimistic';

export interface FinalWriteSink {
  readonly mode: FinalWriteMode;
  /** Holds the request's last write for the idempotency layer to send. */
  hold(write: FinalWrite): void;
  /** The held write, if any; the sink accepts no more after this. */
  take(): FinalWrite | null;
}

/** A sink for one request's last write (the idempotency middleware, before the handler). */
export function finalWriteSink(mode: FinalWriteMode): FinalWriteSink {
  let held: FinalWrite | null = null;
  let open = true;
  return {
    mode,
    hold(write) {
      if (!open) throw new Error('the final write was taken already');
      // A second "last" write would run before the first: a caller's mistake, not to be reordered silently.
      if (held) throw new Error('a final write is already held for this request');
      held = write;
    },
    take() {
      open = false;
      return held;
    },
  };
}

/**
 * Thrown by work under an optimistic sink that needs more than its one final statement (e.g. a
 * punch that stores a photo first, or raises web hook events after): the idempotency layer then
 * runs the request again in a transaction.
 */
export class NeedsTransaction extends Error {
  constructor(why: string) {
    super(`this request needs a transaction: ${why}`);
  }
}

/** Each (write shape, tail shape)'s statement, compiled once: by the tail's shape (a few), then the write's. */
const compiled = new Map<string, Map<string, CompiledStatement>>();

/** The one statement of `write` with `tail`: `with <head>, <tail's>, <write's> select <check> as ok, <values>`. */
export function finalWriteStatement(write: FinalWrite, tail: FinalTail = NO_TAIL): CompiledStatement {
  let byWrite = compiled.get(tail.shape);
  if (!byWrite) compiled.set(tail.shape, (byWrite = new Map<string, CompiledStatement>()));
  let statement = byWrite.get(write.shape);
  if (!statement) {
    const { head, ctes, check, select } = write.build();
    const after = tail.build();
    const values = Object.entries({ ...select, ...after.select }).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`);
    statement = compileStatement(sql`with ${sql.join([...head, ...after.ctes, ...ctes], sql`, `)} select ${sql.join([sql`(${check}) as ok`, ...values], sql`, `)}`);
    byWrite.set(write.shape, statement);
  }
  return statement;
}

/** Runs `write` with `tail` as one statement and answers its row (`ok` and the values read back), whatever it says. */
export async function runFinalWriteRow(tx: Database, write: FinalWrite, tail: FinalTail = NO_TAIL): Promise<Record<string, unknown>> {
  const [row] = await runCompiled<Record<string, unknown>>(tx, finalWriteStatement(write, tail), write.values, tail.values);
  if (!row) throw new Error('a final write answered no row');
  return row;
}

/** runFinalWriteRow, throwing `write.failure` when its check fails. */
export async function runFinalWrite(tx: Database, write: FinalWrite, tail: FinalTail = NO_TAIL): Promise<Record<string, unknown>> {
  const row = await runFinalWriteRow(tx, write, tail);
  if (row.ok !== true) throw new Error(write.failure);
  return row;
}
