/**
 * A fingerprint of everything the service has stored, table by table, for tests that must prove a
 * request wrote nothing. Every table of the schema is covered, so a new table is covered too;
 * only bookkeeping that any authenticated request may touch is left out, and named here.
 */
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Database } from '../db/openDatabase';
import * as schema from '../db/schema';

/** Columns that change on reads: a device's last contact is recorded when it authenticates. */
const BOOKKEEPING_COLUMNS: Record<string, readonly string[]> = { devices: ['last_seen_at'] };
/** Tables that record attempts rather than data (rate-limit counters). */
const BOOKKEEPING_TABLE = /^rate_limit/;

const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .filter((name) => !BOOKKEEPING_TABLE.test(name))
  .sort();

const Row = z.object({ digest: z.string().nullable(), count: z.coerce.number() });

export type DbSnapshot = Record<string, string>;

/** `table -> "<rows>:<md5 of every row>"` for every table of the schema. */
export async function snapshotDatabase(db: Database): Promise<DbSnapshot> {
  const snapshot: DbSnapshot = {};
  for (const name of tables) {
    const excluded = BOOKKEEPING_COLUMNS[name] ?? [];
    const row = sql`(to_jsonb(t) - ${`{${excluded.join(',')}}`}::text[])::text`;
    const result = await db.execute(
      sql`select md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as digest, count(*) as count from ${sql.identifier(name)} t`,
    );
    const parsed = Row.parse(z.object({ rows: z.array(z.unknown()) }).parse(result).rows[0]);
    snapshot[name] = `${parsed.count}:${parsed.digest ?? ''}`;
  }
  return snapshot;
}

/** The tables whose contents differ between two snapshots. */
export function changedTables(before: DbSnapshot, after: DbSnapshot): string[] {
  return Object.keys(after).filter((name) => before[name] !== after[name]);
}
