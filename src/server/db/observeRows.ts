/**
 * Counting the rows the database hands back, for tests that prove a request reads no more than
 * its page needs (src/server/routes/history.test.ts), and the statements it runs (a punch's, in
 * src/server/routes/kiosk/punchStatements.test.ts). Wraps a PGlite instance or a pg Pool so each
 * query reports its row count and its SQL text; nothing else changes, and the service never sets it.
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

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

/** A view of `target` whose `method` reports result rows; other members act on `target` itself. */
function wrap<T extends object>(target: T, methods: Partial<Record<string | symbol, (original: (...args: unknown[]) => unknown) => unknown>>): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== 'function') return value;
      const original = (value as (...args: unknown[]) => unknown).bind(object);
      const wrapper = methods[property];
      return wrapper ? wrapper(original) : original;
    },
  });
}

function countingQuery(observe: RowObserver) {
  return (original: (...args: unknown[]) => unknown) =>
    async (...args: unknown[]) => {
      const result = await original(...args);
      observe(rowsOf(result), sqlOf(args[0]));
      return result;
    };
}

/** PGlite, with every query (in transactions too) reporting its rows. */
export function observePglite(client: PGlite, observe: RowObserver): PGlite {
  const query = countingQuery(observe);
  return wrap(client, {
    query,
    transaction: (original) => (work: (tx: object) => unknown) => original((tx: object) => work(wrap(tx, { query }))),
  });
}

/** A pg Pool, with every query (on checked-out clients too) reporting its rows. */
export function observePool(pool: pg.Pool, observe: RowObserver): pg.Pool {
  const query = countingQuery(observe);
  return wrap(pool, {
    query,
    connect: (original) => async () => wrap((await original()) as pg.PoolClient, { query }),
  });
}
