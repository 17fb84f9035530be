/**
 * `npm run bench:kiosk` (the first part of `npm run bench`): punches from many kiosks against the
 * compiled service, each figure beside its ceiling measured in the same run.
 *
 * Starts a throw-away PostgreSQL 15, seeds a business of BENCH_STAFF staff with one enrolled tablet
 * per kiosk, and runs `node build/server/main.js` (a private copy of `npm run build`'s output) as
 * its own process(es): on PostgreSQL with WORKERS=2 (both cores) and WORKERS=1, then on PGlite.
 * The load comes from this process (autocannon over loopback, never the service's event loop):
 * clock on / clock off cycles on distinct employees, each request with its own Idempotency-Key,
 * at each of BENCH_CLIENTS concurrent connections, and the no-op route `GET /livez` under the same
 * settings. Ceilings: pgbench running the equivalent punch transaction on the same database at the
 * same client counts; on PGlite the same transaction in one process. Also the resident memory of
 * every service process at rest and after the load, and the CPU each party used in every run.
 * Prints the table, writes bench-results.json and BENCHMARKS.md's kiosk section, and exits non-zero
 * when a target is missed.
 *
 * Settings: BENCH_PHASES (pg2,pg1,pglite; `pgbench` alone: only the PostgreSQL ceiling), BENCH_CLIENTS (1,16,64), BENCH_SECONDS (8),
 * BENCH_STAFF (256), BENCH_KIOSKS (64), BENCH_WRITE (0: leave BENCHMARKS.md alone), POSTGRES_BIN,
 * BENCH_SERVICE_NODE_ARGS (extra node arguments for the service, e.g. --cpu-prof), BENCH_LOG_LEVEL (info).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/server/db/openDatabase';
import { freePort, hasPostgres, startPostgres, type PostgresCluster } from '../src/server/testing/postgresCluster';
import { pgbenchRate } from './kioskBench/ceiling';
import { withCpu } from './kioskBench/cpuShare';
import { floorCycles, runOnDatabase, runOnPool } from './kioskBench/floorPunch';
import { pgbenchPunchScript, recording, type SentStatement } from './kioskBench/pgbenchPunch';
import { projectionMarkdown } from './kioskBench/projection';
import { noopLoad, punchLoad } from './kioskBench/load';
import { memoryMb, postmasterOn } from './kioskBench/procStats';
import { statementStats, STATEMENT_SETTINGS, type StatementStats } from './kioskBench/statementStats';
import { createBenchDatabase } from './benchDatabase';
import { cpuSentence, fmt, markdown, type Ceilings, type ConfigResult } from './kioskBench/report';
import { verdicts } from './kioskBench/verdicts';
import { seedKioskBench, type SeededCeiling, type SeededKiosks } from './kioskBench/seed';
import { privateBuild, startBenchService, type BenchService } from './kioskBench/serviceProcess';
import { writeBenchmarksMd } from './historyBench/report';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FLOOR = fileURLToPath(new URL('kioskBench/floorServer.ts', import.meta.url));
const list = (value: string | undefined, fallback: string) => (value ?? fallback).split(',').map((item) => item.trim()).filter(Boolean);
const PHASES = list(process.env.BENCH_PHASES, 'pg2,pg1,pglite');
const CLIENTS = list(process.env.BENCH_CLIENTS, '1,16,64').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const STAFF = Number(process.env.BENCH_STAFF ?? 256);
const KIOSKS = Number(process.env.BENCH_KIOSKS ?? 64);
const CORES = availableParallelism();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What to undo if the bench is interrupted (Ctrl-C, SIGTERM): the processes it started, by their
 * own handles, and its temporary directories. Normally each is undone in a `finally` and removed.
 */
