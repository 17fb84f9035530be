/**
 * Intercepting a database client's methods without touching anything else: the one proxy behind
 * both the named (prepared) statements the service runs on PostgreSQL (namedStatements.ts) and the
 * tests' row and statement counting (observeRows.ts). A pg Pool's `query`, and that of each client
 * it lends out for a transaction, go through the same wrapper.
 */
import type pg from 'pg';

export type Method = (...args: unknown[]) => unknown;
export type MethodWrapper = (original: Method) => unknown;

/** A view of `target` whose named methods go through their wrappers; other members act on `target` itself. */
export function wrapMethods<T extends object>(target: T, methods: Partial<Record<string | symbol, MethodWrapper>>): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== 'function') return value;
      const original = (value as Method).bind(object);
      const wrapper = methods[property];
      return wrapper ? wrapper(original) : original;
    },
  });
}

/** The pool with `query` wrapped, on the pool and on every client `connect()` lends out. */
export function wrapPoolQueries(pool: pg.Pool, query: MethodWrapper): pg.Pool {
  return wrapMethods(pool, {
    query,
    connect: (original) => async () => wrapMethods((await original()) as pg.PoolClient, { query }),
  });
}
