/**
 * The test harness itself: the shared service's demo data reaches tests as `demo`, and
 * startService() gives a spec an isolated service (own port, own fresh database) that stop()
 * ends by PID and cleans up.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { startService } from './support/serviceProcess';

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

test('startService() runs an isolated service and stop() removes it', async ({ baseURL }) => {
  test.setTimeout(120_000);
  const isolated = await startService({ label: 'harness' });
  let stopped = false;
  try {
    expect(isolated.baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(isolated.baseURL).not.toBe(baseURL);
    expect(isolated.demo).toBeNull();
    expect(existsSync(join(isolated.dataDir, 'demo.json'))).toBe(false);
    const health = await fetch(`${isolated.baseURL}/healthz`);
    expect(health.status).toBe(200);
    const shell = await fetch(`${isolated.baseURL}/`);
    expect(await shell.text()).toContain('<title>Kiosk Clock</title>');

    await isolated.stop();
    stopped = true;
    expect(isRunning(isolated.pid)).toBe(false);
    expect(existsSync(isolated.dataDir)).toBe(false);
  } finally {
    if (!stopped) await isolated.stop();
  }
});
