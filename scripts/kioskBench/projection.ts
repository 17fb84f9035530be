/**
 * Projected capacity from the run's own CPU per punch: how many punches a second one core gives
 * the service, one core gives PostgreSQL, and both together on machines of 4, 8 and 16 cores,
 * set beside the rate measured on this machine. It rests on CPU milliseconds per punch (read per
 * process from /proc), the one figure that holds on a shared machine; what it assumes is printed
 * with it, as it is what bounds the projection.
 */
import type { ConfigResult } from './report';
import { fmt, msPerAnswer } from './report';

export const PROJECTED_CORES = [4, 8, 16] as const;

export interface Projection {
  label: string;
  clients: number;
  serviceMs: number;
  databaseMs: number;
  /** Punches a second per core of each party alone. */
  servicePerCore: number;
  databasePerCore: number;
  /** Punches a second with the service and the database sharing `cores` cores. */
  onCores: Array<{ cores: number; rate: number }>;
  measured: { cores: number; rate: number };
}

/** The projection of a PostgreSQL configuration from its run with the most clients (the cores busiest). */
export function projectionOf(config: ConfigResult, cores: number): Projection | null {
  if (config.key === 'pglite') return null;
  const run = [...config.runs].sort((a, b) => b.clients - a.clients)[0];
  if (!run) return null;
  const rate = run.punch.result.rate;
  const serviceMs = msPerAnswer(run.punch.cpu.service, rate);
  const databaseMs = msPerAnswer(run.punch.cpu.database, rate);
  if (serviceMs === null || databaseMs === null || serviceMs <= 0 || databaseMs <= 0) return null;
  const both = serviceMs + databaseMs;
  return {
    label: config.label,
    clients: run.clients,
    serviceMs,
    databaseMs,
    servicePerCore: 1000 / serviceMs,
    databasePerCore: 1000 / databaseMs,
    onCores: [cores, ...PROJECTED_CORES].map((n) => ({ cores: n, rate: (n * 1000) / both })),
    measured: { cores, rate },
  };
}

export const PROJECTION_ASSUMPTIONS =
  'Assumed: every core runs the service or PostgreSQL (the load generator elsewhere, as kiosks are), each punch costs the CPU measured here whatever the core count ' +
  '(no lock waits: punches name distinct employees; enough service workers and connections to use every core), and nothing else is shared (disk, WAL flushes, network). ' +
  'The measured rate on this machine also paid for the load generator and other processes on the same cores, so it is below the projection for its own core count.';

/** The projection as a markdown table (empty when no configuration could be projected). */
export function projectionMarkdown(configs: readonly ConfigResult[], cores: number): string[] {
  const rows = configs.map((config) => projectionOf(config, cores)).filter((row): row is Projection => row !== null);
  if (rows.length === 0) return [];
  const heads = [cores, ...PROJECTED_CORES].map((n) => `${n} cores`).join(' | ');
  const lines = [
    `| Projected capacity, from | CPU ms per punch: service / database | Punches/s per core: service / database | Measured on ${cores} cores | ${heads} |`,
    `|---|---|---|---|${[cores, ...PROJECTED_CORES].map(() => '---').join('|')}|`,
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.label}, ${row.clients} clients | ${fmt(row.serviceMs, 2)} / ${fmt(row.databaseMs, 2)} | ${fmt(row.servicePerCore, 0)} / ${fmt(row.databasePerCore, 0)} | ${fmt(row.measured.rate, 0)} | ` +
        `${row.onCores.map((entry) => fmt(entry.rate, 0)).join(' | ')} |`,
    );
  }
  lines.push('', PROJECTION_ASSUMPTIONS);
  return lines;
}
