/**
 * A cheap fingerprint of everything the database holds, for tests that must prove a request
 * wrote nothing: per table of the public schema, its row count and an MD5 over its rows in a
 * stable order, in one query. Bookkeeping columns that reads legitimately touch are left out.
 * watchWrites() takes the fingerprint only when a transaction may have written: the suites that
 * prove thousands of requests wrote nothing spent most of their database time fingerprinting.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/openDatabase';

/**
 * Columns a request may update without having "written" anything the caller asked for. Keep this
 * list short and say why for each.
 */
export const BOOKKEEPING_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  // A device's visit (and the start of a gap in its visits) is recorded, at most once a minute,
  // when its credential is checked, whatever the request then does.
  devices: ['last_seen_at', 'offline_from'],
};

/**
 * Tables that count attempts rather than hold data: rate-limit counters spend a caller's budget on
 * every valid request to a limited route, whatever its outcome (that is their point).
 */
export const BOOKKEEPING_TABLES: ReadonlySet<string> = new Set(['rate_limits']);

/** Table name -> `rows:md5`. */
type DatabaseFingerprint = Map<string, string>;

const TableList = z.array(z.object({ name: z.string() }));
const Fingerprints = z.array(z.object({ name: z.string(), rows: z.coerce.number(), digest: z.string() }));

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Every base table of the public schema (the migrations' bookkeeping lives in its own schema). */
export async function listTables(db: Database): Promise<string[]> {
  const result = await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return TableList.parse((result as { rows: unknown }).rows)
    .map((row) => row.name)
    .filter((name) => !BOOKKEEPING_TABLES.has(name));
}

/** The fingerprint of the listed tables, in one round trip. */
async function fingerprintDatabase(db: Database, tables: readonly string[]): Promise<DatabaseFingerprint> {
  const parts = tables.map((table) => {
    const excluded = (BOOKKEEPING_COLUMNS[table] ?? []).map(quoteLiteral).join(', ');
    const row = `(to_jsonb(t) - array[${excluded}]::text[])::text`;
    return (
      `select ${quoteLiteral(table)} as name, count(*) as rows, ` +
      `md5(coalesce(string_agg(${row}, E'\\n' order by ${row}), '')) as digest from ${quoteIdent(table)} t`
    );
  });
  const result = await db.execute(sql.raw(parts.join(' union all ')));
  return new Map(Fingerprints.parse((result as { rows: unknown }).rows).map((row) => [row.name, `${row.rows}:${row.digest}`]));
}

/** The tables whose fingerprint differs (empty when nothing changed). */
function changedTables(before: DatabaseFingerprint, after: DatabaseFingerprint): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}

const NextTransaction = z.array(z.object({ next: z.string() }));

/**
 * The first transaction id PostgreSQL has not yet handed out. Inserting, updating or deleting a
 * row takes a transaction id, so while this stays the same no row of any table changed; reading
 * it takes none.
 */
async function nextTransactionId(db: Database): Promise<string> {
  const result = await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as next`);
  const [row] = NextTransaction.parse((result as { rows: unknown }).rows);
  if (!row) throw new Error('pg_current_snapshot() answered no row');
  return row.next;
}

/** What changed since the watch began or since the last call. */
export interface WriteWatch {
  /** The tables whose fingerprint changed since the last call (empty when nothing changed). */
  written(): Promise<string[]>;
}

/**
 * Watches the listed tables for writes. Each call compares the next transaction id with the one
 * seen last: unchanged, nothing was written and no fingerprint is taken; changed (a write, or a
 * transaction that was rolled back or wrote only bookkeeping), the fingerprint decides.
 */
export async function watchWrites(db: Database, tables: readonly string[]): Promise<WriteWatch> {
  let seen = await nextTransactionId(db);
  let baseline = await fingerprintDatabase(db, tables);
  return {
    async written() {
      const next = await nextTransactionId(db);
      if (next === seen) return [];
      // Read the id before the fingerprint: a write landing in between shows at the next call.
      const after = await fingerprintDatabase(db, tables);
      const changed = changedTables(baseline, after);
      seen = next;
      baseline = after;
      return changed;
    },
  };
}
