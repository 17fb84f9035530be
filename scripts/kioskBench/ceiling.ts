/**
 * The database's own ceiling for a punch, measured in the same run on the same database: pgbench
 * running the service's punch SQL (pgbenchPunch.ts) at the bench's client counts, on a business of
 * its own. pgbench is PostgreSQL's own load tool, a separate process sending one statement per
 * round trip, each prepared once per connection (`-M prepared`), as the service's driver does with
 * its named statements.
 */
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { POSTGRES_BIN } from '../../src/server/testing/postgresCluster';
import type { SeededCeiling } from './seed';

const run = promisify(execFile);

export function pgbenchPath(): string {
  const candidates = [join(POSTGRES_BIN, 'pgbench'), '/usr/bin/pgbench'];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`pgbench not found (looked in ${candidates.join(', ')})`);
  return found;
}

export interface CeilingResult {
  clients: number;
  /** Punches per second (two a transaction: a clock-on and a clock-off; without the initial connection time). */
  rate: number;
  /** Average per punch (half a transaction's). */
  latencyMs: number;
  /** Punches pgbench sent (the bench checks that as many were written). */
  punches: number;
}

/** pgbench running `punch` (pgbenchPunchScript) for `seconds` at `clients` clients against `url`; the script is written to `dir`. */
export async function pgbenchRate(url: string, dir: string, punch: { script: string; defines: readonly string[] }, target: SeededCeiling, clients: number, seconds: number): Promise<CeilingResult> {
  const script = join(dir, 'service-punch.sql');
  writeFileSync(script, punch.script);
  const { hostname, port, username, pathname } = new URL(url);
  const ids = target.employeeIds;
  const first = Math.min(...ids);
  const span = Math.max(...ids) - first + 1;
  const per = Math.max(1, Math.floor(span / clients));
  const args = [
    '-n', '-M', 'prepared', '-f', script, '-c', String(clients), '-j', String(Math.min(clients, 2)), '-T', String(seconds),
    '-h', hostname, '-p', port, '-U', username,
    '-D', `first=${first}`, '-D', `per=${per}`, '-D', `span=${span}`, ...punch.defines.flatMap((define) => ['-D', define]),
    pathname.slice(1),
  ];
  const { stdout } = await run(pgbenchPath(), args, { timeout: (seconds + 60) * 1000 });
  const rate = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1]);
  const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1]);
  const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
  if (!Number.isFinite(rate) || failed > 0) throw new Error(`pgbench did not run the service's punch SQL cleanly:\n${stdout}`);
  const processed = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1]);
  return { clients, rate: 2 * rate, latencyMs: latencyMs / 2, punches: 2 * processed };
}