const cleanups = new Set<() => void>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const cleanup of [...cleanups].reverse()) {
      try {
        cleanup();
      } catch {
        // keep undoing the rest
      }
    }
    process.exit(130);
  });
}
/** Start, memory at rest, warm-up, then the no-op route and punches at every client count. */
async function measureService(
  config: Pick<ConfigResult, 'key' | 'label' | 'workers'>,
  start: () => Promise<BenchService>,
  seeded: SeededKiosks,
  postmaster: number | null,
  stats: StatementStats | null,
) {
  const service = await start();
  const kill = () => service.kill();
  cleanups.add(kill);
  try {
    await sleep(3000); // at rest: start-up done, nothing asked
    const restMb = service.residentMb();
    await punchLoad(service.baseUrl, seeded, Math.max(...CLIENTS), 2); // warm-up: JIT, connections
    await noopLoad(service.baseUrl, Math.max(...CLIENTS), 1);
    const probes = { service: () => service.cpuSeconds(), postmaster };
    const runs: ConfigResult['runs'] = [];
    for (const clients of CLIENTS) {
      const noop = await withCpu(probes, CORES, () => noopLoad(service.baseUrl, clients, SECONDS));
      await stats?.reset();
      const punch = await withCpu(probes, CORES, () => punchLoad(service.baseUrl, seeded, clients, SECONDS));
      const counted = await stats?.read();
      const statements = counted && punch.result.ok > 0 ? { perPunch: counted.calls / punch.result.ok, msPerPunch: counted.ms / punch.result.ok } : null;
      service.assertRunning();
      console.log(
        `${config.label}, ${clients} clients: ${fmt(punch.result.rate, 0)} punches/s (p50 ${fmt(punch.result.p50)} ms, p99 ${fmt(punch.result.p99)} ms` +
          `${punch.result.failed ? `, ${punch.result.failed} failed: ${punch.result.failure}` : ''}); no-op ${fmt(noop.result.rate, 0)}/s; ${cpuSentence(punch.cpu, punch.result.rate)}`,
      );
      runs.push({ clients, punch, noop, statements });
    }
    await sleep(1000);
    return { ...config, restMb, afterMb: service.residentMb(), runs } satisfies ConfigResult;
  } finally {
    await service.stop();
    cleanups.delete(kill);
  }
}

async function postgresPhases(dir: string, entry: string, configs: ConfigResult[], ceilings: Ceilings): Promise<void> {
  let cluster: PostgresCluster | null = null;
  let stopCluster: (() => void) | null = null;
  let stats: StatementStats | null = null;
  try {
    cluster = await startPostgres(['max_wal_size=2GB', 'checkpoint_timeout=30min', ...STATEMENT_SETTINGS]);
    const started = cluster;
    stopCluster = () => started.stop();
    cleanups.add(stopCluster);
    const { url, opened } = await createBenchDatabase(cluster);
    let seeded: { service: SeededKiosks; ceiling: SeededCeiling };
    try {
      seeded = await seedKioskBench(opened.db, STAFF, KIOSKS);
      await opened.db.execute(sql`VACUUM ANALYZE`);
    } finally {
      await opened.close();
    }
    const postmaster = postmasterOn(Number(new URL(url).port));
    stats = await statementStats(url);
    // pgbench's script: the service's statements as the floor sends them for one clock-on and clock-off.
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const sent: SentStatement[] = [];
    let punchScript: ReturnType<typeof pgbenchPunchScript>;
    const writtenPunches = async () => Number((await pool.query<{ n: string }>('select count(*) as n from punches where business_id = $1', [seeded.ceiling.businessId])).rows[0]?.n);
    try {
      await floorCycles(recording(runOnPool(pool), sent), seeded.ceiling, () => false, 2);
      punchScript = pgbenchPunchScript({ clockOn: sent.slice(0, 2), clockOff: sent.slice(2) });
      // The ceiling is measured before each service configuration, next to it in time; the best
      // round is the database's ceiling (the machine is shared, so a round can be held back).
      const ceilingRound = async (when: string) => {
        for (const clients of CLIENTS) {
          const before = await writtenPunches();
          const measured = await withCpu({ postmaster }, CORES, () => pgbenchRate(url, dir, punchScript, seeded.ceiling, clients, SECONDS), 500);
          const written = (await writtenPunches()) - before;
          if (written !== measured.result.punches) throw new Error(`pgbench sent ${measured.result.punches} punches and ${written} were written: its script does not punch`);
          console.log(`pgbench, the service's SQL ${when}, ${clients} clients: ${fmt(measured.result.rate, 0)} punches/s; ${cpuSentence(measured.cpu, measured.result.rate)}`);
          ceilings.postgresRounds.push({ when, clients, ...measured });
          const best = ceilings.postgres.get(clients);
          if (!best || measured.result.rate > best.result.rate) ceilings.postgres.set(clients, measured);
        }
      };
      const keys = (['pg2', 'pg1'] as const).filter((key) => PHASES.includes(key));
      if (keys.length === 0) await ceilingRound('alone');
      for (const key of keys) {
        const workers = key === 'pg2' ? 2 : 1;
        const label = `PostgreSQL 15, WORKERS=${workers}`;
        await ceilingRound(`before ${label}`);
        const common = { databaseUrl: url, dataDir: join(dir, 'data-pg'), workers };
        const servicePort = await freePort();
        configs.push(
          await measureService(
            { key, label, workers },
            () => startBenchService({ ...common, entry, port: servicePort, logPath: join(dir, `service-${key}.log`) }),
            seeded.service,
            postmaster,
            stats,
          ),
        );
        // The floor, right after, on the same database and employees (the load reads where each stands).
        const floorPort = await freePort();
        configs.push(
          await measureService(
            { key: key === 'pg2' ? 'floor2' : 'floor1', label: `Floor (node:http + pg, the service's SQL), WORKERS=${workers}`, workers },
            () => startBenchService({ ...common, entry: FLOOR, port: floorPort, logPath: join(dir, `floor-${key}.log`), nodeArgs: ['--import', 'tsx', FLOOR] }),
            seeded.service,
            postmaster,
            stats,
          ),
        );
      }
    } finally {
      await pool.end();
    }
  } finally {
    await stats?.close();
    if (stopCluster) cleanups.delete(stopCluster);
    cluster?.stop();
  }
}

