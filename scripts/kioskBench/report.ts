/**
 * The kiosk bench's tables: the service beside its floor (the bare server running the service's
 * SQL) and pgbench running that SQL, CPU per punch first; then each run's figures beside the no-op
 * route, the CPU each party used, the memory, the targets and whether they were met. Printed, written to bench-results.json and placed in
 * BENCHMARKS.md between the `kiosk-bench` markers (historyBench/report.ts keeps the other sections).
 */
import type { CeilingResult } from './ceiling';
import type { CpuShare } from './cpuShare';
import type { LoadResult } from './load';

export interface Measured<T> {
  result: T;
  cpu: CpuShare;
}

export interface ConfigResult {
  /** The service on PostgreSQL (2 or 1 workers) or PGlite, or the floor server on PostgreSQL. */
  key: 'pg2' | 'pg1' | 'pglite' | 'floor2' | 'floor1';
  label: string;
  workers: number;
  /** Resident MB of each process after start-up and a few idle seconds (primary first), and after the load. */
  restMb: number[];
  afterMb: number[];
  runs: Array<{
    clients: number;
    punch: Measured<LoadResult>;
    noop: Measured<LoadResult>;
    /** PostgreSQL statements (BEGIN/COMMIT aside) and their execution time per punch; null on PGlite. */
    statements: { perPunch: number; msPerPunch: number } | null;
  }>;
}

export interface Ceilings {
  /** The best round's figure per client count: pgbench running the service's SQL. */
  postgres: Map<number, Measured<CeilingResult>>;
  /** Every pgbench round, in order. */
  postgresRounds: Array<Measured<CeilingResult> & { when: string; clients: number }>;
  /** PGlite's floor: the service's SQL in one process without HTTP, punches/s (its CPU is the load's). */
  pglite: Measured<number> | null;
}

export interface Verdict {
  name: string;
  figure: string;
  /** What the figure is compared with, measured in the same run. */
  ceiling?: string;
  ratio?: string;
  target: string;
  /** Null: reported, no target. */
  met: boolean | null;
  /** For a miss: what the run says bounds it. */
  bound?: string;
}

