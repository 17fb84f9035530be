/**
 * The database's own ceiling for a punch, measured in the same run on the same database: pgbench
 * running the equivalent punch transaction (equivalentPunch.ts) at the bench's client counts.
 * pgbench is PostgreSQL's own load tool, a separate process sending one statement per round
 * trip, each prepared once per connection (`-M prepared`): the cheapest way to run them, and what
 * the service's driver does too since it names its statements.
 */
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { POSTGRES_BIN } from '../../src/server/testing/postgresCluster';
import { pgbenchScript } from './equivalentPunch';
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
  /** Committed transactions per second (without the initial connection time). */
  rate: number;
  latencyMs: number;
}

/** pgbench for `seconds` at `clients` clients against `url`; the script is written to `dir`. */
export async function pgbenchRate(url: string, dir: string, target: SeededCeiling, clients: number, seconds: number): Promise<CeilingResult> {
  const script = join(dir, 'equivalent-punch.sql');
  writeFileSync(script, pgbenchScript());
  const { hostname, port, username, pathname } = new URL(url);
  const ids = target.employeeIds;
  const first = Math.min(...ids);
  const span = Math.max(...ids) - first + 1;
  const per = Math.max(1, Math.floor(span / clients));
  const args = [
    '-n', '-M', 'prepared', '-f', script, '-c', String(clients), '-j', String(Math.min(clients, 2)), '-T', String(seconds),
    '-h', hostname, '-p', port, '-U', username,
    '-D', `first=${first}`, '-D', `per=${per}`, '-D', `span=${span}`, '-D', `b=${target.businessId}`, '-D', `k=${target.kioskId}`,
    pathname.slice(1),
  ];
  const { stdout } = await run(pgbenchPath(), args, { timeout: (seconds + 60) * 1000 });
  const rate = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1]);
  const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1]);
  const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
  if (!Number.isFinite(rate) || failed > 0) throw new Error(`pgbench did not run the punch transaction cleanly:\n${stdout}`);
  return { clients, rate, latencyMs };
}
