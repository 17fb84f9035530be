/**
 * `npm run bench` (second part): the service with a real business's history, on PostgreSQL 15.
 *
 * Starts a throw-away PostgreSQL 15 cluster on a loopback port, seeds one business with 10,000
 * employees, 1,000,000 completed clocked shifts (breaks on the long ones, their punches and some
 * notes) and 1,000,000 timesheet lines, and beside it an "empty" business with the same staff and
 * set-up but no history. Runs the compiled service as its own process (`build/server/main.js` with
 * DATABASE_URL) and measures from this process, on each business: punches, checkpin, the staff
 * list, lookupdata and the first page of every list route, with the database's own time per
 * request (pg_stat_statements) and a no-op route as ceilings; the service's peak memory (VmHWM);
 * and punch latency while heavy list requests run concurrently. Prints the table, writes
 * bench-history-results.json and the table into BENCHMARKS.md, exits non-zero on a missed target.
 *
 * Settings: BENCH_HISTORY_STAFF, BENCH_HISTORY_SHIFTS (for a quicker run), POSTGRES_BIN.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { hashSecret } from '../src/server/auth/secrets';
import { basicAuthHeader } from '../src/server/auth/basicAuth';
import type { Database } from '../src/server/db/openDatabase';
import { createBusiness, ensureUser, issueApiKey, type UserRow } from '../src/server/services/businesses/provisioning';
import { freePort, hasPostgres, startPostgres } from '../src/server/testing/postgresCluster';
import { seedHistory, type SeededHistory } from '../src/server/testing/seedHistory';
import { expectOk, loopUntil, sample, summarise, timedRequest, type Caller, type Summary } from './historyBench/load';
import { isMet, markdownTable, printTable, writeBenchmarksMd, type Row, type Target } from './historyBench/report';
import { startServiceProcess, type ServiceProcess } from './historyBench/serviceProcess';
import { createBenchDatabase } from './benchDatabase';

const STAFF = Number(process.env.BENCH_HISTORY_STAFF ?? 10_000);
const SHIFTS = Number(process.env.BENCH_HISTORY_SHIFTS ?? 1_000_000);
const DAYS = 365;
const KIOSKS = 20;
const PIN = '4821';
const SAMPLES = { punchPairs: 40, checkpin: 30, lookup: 30, staff: 10, list: 10, noop: 50 };
const LOAD = { listLoops: 6, punchPairs: 50, pauseMs: 20 };
const EVERYDAY: Target = { kind: 'ratio', max: 1.5 };
const LIST: Target = { kind: 'p95', maxMs: 250 };

interface Business {
  label: 'empty' | 'history';
  id: number;
  seeded: SeededHistory;
  /** Current employees who are off shift, for punches and PIN checks. */
  idle: number[];
}

const Rows = z.object({ rows: z.array(z.record(z.string(), z.unknown())) });
async function query(db: Database, text: ReturnType<typeof sql>): Promise<Array<Record<string, unknown>>> {
  return Rows.parse(await db.execute(text)).rows;
}

