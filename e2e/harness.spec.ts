/**
 * The test harness itself: the shared service's demo data reaches tests as `demo`, and
 * startService() gives a spec an isolated service (own port, own fresh database) that stop()
 * ends by PID and cleans up (its data dir, and its database in the run's PostgreSQL); the accessibility gate fails on a serious violation, in a frame too,
 * on its first scan of a page and on a later one (which reuses the axe-core already injected).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { expectNoSeriousA11yViolations } from './support/axe';
import { clusterQuery, runCluster } from './support/serviceDatabase';
import { startService } from './support/serviceProcess';

/** Whether the cluster holds the database `url` names. */
async function databaseExists(cluster: string, url: string | null): Promise<boolean> {
  const name = url ? new URL(url).pathname.slice(1) : '';
  const rows = await clusterQuery(cluster, 'select 1 from pg_database where datname = $1', [name]);
  return rows.length === 1;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('the shared service exposes its demo data to tests', async ({ demo, baseURL, request }) => {
  expect(demo.baseUrl).toBe(baseURL);
  expect(demo.businessId).toBeGreaterThan(0);
  expect(demo.kioskId).toBeGreaterThan(0);
  expect(demo.staff.length).toBeGreaterThan(0);
  for (const member of demo.staff) expect(member.pin).toMatch(/^\d{4,}$/);

  const health = await request.get('/healthz');
  expect(health.status()).toBe(200);
});

test('startService() runs an isolated service and stop() removes it', async ({ baseURL, workerService }) => {
  test.setTimeout(120_000);
  const isolated = await startService({ label: 'harness' });
  const cluster = runCluster();
  let stopped = false;
  try {
    expect(isolated.baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(isolated.baseURL).not.toBe(baseURL);
    expect(isolated.demo).toBeNull();
    expect(existsSync(join(isolated.dataDir, 'demo.json'))).toBe(false);
    // On the run's PostgreSQL (unless the run is on PGlite), in a database of its own.
    expect(isolated.databaseURL !== null, `databaseURL ${String(isolated.databaseURL)}`).toBe(cluster !== null);
    if (cluster) {
      expect(isolated.databaseURL).not.toBe(workerService.databaseURL);
      expect(await databaseExists(cluster, isolated.databaseURL)).toBe(true);
    }
    const health = await fetch(`${isolated.baseURL}/healthz`);
    expect(health.status).toBe(200);
    const shell = await fetch(`${isolated.baseURL}/`);
    expect(await shell.text()).toContain('<title>Kiosk Clock</title>');

    await isolated.stop();
    stopped = true;
    expect(isRunning(isolated.pid)).toBe(false);
    expect(existsSync(isolated.dataDir)).toBe(false);
    if (cluster) expect(await databaseExists(cluster, isolated.databaseURL), 'its database is dropped').toBe(false);
  } finally {
    if (!stopped) await isolated.stop();
  }
});

test('a service started at a chosen instant keeps that clock, moves it on request, and keeps it over a restart', async () => {
  test.setTimeout(120_000);
  const service = await startService({ label: 'clock', clockAt: '2026-03-28T23:59:00Z' });
  try {
    const started = await service.clock.now();
    expect(started.getTime() - Date.parse('2026-03-28T23:59:00Z')).toBeGreaterThanOrEqual(0);
    expect(started.getTime() - Date.parse('2026-03-28T23:59:00Z')).toBeLessThan(60_000);
    const ready = await fetch(`${service.baseURL}/readyz`);
    const readyTime = Date.parse(((await ready.json()) as { time: string }).time);
    expect(readyTime - started.getTime()).toBeLessThan(60_000);
    expect(Date.parse((await fetch(`${service.baseURL}/api/v2/openapi.json`)).headers.get('date') ?? '')).toBeLessThan(Date.parse('2026-03-29T00:01:00Z'));

    const moved = await service.clock.advance(24 * 60 * 60_000);
    expect(moved.toISOString().slice(0, 10)).toBe('2026-03-29');
    await service.restart();
    expect((await service.clock.now()).toISOString().slice(0, 10)).toBe('2026-03-29');
    const real = await service.clock.real();
    expect(Math.abs(real.getTime() - Date.now())).toBeLessThan(60_000);
  } finally {
    await service.stop();
  }
});

test('the clocks fixture sets the browser and the shared service to one instant', async ({ page, clocks, serviceURL }) => {
  await clocks.set('2026-10-25T00:30:00Z');
  await page.goto('/');
  const pageNow = await page.evaluate(() => Date.now());
  const serviceNow = (await clocks.now()).getTime();
  expect(Math.abs(pageNow - serviceNow)).toBeLessThan(30_000);
  expect(new Date(pageNow).toISOString().slice(0, 13)).toBe('2026-10-25T00');
  await clocks.forward(2 * 60 * 60_000);
  expect(new Date(await page.evaluate(() => Date.now())).toISOString().slice(0, 13)).toBe('2026-10-25T02');
  expect((await clocks.now()).toISOString().slice(0, 13)).toBe('2026-10-25T02');
  expect((await fetch(`${serviceURL}/_test/clock`)).status).toBe(200);
});

test('after a test that moved them, the shared service is on real time again', async ({ serviceURL }) => {
  const reading = (await (await fetch(`${serviceURL}/_test/clock`)).json()) as { now: string };
  expect(Math.abs(Date.parse(reading.now) - Date.now())).toBeLessThan(60_000);
});

test('the accessibility gate fails on a serious violation, in the page or a frame, scan after scan', async ({ page }) => {
  const gate = () => expectNoSeriousA11yViolations(page, 'a probe page').then(() => '', (error: Error) => error.message);
  await page.setContent('<html lang="en"><head><title>probe</title></head><body><main><h1>Probe</h1><button></button></main></body></html>');
  expect(await gate()).toContain('button-name');
  expect(await gate(), 'a second scan of the same document').toContain('button-name');
  await page.setContent('<html lang="en"><head><title>probe</title></head><body><main><h1>Probe</h1><iframe title="inner" srcdoc="<main><button></button></main>"></iframe></main></body></html>');
  expect(await gate(), 'a violation inside a frame').toContain('button-name');
  await page.setContent('<html lang="en"><head><title>probe</title></head><body><main><h1>Probe</h1><button>Fine</button></main></body></html>');
  expect(await gate(), 'a clean page').toBe('');
});
