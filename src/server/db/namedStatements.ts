/**
 * Named (prepared) statements on PostgreSQL. drizzle sends every query as an
 * unnamed statement, so PostgreSQL parses and plans it again on every execution: a punch's ten
 * statements paid that ten times. This wraps the pg Pool so a statement with parameters gets a
 * name derived from its text; pg prepares it once per connection and then sends only Bind and
 * Execute (pgbench measured the same punch transaction ~30% faster prepared than unnamed here).
 *
 * Bounded: only the first MAX_NAMED distinct texts of a process are named (the hot statements are
 * seen first; a list whose IN (...) length varies makes new texts, which stay unnamed beyond the
 * cap), so neither pg's per-connection map nor PostgreSQL's per-backend plan cache grows without
 * limit. Statements without parameters (begin, commit) keep the simple protocol. Not for a
 * connection pooler in transaction mode that does not track prepared statements (PgBouncer before
 * 1.21, or without max_prepared_statements): the service connects to PostgreSQL itself.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { wrapPoolQueries, type Method } from './wrapQueries';

export const MAX_NAMED = 200;


/** A name for each statement text, up to MAX_NAMED texts; undefined beyond. */
function namer(): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined || names.size >= MAX_NAMED) return known;
    // 'k' + 27 base64url characters of SHA-1: well inside PostgreSQL's 63-byte identifiers.
    const name = `k${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
    return name;
  };
}

function namingQuery(original: Method, nameOf: (text: string) => string | undefined): Method {
  return (...args) => {
    const [config, values] = args;
    if (typeof config !== 'object' || config === null || !Array.isArray(values) || values.length === 0) return original(...args);
    const { text, name } = config as { text?: unknown; name?: unknown };
    if (typeof text !== 'string' || name !== undefined) return original(...args);
    const given = nameOf(text);
    return given === undefined ? original(...args) : original({ ...config, name: given }, ...args.slice(1));
  };
}

/** The pool, with its queries (and those of the clients it lends for transactions) named. */
export function namingStatements(pool: pg.Pool): pg.Pool {
  const nameOf = namer();
  return wrapPoolQueries(pool, (original) => namingQuery(original, nameOf));
}