async function pglitePhase(dir: string, entry: string, configs: ConfigResult[], ceilings: Ceilings): Promise<void> {
  const dataDir = join(dir, 'data-pglite');
  const seed = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  let seeded: { service: SeededKiosks; ceiling: SeededCeiling };
  try {
    seeded = await seedKioskBench(seed.db, STAFF, KIOSKS);
  } finally {
    await seed.close();
  }
  const port = await freePort();
  configs.push(await measureService({ key: 'pglite', label: 'PGlite', workers: 1 }, () => startBenchService({ entry, port, dataDir, workers: 1, logPath: join(dir, 'service-pglite.log') }), seeded.service, null, null));
  // Its floor: the same database files, the service's SQL (floorPunch.ts) in this process alone, no HTTP.
  const opened = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    const runner = runOnDatabase(opened.db);
    await floorCycles(runner, seeded.ceiling, () => false, 200); // warm-up: JIT, prepared statements
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    ceilings.pglite = await withCpu({}, CORES, async () => (await floorCycles(runner, seeded.ceiling, () => performance.now() >= deadline)) / ((performance.now() - started) / 1000));
    console.log(`PGlite floor (the service's SQL in one process, no HTTP): ${fmt(ceilings.pglite.result, 0)} punches/s; ${cpuSentence(ceilings.pglite.cpu)}`);
  } finally {
    await opened.close();
  }
}

/** A bare Node process's resident memory, the floor under any service process's. */
async function bareNodeMb(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await sleep(1000);
  const mb = child.pid === undefined ? Number.NaN : memoryMb(child.pid);
  child.kill('SIGTERM');
  await exited;
  return mb;
}

async function main() {
  const started = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-bench-'));
  const build = privateBuild(ROOT);
  cleanups.add(() => build.remove());
  cleanups.add(() => rmSync(dir, { recursive: true, force: true }));
  const configs: ConfigResult[] = [];
  const ceilings: Ceilings = { postgres: new Map(), postgresRounds: [], pglite: null };
  try {
    if (PHASES.some((phase) => phase.startsWith('pg'))) {
      if (!hasPostgres()) throw new Error('The kiosk bench needs PostgreSQL 15 (set POSTGRES_BIN or install postgresql-15), or BENCH_PHASES=pglite.');
      await postgresPhases(dir, build.entry, configs, ceilings);
    }
    if (PHASES.includes('pglite')) await pglitePhase(dir, build.entry, configs, ceilings);
  } finally {
    build.remove();
    rmSync(dir, { recursive: true, force: true });
  }
  const results = verdicts(configs, ceilings, CLIENTS, await bareNodeMb());
  const seconds = (performance.now() - started) / 1000;
  const machine = `${CORES} cores, load average ${loadavg().map((n) => n.toFixed(1)).join(' / ')} (1 / 5 / 15 min) at the end`;
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const header =
    `Measured by \`npm run bench\` (scripts/bench.ts) on ${date} UTC: the compiled service (\`node build/server/main.js\`, LOG_LEVEL ${process.env.BENCH_LOG_LEVEL ?? 'info'}, its log to a file), ${STAFF} staff, ${KIOSKS} kiosks with a tablet each; ` +
    `autocannon in the bench's own process over loopback, ${SECONDS} s per run, one request at a time per connection; clock on / clock off on distinct employees, ` +
    `each with its own Idempotency-Key. Machine: ${machine}. CPU is each party's share of one core during the punch run ("other" is every other process on the machine; the machine's figure is out of ${CORES * 100} %).`;
  const projected = projectionMarkdown(configs, CORES);
  const footer = [...projected, ...(projected.length > 0 ? [''] : []), `Run time ${fmt(seconds, 0)} s.`].join('\n');
  const table = markdown(configs, ceilings, results, header, footer);
  console.log(`\n${table}\n`);
  writeFileSync('bench-results.json', `${JSON.stringify({ date, machine, staff: STAFF, kiosks: KIOSKS, seconds: SECONDS, configs, ceilings: { postgres: ceilings.postgresRounds, pglite: ceilings.pglite }, verdicts: results }, null, 2)}\n`);
  if (process.env.BENCH_WRITE !== '0') writeBenchmarksMd('BENCHMARKS.md', table, 'kiosk-bench');
  const missed = results.filter((verdict) => verdict.met === false);
  if (missed.length > 0) {
    console.log(`${missed.length} kiosk target(s) missed: ${missed.map((verdict) => verdict.name).join('; ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
