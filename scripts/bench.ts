/**
 * `npm run bench`: the speed and memory targets, measured (never asserted inside tests).
 *
 * Runs the real service in-process on PGlite (or PostgreSQL when BENCH_DATABASE_URL is set) with a
 * business of BENCH_STAFF employees, and measures what a busy site does to it: staff lists, PIN
 * checks, punches from several kiosks at once, idempotent replays, a kiosk draining a backlog of
 * offline punches and process memory. Prints a table,
 * writes bench-results.json, and exits non-zero when a target is missed.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createApiClient } from '../src/client';
import { createService } from '../src/server/app';
import { hashSecret } from '../src/server/auth/secrets';
import { openDatabase } from '../src/server/db/openDatabase';
import { employees } from '../src/server/db/schema';
import { parseEnv } from '../src/server/env';
import { createLogger } from '../src/server/logger';
import { createBusiness, ensureUser, issueApiKey } from '../src/server/services/provisioning';
import { createClientTransport } from '../src/offline/clientTransport';
import { KioskDb } from '../src/offline/db';
import { enqueuePunch } from '../src/offline/enqueue';
import { refreshStaff } from '../src/offline/refreshKioskData';
import { syncOutbox } from '../src/offline/syncOutbox';
import { freePort } from '../src/server/testing/postgresCluster';
import { writeBenchmarksMd } from './historyBench/report';

const STAFF = Number(process.env.BENCH_STAFF ?? 200);
const KIOSKS = Number(process.env.BENCH_KIOSKS ?? 8);
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 200);

interface Result {
  name: string;
  value: number;
  unit: string;
  target: number;
  /** 'max': value must not exceed target; 'min': must reach it. */
  kind: 'max' | 'min';
  detail?: string;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function timed<T>(samples: number[], run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const value = await run();
  samples.push(performance.now() - started);
  return value;
}

async function pool<T>(items: readonly T[], concurrency: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next];
        next += 1;
        if (item !== undefined) await run(item);
      }
    }),
  );
}