/** The database's own time per request for the statements run since the last reset (pg_stat_statements). */
async function databaseMs(db: Database, requests: number): Promise<number> {
  const [row] = await query(
    db,
    sql`SELECT coalesce(sum(total_exec_time + total_plan_time), 0) AS ms FROM pg_stat_statements
        WHERE query NOT ILIKE '%pg_stat_statements%' AND dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  return Number(row?.ms ?? 0) / requests;
}
const resetStatements = (db: Database) => db.execute(sql`SELECT pg_stat_statements_reset()`);

/** The list routes' first pages, as a caller of this business sends them. */
async function listRoutes(db: Database, business: Business): Promise<Array<{ name: string; method: string; path: string; json?: unknown }>> {
  const B = `/api/v2/business/${business.id}`;
  const kioskId = business.seeded.kioskIds[0] ?? 0;
  const employeeId = business.idle[0] ?? 0;
  const [noted] = await query(
    db,
    sql`SELECT s.id, s.kiosk_id FROM clock_shifts s WHERE s.business_id = ${business.id}::integer
        ORDER BY (SELECT count(*) FROM shift_notes n WHERE n.shift_id = s.id) DESC, s.id DESC LIMIT 1`,
  );
  return [
    { name: 'GET B/timesheet', method: 'GET', path: `${B}/timesheet` },
    { name: 'GET B/employee/details', method: 'GET', path: `${B}/employee/details` },
    { name: 'GET B/employee/unstructured', method: 'GET', path: `${B}/employee/unstructured` },
    { name: 'GET B/employee/{id}/location', method: 'GET', path: `${B}/employee/${employeeId}/location` },
    { name: 'GET B/employee/{id}/worktype', method: 'GET', path: `${B}/employee/${employeeId}/worktype` },
    { name: 'GET B/employee/{id}/shiftcondition', method: 'GET', path: `${B}/employee/${employeeId}/shiftcondition` },
    { name: 'GET B/location', method: 'GET', path: `${B}/location` },
    { name: 'GET B/worktype', method: 'GET', path: `${B}/worktype` },
    { name: 'GET B/employeegroup', method: 'GET', path: `${B}/employeegroup` },
    { name: 'GET B/kiosk', method: 'GET', path: `${B}/kiosk` },
    { name: 'GET /api/v2/business', method: 'GET', path: '/api/v2/business' },
    { name: 'GET B/access', method: 'GET', path: `${B}/access` },
    { name: 'GET B/kiosk/{id}/devices', method: 'GET', path: `${B}/kiosk/${kioskId}/devices` },
    { name: 'GET B/kiosk/punches', method: 'GET', path: `${B}/kiosk/punches` },
    { name: 'GET B/kiosk/{id}/shift/{id}/notes', method: 'GET', path: `${B}/kiosk/${String(noted?.kiosk_id)}/shift/${String(noted?.id)}/notes` },
    { name: 'POST B/kiosk/shifts (no dates)', method: 'POST', path: `${B}/kiosk/shifts`, json: {} },
  ];
}

interface PhaseResult {
  rows: Map<string, { summary: Summary; dbMs: number; bytes: number }>;
  peakMb: number;
}

/** Everyday calls and every list route's first page on one business. */
async function measureBusiness(db: Database, service: ServiceProcess, caller: Caller, business: Business): Promise<PhaseResult> {
  service.resetPeak();
  const rows: PhaseResult['rows'] = new Map();
  const B = `/api/v2/business/${business.id}`;
  const kiosk = `${B}/kiosk/${business.seeded.kioskIds[0] ?? 0}`;
  const timed = async (name: string, count: number, call: (i: number) => ReturnType<typeof expectOk>) => {
    await resetStatements(db);
    const summary = await sample(count, call);
    rows.set(name, { summary, dbMs: await databaseMs(db, count), bytes: summary.bytes });
  };
  const employee = (i: number) => business.idle[i % business.idle.length] ?? 0;

  await timed('no-op route (GET /healthz)', SAMPLES.noop, () => expectOk(caller, 'GET', '/healthz'));
  await timed('punch (clock on, clock off)', SAMPLES.punchPairs * 2, (i) =>
    expectOk(caller, 'POST', `${kiosk}/${i % 2 === 0 ? 'clockon' : 'clockoff'}`, { employeeId: employee(Math.floor(i / 2)) }),
  );
  await timed('checkpin', SAMPLES.checkpin, (i) => expectOk(caller, 'POST', `${kiosk}/checkpin`, { employeeId: employee(100 + i), pin: PIN }));
  await timed('lookupdata', SAMPLES.lookup, (i) => expectOk(caller, 'GET', `${kiosk}/lookupdata/${employee(200 + i)}`));
  await timed('staff list (whole)', SAMPLES.staff, () => expectOk(caller, 'GET', `${kiosk}/staff`));
  for (const route of await listRoutes(db, business)) {
    await expectOk(caller, route.method, route.path, route.json); // warm
    await timed(route.name, SAMPLES.list, () => expectOk(caller, route.method, route.path, route.json));
  }
  return { rows, peakMb: service.peakMb() };
}

type Load = ReadonlyArray<readonly ['GET' | 'POST', string]>;

/** The heavy list pages of the concurrent-load phase. */
function heavyPages(business: Business): Load {
  const B = `/api/v2/business/${business.id}`;
  return [
    ['GET', `${B}/timesheet?$top=500`],
    ['POST', `${B}/kiosk/shifts`],
    ['GET', `${B}/kiosk/punches?$top=500`],
    ['GET', `${B}/employee/details?$top=100&$skip=5000`],
    ['GET', `${B}/timesheet?$top=500&$orderby=startTime desc&$filter=units ge 8.5M`],
    ['GET', `${B}/employee/unstructured?$orderby=surname desc`],
  ];
}

/**
 * Punches on the history business while `LOAD.listLoops` loops send `load` without pause; with the
 * no-op route as the load, it shows what the machine alone does to punch latency.
 */
async function punchesUnderLoad(service: ServiceProcess, caller: Caller, business: Business, heavy: Load, firstEmployee: number) {
  service.resetPeak();
  const kiosk = `/api/v2/business/${business.id}/kiosk/${business.seeded.kioskIds[1] ?? 0}`;
  let finished = false;
  const listSamples: number[] = [];
  const lists = loopUntil(LOAD.listLoops, () => finished, async (loop, index) => {
    const [method, path] = heavy[(loop + index) % heavy.length] ?? ['GET', '/healthz'];
    listSamples.push((await expectOk(caller, method, path, method === 'POST' ? {} : undefined)).ms);
  });
  const punchSamples: number[] = [];
  try {
    await new Promise((resolve) => setTimeout(resolve, 500)); // let the list load build up
    for (let i = 0; i < LOAD.punchPairs * 2; i += 1) {
      const employeeId = business.idle[firstEmployee + Math.floor(i / 2)] ?? 0;
      punchSamples.push((await expectOk(caller, 'POST', `${kiosk}/${i % 2 === 0 ? 'clockon' : 'clockoff'}`, { employeeId })).ms);
      await new Promise((resolve) => setTimeout(resolve, LOAD.pauseMs));
    }
  } finally {
    finished = true;
  }
  await lists;
  return { punches: summarise(punchSamples), lists: summarise(listSamples), peakMb: service.peakMb() };
}

async function seedBusiness(db: Database, owner: UserRow, label: Business['label'], shifts: number, pinHash: string): Promise<Business> {
  const business = await createBusiness(db, { name: `Bench ${label}`, ianaTimeZone: 'Europe/London', owner });
  const seeded = await seedHistory(db, { businessId: business.id, employees: STAFF, shifts, days: DAYS, kiosks: KIOSKS, now: new Date(), pinHash, ianaTimeZone: 'Europe/London', kiosksAtSites: false });
  const idle = (
    await query(db, sql`SELECT id FROM employees WHERE business_id = ${business.id}::integer AND end_date IS NULL AND attendance_status = 'NotClockedOn' ORDER BY id LIMIT 500`)
  ).map((row) => Number(row.id));
  return { label, id: business.id, seeded, idle };
}

async function main() {
  if (!hasPostgres()) throw new Error('The history benchmark needs PostgreSQL 15 (set POSTGRES_BIN or install postgresql-15).');
  const started = performance.now();
  const cluster = await startPostgres([
    'max_wal_size=4GB',
    'checkpoint_timeout=30min',
    'shared_preload_libraries=pg_stat_statements',
    'pg_stat_statements.track_planning=on',
  ]);
  let service: ServiceProcess | null = null;
  try {
    const { url, opened } = await createBenchDatabase(cluster);
    const db = opened.db;

    const seedStarted = performance.now();
    const owner = await ensureUser(db, { email: 'bench-owner@example.test', name: 'Bench owner' });
    const caller: Caller = { baseUrl: '', authorization: basicAuthHeader(await issueApiKey(db, owner.id, 'bench')) };
    const pinHash = await hashSecret(PIN);
    const empty = await seedBusiness(db, owner, 'empty', 0, pinHash);
    const history = await seedBusiness(db, owner, 'history', SHIFTS, pinHash);
    await db.execute(sql`VACUUM ANALYZE`);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(`seeded ${STAFF} staff twice and ${SHIFTS} shifts and lines in ${seedSeconds.toFixed(0)} s`);

    service = await startServiceProcess(url, await freePort());
    caller.baseUrl = service.baseUrl;
    await timedRequest(caller, 'GET', '/healthz');
    const startedMb = service.residentMb();
    // Warm up (JIT, connections) on both businesses, so the first phase measured is not the coldest.
    for (const business of [empty, history]) {
      const kiosk = `/api/v2/business/${business.id}/kiosk/${business.seeded.kioskIds[0] ?? 0}`;
      for (let i = 0; i < 20; i += 1) await expectOk(caller, 'GET', '/healthz');
      for (let i = 0; i < 3; i += 1) await expectOk(caller, 'GET', `${kiosk}/staff`);
      for (let i = 0; i < 5; i += 1) await expectOk(caller, 'GET', `${kiosk}/lookupdata/${business.idle[450 + i] ?? 0}`);
      for (let i = 0; i < 5; i += 1) await expectOk(caller, 'POST', `${kiosk}/checkpin`, { employeeId: business.idle[450 + i] ?? 0, pin: PIN });
    }
    const onEmpty = await measureBusiness(db, service, caller, empty);
    const onHistory = await measureBusiness(db, service, caller, history);
    const underLoad = await punchesUnderLoad(service, caller, history, heavyPages(history), 300);
    const underNoop = await punchesUnderLoad(service, caller, history, [['GET', '/healthz']], 400);
    await opened.close();

    const rows: Row[] = [];
    for (const [name, result] of onHistory.rows) {
      const everyday = ['punch (clock on, clock off)', 'checkpin', 'staff list (whole)', 'lookupdata'].includes(name);
      rows.push({
        name,
        empty: onEmpty.rows.get(name)?.summary ?? null,
        history: result.summary,
        dbMs: result.dbMs,
        bytes: result.bytes,
        target: everyday ? EVERYDAY : name.startsWith('no-op') ? { kind: 'none' } : LIST,
      });
    }
    rows.push({ name: `punch while ${LOAD.listLoops} loops request heavy pages`, empty: null, history: underLoad.punches, target: { kind: 'max', maxMs: 100 } });
    rows.push({ name: `  (the heavy pages meanwhile: ${underLoad.lists.count})`, empty: null, history: underLoad.lists, target: { kind: 'none' } });
    rows.push({ name: `punch while ${LOAD.listLoops} loops request the no-op route`, empty: null, history: underNoop.punches, target: { kind: 'none' } });
    rows.push({ name: `  (the no-op requests meanwhile: ${underNoop.lists.count})`, empty: null, history: underNoop.lists, target: { kind: 'none' } });
    const memory = { startedMb, emptyPhaseMb: onEmpty.peakMb, historyPhaseMb: onHistory.peakMb, underLoadMb: underLoad.peakMb };
    const totalSeconds = (performance.now() - started) / 1000;
    // The machine's load while measuring: figures from a shared, busy machine are upper bounds.
    const load = `${cpus().length} CPUs, load average ${loadavg().map((n) => n.toFixed(1)).join(' / ')} (1 / 5 / 15 min) at the end`;

    printTable(rows);
    console.log(
      `\nservice memory: ${memory.startedMb.toFixed(0)} MB resident when ready; peak (VmHWM) ${memory.emptyPhaseMb.toFixed(0)} MB in the empty phase, ` +
        `${memory.historyPhaseMb.toFixed(0)} MB in the history phase, ${memory.underLoadMb.toFixed(0)} MB under the heavy list load`,
    );
    console.log(`total ${totalSeconds.toFixed(0)} s (seeding ${seedSeconds.toFixed(0)} s); ${load}`);
    const generated = [
      `Measured by \`npm run bench\` (scripts/benchHistory.ts) on ${new Date().toISOString().slice(0, 10)}: PostgreSQL 15, ${STAFF.toLocaleString('en')} employees, ` +
        `${SHIFTS.toLocaleString('en')} clocked shifts and as many timesheet lines in the history business; the empty business has the same staff and set-up and no history. ` +
        `Latencies in ms from a separate process over loopback (p50 / p95); DB time is the database's own time per request (pg_stat_statements, planning + execution).`,
      '',
      markdownTable(rows),
      '',
      `Service memory: ${memory.startedMb.toFixed(0)} MB resident when ready; peak (VmHWM of the service process) ${memory.emptyPhaseMb.toFixed(0)} MB during the empty-business phase, ` +
        `${memory.historyPhaseMb.toFixed(0)} MB during the history phase, ${memory.underLoadMb.toFixed(0)} MB under the concurrent list load.`,
      '',
      `Run time: ${totalSeconds.toFixed(0)} s in all, of which seeding ${seedSeconds.toFixed(0)} s. Machine: ${load}.`,
    ].join('\n');
    writeBenchmarksMd('BENCHMARKS.md', generated);
    writeFileSync('bench-history-results.json', `${JSON.stringify({ staff: STAFF, shifts: SHIFTS, seedSeconds, totalSeconds, load, memory, rows }, null, 2)}\n`);
    const missed = rows.filter((row) => isMet(row) === false);
    if (missed.length > 0) {
      console.log(`\n${missed.length} history target(s) missed: ${missed.map((row) => row.name).join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    await service?.stop();
    cluster.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
