/**
 * How many SQL statements a punch costs PostgreSQL, and their time there: pg_stat_statements
 * (loaded by the bench's cluster, utility statements such as BEGIN and COMMIT not tracked) reset
 * before a punch run and read after it, divided by the punches answered.
 */
import pg from 'pg';

export interface StatementCount {
  calls: number;
  ms: number;
}

export const STATEMENT_SETTINGS = ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track_utility=off'];

export interface StatementStats {
  reset(): Promise<void>;
  read(): Promise<StatementCount>;
  close(): Promise<void>;
}

/** Opens one connection to `url`'s database (which must have the extension) for the counts. */
export async function statementStats(url: string): Promise<StatementStats> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    reset: async () => {
      await client.query('SELECT pg_stat_statements_reset()');
    },
    async read() {
      const { rows } = await client.query<{ calls: string; ms: string }>(
        `SELECT coalesce(sum(calls), 0) AS calls, coalesce(sum(total_exec_time), 0) AS ms FROM pg_stat_statements
         WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT ILIKE '%pg_stat_statements%'`,
      );
      return { calls: Number(rows[0]?.calls ?? 0), ms: Number(rows[0]?.ms ?? 0) };
    },
    close: () => client.end(),
  };
}