/** Resident memory of a process, from /proc (Linux). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function startServiceProcess(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DEMO: '1', LOG_LEVEL: 'error' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 120; i += 1) {
    const ready = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGKILL');
  throw new Error('the service did not start');
}

async function stopProcess(child: ChildProcess): Promise<void> {
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The real service as `npm start` runs it: memory after a first start, and in steady use after a restart. */
async function serviceProcessMemory(): Promise<{ firstStartMb: number; steadyMb: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-bench-service-'));
  const port = await freePort();
  try {
    let child = await startServiceProcess(dir, port);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const firstStartMb = rssOf(child.pid ?? 0);
    await stopProcess(child);
    child = await startServiceProcess(dir, port);
    const demo = JSON.parse(readFileSync(join(dir, 'demo.json'), 'utf8')) as { apiKey: string; businessId: number; kioskId: number };
    const headers = { authorization: `Basic ${Buffer.from(`${demo.apiKey}:`).toString('base64')}` };
    for (let i = 0; i < 200; i += 1) {
      await fetch(`http://127.0.0.1:${port}/api/v2/business/${demo.businessId}/kiosk/${demo.kioskId}/staff`, { headers }).then((r) => r.text());
    }
    const steadyMb = rssOf(child.pid ?? 0);
    await stopProcess(child);
    return { firstStartMb, steadyMb };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-bench-'));
  const started = performance.now();
  const opened = await openDatabase(
    process.env.BENCH_DATABASE_URL ? { kind: 'postgres', url: process.env.BENCH_DATABASE_URL } : { kind: 'pglite', dataDir },
  );
  const settings = parseEnv({ LOG_LEVEL: 'silent' });
  const service = createService({ db: opened.db, settings, now: () => new Date(), logger: createLogger('silent') });
  const fetchService: typeof fetch = (input, init) => service.fetch(new Request(input, init));
  const startupMs = performance.now() - started;

  const owner = await ensureUser(opened.db, { email: 'bench@example.test', name: 'Bench', password: 'bench-password' });
  const business = await createBusiness(opened.db, { name: 'Bench', ianaTimeZone: 'Europe/London', owner });
  const apiKey = await issueApiKey(opened.db, owner.id, 'bench');
  const client = createApiClient({ baseUrl: 'http://bench', credentials: () => ({ kind: 'apiKey', key: apiKey }), fetch: fetchService });
  const kiosks: Array<{ id: number }> = [];
  for (let i = 0; i < KIOSKS; i += 1) kiosks.push(await client.kiosks.create(business.id, { name: `Kiosk ${i}`, canAddEmployees: true }));
  const pinHash = await hashSecret('4821');
  const rows = Array.from({ length: STAFF }, (_, i) => ({
    businessId: business.id,
    firstName: `Person${i}`,
    surname: `Bench`,
    isKioskEnabled: true,
    pinHash,
  }));
  const inserted = await opened.db.insert(employees).values(rows).returning({ id: employees.id });
  const ids = inserted.map((r) => r.id);
  const kiosk = { businessId: business.id, kioskId: kiosks[0]!.id };
  const results: Result[] = [];

  // Staff list (the kiosk's home screen refresh).
  const staffSamples: number[] = [];
  for (let i = 0; i < 40; i += 1) await timed(staffSamples, () => client.staff.list(kiosk));
  results.push({ name: `staff list of ${STAFF}, p95`, value: percentile(staffSamples, 95), unit: 'ms', target: 250, kind: 'max' });

  // PIN checks (scrypt: deliberately slow, one at a time per request).
  const pinSamples: number[] = [];
  for (let i = 0; i < 30; i += 1) await timed(pinSamples, () => client.pins.checkPin(kiosk, { employeeId: ids[i % ids.length]!, pin: '4821' }));
  results.push({ name: 'checkpin, p95', value: percentile(pinSamples, 95), unit: 'ms', target: 400, kind: 'max' });

  // Punches from KIOSKS kiosks at once: everyone clocks on, then off.
  const punchSamples: number[] = [];
  const punchStarted = performance.now();
  for (const kind of ['clockOn', 'clockOff'] as const) {
    await pool(ids, KIOSKS, async (employeeId) => {
      const ref = { businessId: business.id, kioskId: kiosks[employeeId % KIOSKS]!.id };
      await timed(punchSamples, () =>
        kind === 'clockOn' ? client.punches.clockOn(ref, { employeeId }, { idempotencyKey: `on-${employeeId}` }) : client.punches.clockOff(ref, { employeeId }),
      );
    });
  }
  const punchSeconds = (performance.now() - punchStarted) / 1000;
  results.push({ name: `punch latency with ${KIOSKS} kiosks, p95`, value: percentile(punchSamples, 95), unit: 'ms', target: 300, kind: 'max' });
  results.push({ name: 'punch throughput', value: punchSamples.length / punchSeconds, unit: 'punch/s', target: 40, kind: 'min', detail: `${punchSamples.length} punches` });

  // Idempotent replays (a kiosk retrying after a lost answer).
  const replaySamples: number[] = [];
  for (const employeeId of ids.slice(0, 40)) {
    await timed(replaySamples, () => client.punches.clockOn({ businessId: business.id, kioskId: kiosks[employeeId % KIOSKS]!.id }, { employeeId }, { idempotencyKey: `on-${employeeId}` }));
  }
  results.push({ name: 'idempotent replay, p95', value: percentile(replaySamples, 95), unit: 'ms', target: 100, kind: 'max' });

  // A kiosk that was offline drains its backlog.
  const db = new KioskDb('bench', { indexedDB: new IDBFactory(), IDBKeyRange });
  const device = await client.device.enrol(kiosk, { name: 'Bench tablet' });
  const deviceClient = createApiClient({ baseUrl: 'http://bench', credentials: () => ({ kind: 'bearer', token: device.token }), fetch: fetchService });
  await refreshStaff(db, deviceClient, kiosk, new Date());
  // Fresh staff: the others just clocked off, so an hour-old clock-on would rightly be refused.
  const backlogRows = await opened.db
    .insert(employees)
    .values(Array.from({ length: Math.ceil(BACKLOG / 2) }, (_, i) => ({ businessId: business.id, firstName: `Offline${i}`, surname: 'Bench', isKioskEnabled: true, pinHash })))
    .returning({ id: employees.id });
  await refreshStaff(db, deviceClient, kiosk, new Date());
  const base = Date.now() - 60 * 60_000;
  for (const [index, { id: employeeId }] of backlogRows.entries()) {
    for (const [kind, at] of [
      ['clockOn', base + index * 1000],
      ['clockOff', base + 30 * 60_000 + index * 1000],
    ] as const) {
      const queuedPunch = await enqueuePunch(db, { employeeId, kioskId: kiosk.kioskId, kind, at: new Date(at), utcOffsetMinutes: 0, now: new Date() });
      if (!queuedPunch.ok) throw new Error(`benchmark set-up: ${kind} refused (${queuedPunch.error.code})`);
    }
  }
  const queued = await db.outbox.count();
  const drainStarted = performance.now();
  const report = await syncOutbox({ db, transport: createClientTransport(deviceClient, kiosk) });
  const drainSeconds = (performance.now() - drainStarted) / 1000;
  results.push({
    name: `offline backlog of ${queued} drained`,
    value: report.delivered / drainSeconds,
    unit: 'entry/s',
    target: 20,
    kind: 'min',
    detail: `${report.delivered} delivered, ${report.attention} attention, ${drainSeconds.toFixed(1)} s`,
  });

  if (!process.env.BENCH_DATABASE_URL) {
    const memory = await serviceProcessMemory();
    results.push({ name: 'service memory after first start (RSS)', value: memory.firstStartMb, unit: 'MB', target: 640, kind: 'max', detail: 'PGlite, demo seeded' });
    results.push({ name: 'service memory, restarted + 200 requests', value: memory.steadyMb, unit: 'MB', target: 420, kind: 'max', detail: 'PGlite' });
  }
  results.push({ name: 'service start-up (open + migrate)', value: startupMs, unit: 'ms', target: 15_000, kind: 'max', detail: opened.kind });
  // The kiosk's first-screen JavaScript is measured by the browser bench (e2e/support/firstScreenScripts.ts).

  await opened.close();
  rmSync(dataDir, { recursive: true, force: true });

  let failed = 0;
  console.log(`\nKiosk Clock benchmark (${opened.kind}, ${STAFF} staff, ${KIOSKS} kiosks)\n`);
  for (const r of results) {
    const ok = r.kind === 'max' ? r.value <= r.target : r.value >= r.target;
    if (!ok) failed += 1;
    const target = `${r.kind === 'max' ? '<=' : '>='} ${r.target}`;
    console.log(`${ok ? 'ok  ' : 'MISS'}  ${r.name.padEnd(42)} ${r.value.toFixed(1).padStart(9)} ${r.unit.padEnd(8)} target ${target.padEnd(9)} ${r.detail ?? ''}`);
  }
  writeFileSync('bench-results.json', `${JSON.stringify({ database: opened.kind, staff: STAFF, kiosks: KIOSKS, results }, null, 2)}\n`);
  writeBenchmarksMd('BENCHMARKS.md', kioskTable(opened.kind, results), 'kiosk-bench');
  if (failed > 0) {
    console.log(`\n${failed} target(s) missed.`);
    process.exitCode = 1;
  }
}

/** The run's table for BENCHMARKS.md. */
function kioskTable(database: string, results: readonly Result[]): string {
  const rows = results.map((r) => {
    const met = r.kind === 'max' ? r.value <= r.target : r.value >= r.target;
    return `| ${r.name} | ${r.value.toFixed(1)} ${r.unit} | ${r.kind === 'max' ? '≤' : '≥'} ${r.target} | ${met ? 'yes' : 'no'} | ${r.detail ?? ''} |`;
  });
  return [
    `Measured by \`npm run bench:kiosk\` (scripts/bench.ts) on ${new Date().toISOString().slice(0, 10)}: ${database}, ${STAFF} staff, ${KIOSKS} kiosks, the service in the bench's own process (load and service share one event loop, so latencies are upper bounds).`,
    '',
    '| Measure | Value | Target | Met | Detail |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