export const fmt = (value: number, digits = value < 10 ? 1 : 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const pct = (value: number | null) => (value === null ? '–' : `${fmt(value, 0)}`);
export const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** pgbench's rate on PostgreSQL, the in-process floor's on PGlite. */
export function ceilingFor(config: ConfigResult, ceilings: Ceilings, clients: number): number | null {
  if (config.key === 'pglite') return ceilings.pglite?.result ?? null;
  return ceilings.postgres.get(clients)?.result.rate ?? null;
}

/** What the machine did beyond the measured parties: other processes on the same cores. */
export function otherCpu(cpu: CpuShare): number {
  return Math.max(0, cpu.machine - (cpu.service ?? 0) - (cpu.database ?? 0) - cpu.load);
}

function cpuText(cpu: CpuShare): string {
  return `${pct(cpu.service)} / ${pct(cpu.database)} / ${pct(cpu.load)} / ${pct(otherCpu(cpu))} / ${pct(cpu.machine)}`;
}

/** CPU milliseconds one answer cost a party (its share of a core over the rate): independent of how busy the machine was. */
export function msPerAnswer(share: number | null, rate: number): number | null {
  return share === null || rate <= 0 ? null : (10 * share) / rate;
}

const msText = (value: number | null) => (value === null ? '–' : fmt(value, value < 1 ? 2 : 1));

/** One sentence on where the CPU went during a run (and what each answer cost, when the rate is given). */
export function cpuSentence(cpu: CpuShare, rate?: number): string {
  const saturated = cpu.machine >= 0.9 * cpu.cores * 100;
  const lead = saturated
    ? `CPU: the ${cpu.cores} cores were saturated (${fmt(cpu.machine, 0)} %)`
    : `not CPU alone: the ${cpu.cores} cores were ${fmt(cpu.machine, 0)} % busy of ${cpu.cores * 100} %, so requests also waited (round trips, locks, the event loop)`;
  const cost =
    rate === undefined
      ? ''
      : `; each punch cost the service ${msText(msPerAnswer(cpu.service, rate))} ms of CPU${cpu.database === null ? '' : ` and PostgreSQL ${msText(msPerAnswer(cpu.database, rate))} ms`}`;
  const parts = [
    cpu.service === null ? null : `the service ${fmt(cpu.service, 0)} %`,
    cpu.database === null ? null : `PostgreSQL ${fmt(cpu.database, 0)} %`,
    `the load generator ${fmt(cpu.load, 0)} %`,
    `other processes ${fmt(otherCpu(cpu), 0)} %`,
  ].filter((part) => part !== null);
  return `${lead}: ${parts.join(', ')} of one core${cost}`;
}

export function markdown(configs: readonly ConfigResult[], ceilings: Ceilings, verdicts: readonly Verdict[], header: string, footer: string): string {
  const lines = [
    header,
    '',
    ...floorTable(configs, ceilings),
    '',
    '| Service | Clients | Punches/s | p50 / p99 (ms) | pgbench, the service\'s SQL: punches/s | Ratio | No-op route/s | No-op p50 / p99 (ms) | CPU % service / database / load / other / machine | CPU ms per punch: service / database | Statements per punch (PostgreSQL time, ms) |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const config of configs) {
    for (const run of config.runs) {
      const ceiling = ceilingFor(config, ceilings, run.clients);
      const punch = run.punch.result;
      const failed = punch.failed > 0 ? ` (**${punch.failed} failed**)` : '';
      lines.push(
        `| ${config.label} | ${run.clients} | ${fmt(punch.rate, 0)}${failed} | ${fmt(punch.p50)} / ${fmt(punch.p99)} | ${ceiling === null ? '–' : fmt(ceiling, 0)} | ` +
          `${ceiling === null ? '–' : `${fmt((100 * punch.rate) / ceiling, 0)} %`} | ${fmt(run.noop.result.rate, 0)} | ${fmt(run.noop.result.p50)} / ${fmt(run.noop.result.p99)} | ${cpuText(run.punch.cpu)} | ` +
          `${msText(msPerAnswer(run.punch.cpu.service, punch.rate))} / ${msText(msPerAnswer(run.punch.cpu.database, punch.rate))} | ` +
          `${run.statements ? `${fmt(run.statements.perPunch)} (${msText(run.statements.msPerPunch)})` : '–'} |`,
      );
    }
  }
  lines.push(
    '',
    '| pgbench run (the service\'s SQL) | Clients | Punches/s | Latency average per punch (ms) | CPU % service / database / load / other / machine | CPU ms per punch: database |',
    '|---|---|---|---|---|---|',
  );
  for (const measured of ceilings.postgresRounds) {
    const clients = measured.clients;
    const best = ceilings.postgres.get(clients)?.result === measured.result;
    lines.push(
      `| pgbench, ${measured.when}${best ? ' (the best round)' : ''} | ${clients} | ${fmt(measured.result.rate, 0)} | ${fmt(measured.result.latencyMs)} | ${cpuText(measured.cpu)} | ${msText(msPerAnswer(measured.cpu.database, measured.result.rate))} |`,
    );
  }
  if (ceilings.pglite) {
    const { result, cpu } = ceilings.pglite;
    lines.push(`| PGlite floor: the service's SQL in one process, no HTTP (CPU: the process, its database included) | 1 | ${fmt(result, 0)} | ${fmt(1000 / result)} | ${cpuText(cpu)} | ${msText(msPerAnswer(cpu.load, result))} |`);
  }
  lines.push('', '| Memory (VmRSS, MB) | At rest after start-up | After the load |', '|---|---|---|');
  for (const config of configs) {
    const each = (values: readonly number[]) => (values.length > 1 ? `${fmt(sum(values), 0)} (${values.map((value) => fmt(value, 0)).join(' + ')})` : fmt(values[0] ?? Number.NaN, 0));
    lines.push(`| ${config.label} | ${each(config.restMb)} | ${each(config.afterMb)} |`);
  }
  lines.push('', '| Figure | Measured | Ceiling (same run) | Ratio | Target | Met |', '|---|---|---|---|---|---|');
  for (const verdict of verdicts) {
    const met = verdict.met === null ? '' : verdict.met ? 'yes' : '**no**';
    lines.push(`| ${verdict.name} | ${verdict.figure} | ${verdict.ceiling ?? ''} | ${verdict.ratio ?? ''} | ${verdict.target} | ${met} |`);
  }
  const misses = verdicts.filter((verdict) => verdict.met === false && verdict.bound);
  if (misses.length > 0) lines.push('', ...misses.map((verdict) => `- Missed, ${verdict.name}: ${verdict.bound}.`));
  lines.push('', footer);
  return lines.join('\n');
}

const ratioText = (a: number | null, b: number | null) => (a === null || b === null || b <= 0 ? '–' : `${fmt(a / b, 2)}×`);

/** The service beside the floor and pgbench, per PostgreSQL configuration and client count; PGlite beside its in-process floor. */
function floorTable(configs: readonly ConfigResult[], ceilings: Ceilings): string[] {
  const lines = [
    '| Side by side | Clients | CPU ms per punch: service / floor (service ÷ floor) | Database CPU ms per punch: under the service / under the floor / pgbench (service ÷ pgbench) | p50 / p99 (ms): service; floor; pgbench (average) | Punches/s: service / floor / pgbench |',
    '|---|---|---|---|---|---|',
  ];
  for (const [serviceKey, floorKey] of [['pg2', 'floor2'], ['pg1', 'floor1']] as const) {
    const service = configs.find((config) => config.key === serviceKey);
    const floor = configs.find((config) => config.key === floorKey);
    if (!service) continue;
    for (const run of service.runs) {
      const bare = floor?.runs.find((other) => other.clients === run.clients);
      const pgbench = ceilings.postgres.get(run.clients);
      const cpu = (measured: { punch: Measured<LoadResult> } | undefined, party: 'service' | 'database') =>
        measured ? msPerAnswer(measured.punch.cpu[party], measured.punch.result.rate) : null;
      const pgbenchDb = pgbench ? msPerAnswer(pgbench.cpu.database, pgbench.result.rate) : null;
      const latency = (measured: { punch: Measured<LoadResult> } | undefined) => (measured ? `${fmt(measured.punch.result.p50)} / ${fmt(measured.punch.result.p99)}` : '–');
      lines.push(
        `| PostgreSQL 15, WORKERS=${service.workers} | ${run.clients} | ${msText(cpu(run, 'service'))} / ${msText(cpu(bare, 'service'))} (${ratioText(cpu(run, 'service'), cpu(bare, 'service'))}) | ` +
          `${msText(cpu(run, 'database'))} / ${msText(cpu(bare, 'database'))} / ${msText(pgbenchDb)} (${ratioText(cpu(run, 'database'), pgbenchDb)}) | ` +
          `${latency(run)}; ${latency(bare)}; ${pgbench ? fmt(pgbench.result.latencyMs) : '–'} | ${fmt(run.punch.result.rate, 0)} / ${bare ? fmt(bare.punch.result.rate, 0) : '–'} / ${pgbench ? fmt(pgbench.result.rate, 0) : '–'} |`,
      );
    }
  }
  const pglite = configs.find((config) => config.key === 'pglite');
  const floor = ceilings.pglite;
  for (const run of pglite?.runs ?? []) {
    const serviceMs = msPerAnswer(run.punch.cpu.service, run.punch.result.rate);
    const floorMs = floor ? msPerAnswer(floor.cpu.load, floor.result) : null;
    lines.push(
      `| PGlite (CPU: the process, its database included; floor in-process, one at a time, no HTTP) | ${run.clients} | ${msText(serviceMs)} / ${msText(floorMs)} (${ratioText(serviceMs, floorMs)}) | – | ` +
        `${fmt(run.punch.result.p50)} / ${fmt(run.punch.result.p99)}; ${floor ? fmt(1000 / floor.result) : '–'} (average); – | ${fmt(run.punch.result.rate, 0)} / ${floor ? fmt(floor.result, 0) : '–'} / – |`,
    );
  }
  return lines;
}
