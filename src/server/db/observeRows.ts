/**
 * Counting the rows the database hands back, for tests that prove a request reads no more than
 * its page needs (src/server/lists/history.test.ts), and the statements it runs (a punch's, in
 * src/server/routes/kiosk/punchStatements.test.ts). Wraps a PGlite instance or a pg Pool so each
 * query reports its row count and its SQL text; nothing else changes, and the service never sets it.
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { wrapMethods, wrapPoolQueries, type MethodWrapper } from './wrapQueries';

/** `sql`: the statement's text (a pg query config's `text`, or `name` for a prepared one seen again). */
export type RowObserver = (rows: number, sql: string) => void;

const rowsOf = (result: unknown): number => {
  if (Array.isArray(result)) return result.reduce((sum: number, part) => sum + rowsOf(part), 0);
  const rows = (result as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? rows.length : 0;
};

const sqlOf = (query: unknown): string => {
  if (typeof query === 'string') return query;
  const config = query as { text?: unknown; name?: unknown } | null;
  return typeof config?.text === 'string' ? config.text : typeof config?.name === 'string' ? config.name : '';
};

function countingQuery(observe: RowObserver): MethodWrapper {
  return (original) =>
    async (...args: unknown[]) => {
      const result = await original(...args);
      observe(rowsOf(result), sqlOf(args[0]));
      return result;
    };
}

/** PGlite, with every query (in transactions too) reporting its rows. */
export function observePglite(client: PGlite, observe: RowObserver): PGlite {
  const query = countingQuery(observe);
  return wrapMethods(client, {
    query,
    transaction: (original) => (work: (tx: object) => unknown) => original((tx: object) => work(wrapMethods(tx, { query }))),
  });
}

/** A pg Pool, with every query (on checked-out clients too) reporting its rows. */
export function observePool(pool: pg.Pool, observe: RowObserver): pg.Pool {
  return wrapPoolQueries(pool, countingQuery(observe));
}
