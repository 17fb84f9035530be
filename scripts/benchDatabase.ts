/**
 * The benches' database on their throw-away PostgreSQL cluster: a `bench` database, migrated, with
 * pg_stat_statements created (the cluster preloads it), opened through the service's own
 * openDatabase for seeding. Both the kiosk bench and the history bench start this way.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type OpenedDatabase } from '../src/server/db/openDatabase';
import type { PostgresCluster } from '../src/server/testing/postgresCluster';

/** Creates and migrates `bench` on the cluster; returns its URL and the opened database (close it when seeded). */
export async function createBenchDatabase(cluster: PostgresCluster): Promise<{ url: string; opened: OpenedDatabase }> {
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  try {
    await admin.query('CREATE DATABASE bench');
  } finally {
    await admin.end();
  }
  const url = cluster.url('bench');
  const opened = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  try {
    await opened.db.execute(sql`CREATE EXTENSION pg_stat_statements`);
  } catch (error) {
    await opened.close();
    throw error;
  }
  return { url, opened };
}
