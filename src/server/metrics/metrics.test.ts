/**
 * /metrics through the real app (server.ts around app.ts, on the suite's database): off it is a
 * 404 even where the kiosk app's shell answers every other path; on, it shows requests by route
 * template and status class, punches by kind and source (replays not counted), the mail and web
 * hook backlogs read at scrape time, the database kind, and Node's default process metrics.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../server';
import { createTenant, enrolDeviceAuth, type Tenant } from '../testing/fixtures';
import { selfServiceAuth } from '../testing/selfServiceFixture';
import { startTestService, type TestService } from '../testing/testService';
import { insertRegistration } from '../testing/webhookFixture';
import { readSample } from './promText';
import { createServiceMetrics, type ServiceMetrics } from './serviceMetrics';

let t: TestService;
let staticRoot: string;
let metrics: ServiceMetrics;
let withMetrics: (request: Request) => Promise<Response>;
let withoutMetrics: (request: Request) => Promise<Response>;
beforeAll(async () => {
  t = await startTestService();
  staticRoot = mkdtempSync(join(tmpdir(), 'kiosk-metrics-app-'));
  writeFileSync(join(staticRoot, 'index.html'), '<!doctype html><title>Kiosk Clock</title>');
  const deps = { db: t.db, settings: t.settings, now: () => t.clock.now(), logger: t.logger };
  metrics = createServiceMetrics({ db: t.db, databaseKind: t.kind });
  withMetrics = createServer(
    { ...deps, metrics },
    { staticRoot, metrics: { scrape: () => metrics.registry.metrics(), contentType: metrics.registry.contentType } },
  ).fetch;
  withoutMetrics = createServer(deps, { staticRoot }).fetch;
});
afterAll(async () => {
  rmSync(staticRoot, { recursive: true, force: true });
  await t.close();
});

async function send(fetch: (request: Request) => Promise<Response>, method: string, path: string, auth?: string, json?: unknown, key?: string) {
  const headers: Record<string, string> = {};
  if (auth) headers.authorization = auth;
  if (key) headers['idempotency-key'] = key;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(new Request(`http://127.0.0.1${path}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) }));
  return { status: response.status, text: await response.text(), headers: response.headers };
}

async function scrape(): Promise<string> {
  const answer = await send(withMetrics, 'GET', '/metrics');
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toContain('text/plain');
  return answer.text;
}

describe('/metrics', () => {
  it('is a 404 when METRICS is off, not the kiosk app shell', async () => {
    const off = await send(withoutMetrics, 'GET', '/metrics');
    expect(off.status).toBe(404);
    expect(off.text).not.toContain('<title>');
    // The shell still answers other paths, so the 404 is /metrics's own.
    expect((await send(withoutMetrics, 'GET', '/some/screen')).status).toBe(200);
  });

  it('counts punches by kind and source, requests by route template and status class, and the backlogs', async () => {
    t.clock.real();
    const tenant: Tenant = await createTenant(t, { employees: 3 });
    const device = await enrolDeviceAuth(t, tenant);
    const [a, b, c] = tenant.employees.map((employee) => employee.id);
    const punch = (kind: string, employeeId: number | undefined, key?: string) =>
      send(withMetrics, 'POST', `${tenant.kiosk}/${kind}`, device, { employeeId }, key);
    // Someone listens for web hooks: each punch leaves a delivery (no sender runs here).
    await insertRegistration(t, tenant);
    const before = await scrape();
    const punchesBefore = (kind: string, source: string) => readSample(before, 'kiosk_punches_total', { kind, source }) ?? 0;

    for (const kind of ['clockon', 'startbreak', 'endbreak', 'clockoff']) expect((await punch(kind, a)).status).toBe(200);
    expect((await punch('clockon', b, 'metrics-key-1')).status).toBe(200);
    expect((await punch('clockon', b, 'metrics-key-1')).headers.get('idempotent-replayed')).toBe('true');
    expect((await punch('discard', b)).status).toBe(200);
    expect((await punch('clockoff', b)).status).toBe(409);
    // Self-service: the employee's own account (the invitation leaves a mail in the outbox).
    const self = await selfServiceAuth(t, tenant, c!);
    expect((await send(withMetrics, 'POST', `/api/v2/ess/${c}/timeandattendance/clockon`, self.auth, {})).status).toBe(200);
    expect((await send(withMetrics, 'GET', '/livez')).status).toBe(200);

    const text = await scrape();
    const punches = (kind: string, source: string) => (readSample(text, 'kiosk_punches_total', { kind, source }) ?? 0) - punchesBefore(kind, source);
    expect(punches('clockOn', 'kiosk')).toBe(2);
    for (const kind of ['startBreak', 'endBreak', 'clockOff', 'discard']) expect(punches(kind, 'kiosk')).toBe(1);
    expect(punches('clockOn', 'self_service')).toBe(1);

    const clockOn = '/api/v2/business/:businessId/kiosk/:kioskId/clockon';
    const count = (route: string, statusClass: string, method = 'POST') =>
      readSample(text, 'kiosk_http_request_duration_seconds_count', { method, route, status_class: statusClass });
    expect(count(clockOn, '2xx')).toBe(3);
    expect(count('/api/v2/business/:businessId/kiosk/:kioskId/clockoff', '4xx')).toBe(1);
    expect(count('/livez', '2xx', 'GET')).toBe(1);
    expect(readSample(text, 'kiosk_http_request_duration_seconds_bucket', { method: 'POST', route: clockOn, status_class: '2xx', le: '+Inf' })).toBe(3);
    // Templates only: no raw path with a business, kiosk or employee id becomes a label.
    const routes = [...text.matchAll(/route="([^"]*)"/g)].map((match) => match[1] ?? '');
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.filter((route) => /\/\d+(\/|$)/.test(route))).toEqual([]);

    expect(readSample(text, 'kiosk_mail_outbox_messages', { state: 'pending' })).toBeGreaterThanOrEqual(1);
    expect(readSample(text, 'kiosk_mail_outbox_messages', { state: 'given_up' })).toBe(0);
    expect(readSample(text, 'kiosk_webhook_deliveries_pending', {})).toBeGreaterThanOrEqual(6);
    expect(readSample(text, 'kiosk_database_info', { kind: t.kind })).toBe(1);
    expect(readSample(text, 'process_cpu_user_seconds_total', {})).toBeGreaterThan(0);
    expect(readSample(text, 'nodejs_heap_size_used_bytes', {})).toBeGreaterThan(0);
  });

  it('labels requests that match no route as unmatched', async () => {
    expect((await send(withMetrics, 'GET', '/api/v2/no/such/route/42')).status).toBe(404);
    expect(readSample(await scrape(), 'kiosk_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_class: '4xx' })).toBe(1);
  });
});
