/**
 * Web hook delivery through the real app and database to a loopback receiver: signed envelopes in
 * order with the registration's headers and properties; a failing and a hanging receiver (each
 * event later, once, in order); a restart and an abandoned claim; a paused registration; a
 * redirect not followed; a name resolving to loopback refused without the setting; a refused
 * punch raising nothing. The worker runs by hand on the test clock (no real waits but the 300 ms
 * timeout configured here).
 */
import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature, type WebhookEvent } from '../../domain/webhooks';
import { createService } from '../app';
import { webhookDeliveries, webhookEvents, webhookRegistrations } from '../db/schema';
import { recordTestEvent } from '../services/webhooks/webhookEvents';
import { createTenant, type Tenant } from '../testing/fixtures';
import { sendRequest, startTestService, type TestService } from '../testing/testService';
import { insertRegistration, type RegistrationOptions } from '../testing/webhookFixture';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhookReceiver';
import { claimDueHeads } from './deliverWebhooks';
import { startWebhookDelivery, type WebhookDelivery } from './startWebhookDelivery';

/**
 * The sender's timeout. The hanging receiver waits it out in real time, so it is short, but not so
 * short that a receiver on a busy machine misses it: at 300 ms, a redirect test under heavy load
 * timed out before the receiver had even read the request.
 */
const TIMEOUT_MS = 2_000;
const MINUTE = 60_000;

let t: TestService;
const open: { receivers: WebhookReceiver[]; workers: WebhookDelivery[] } = { receivers: [], workers: [] };

beforeAll(async () => {
  t = await startTestService({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: '1', WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) });
});
afterEach(async () => {
  for (const worker of open.workers.splice(0)) await worker.stop();
  for (const receiver of open.receivers.splice(0)) await receiver.close();
  // This file's database is its own: each test starts with no registration (their deliveries go with them).
  await t.db.delete(webhookRegistrations);
});
afterAll(() => t.close());

async function receiver(answer?: Parameters<typeof startWebhookReceiver>[0]): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver(answer);
  open.receivers.push(started);
  return started;
}

/** A worker driven by hand on the test clock. */
function worker(allowPrivate = true): WebhookDelivery {
  const started = startWebhookDelivery({ db: t.db, logger: t.logger, timeoutMs: TIMEOUT_MS, allowPrivate, now: () => t.clock.now(), manual: true });
  open.workers.push(started);
  return started;
}

type Registered = Awaited<ReturnType<typeof insertRegistration>>;

function register(tenant: Tenant, url: string, options: Omit<RegistrationOptions, 'url'> = {}): Promise<Registered> {
  return insertRegistration(t, tenant, { ...options, url });
}

async function punch(tenant: Tenant, op: string, employeeId: number, expected = 200) {
  const res = await t.request('POST', `${tenant.kiosk}/${op}`, { auth: tenant.manager.auth, json: { employeeId } });
  expect(res.status, `${op}: ${res.text}`).toBe(expected);
  return res;
}

function actionsOf(received: WebhookReceiver['received']): WebhookEvent[] {
  return received.map((r) => r.envelope.Notifications[0]?.Action as WebhookEvent);
}

async function deliveriesOf(pk: number) {
  return t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.registrationPk, pk)).orderBy(webhookDeliveries.id);
}

describe('web hook delivery', () => {
  it('sends signed envelopes in order, with the Action names, properties echoed and the custom headers', async () => {
    t.clock.set('2026-11-02T08:00:00Z');
    const tenant = await createTenant(t, { employees: 1 });
    const employeeId = tenant.employees[0]!.id;
    const hook = await receiver();
    const registration = await register(tenant, `${hook.origin}/hooks/kiosk?from=test`, {
      headers: { 'X-Api-Key': 'k-123', 'x-lower-Mixed': 'kept' },
      properties: { tenant: 'acme', nested: { n: 1 } },
    });
    await punch(tenant, 'clockon', employeeId);
    t.clock.advance(60 * MINUTE);
    await punch(tenant, 'startbreak', employeeId);
    t.clock.advance(30 * MINUTE);
    await punch(tenant, 'endbreak', employeeId);
    t.clock.advance(60 * MINUTE);
    await punch(tenant, 'clockoff', employeeId);

    expect(await worker().runNow()).toEqual({ delivered: 5, failed: 0, gaveUp: 0 });
    // A clock-off's line is written inside the clock-off: its TimesheetCreated follows the ClockOff.
    expect(actionsOf(hook.received)).toEqual(['ClockOn', 'StartBreak', 'EndBreak', 'ClockOff', 'TimesheetCreated']);
    for (const got of hook.received) {
      expect(await verifySignature(got.body, registration.secret, got.headers['ms-signature'] as string)).toBe(true);
      expect(await verifySignature(got.body, 'another secret', got.headers['ms-signature'] as string)).toBe(false);
      expect(got.path).toBe('/hooks/kiosk?from=test');
      expect(got.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(got.headers['user-agent']).toMatch(/KioskClock/);
      expect(got.headerNames).toEqual(expect.arrayContaining(['X-Api-Key', 'x-lower-Mixed']));
      expect(got.headers['x-api-key']).toBe('k-123');
      expect(got.envelope).toMatchObject({ Attempt: 1, Properties: { tenant: 'acme', nested: { n: 1 } } });
      expect(got.envelope.Notifications).toHaveLength(1);
      expect(got.body).not.toContain(registration.secret);
    }
    expect(new Set(hook.received.map((r) => r.envelope.Id)).size).toBe(5);
    const [clockOn] = hook.received;
    expect(clockOn?.envelope.Notifications[0]).toMatchObject({
      Action: 'ClockOn',
      businessId: tenant.businessId,
      kioskId: tenant.kioskId,
      employeeId,
      timeUtc: '2026-11-02T08:00:00.000Z',
      employee: { status: 'ClockedOn' },
    });
    expect(hook.received[3]?.envelope.Notifications[0]).toMatchObject({ Action: 'ClockOff', employee: { status: 'ClockedOff' } });
    expect(hook.received[4]?.envelope.Notifications[0]).toMatchObject({ Action: 'TimesheetCreated', timesheetLine: { employeeId, status: 'Submitted' } });
    const rows = await deliveriesOf(registration.pk);
    expect(rows.every((row) => row.deliveredAt !== null && row.lastStatus === 200 && row.attempts === 1 && row.claimedUntil === null)).toBe(true);
    // Nothing more to send.
    expect(await worker().runNow()).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
  });

  it('keeps a failing or hanging receiver\'s events: each arrives later, once, in order', async () => {
    t.clock.set('2026-11-03T08:00:00Z');
    const tenant = await createTenant(t, { employees: 1 });
    const employeeId = tenant.employees[0]!.id;
    // 500, 500, no answer (past the timeout), then fine.
    const hook = await receiver((n) => (n < 2 ? 500 : n === 2 ? 'hang' : 200));
    const registration = await register(tenant, `${hook.origin}/hook`, { filters: ['ClockOn', 'StartBreak', 'ClockOff'] });
    await punch(tenant, 'clockon', employeeId);
    await punch(tenant, 'startbreak', employeeId);
    await punch(tenant, 'clockoff', employeeId);
    const run = worker();

    expect(await run.runNow()).toEqual({ delivered: 0, failed: 1, gaveUp: 0 });
    // Not due yet: the head waits, and nothing behind it overtakes it.
    expect(await run.runNow()).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
    t.clock.advance(MINUTE);
    expect(await run.runNow()).toEqual({ delivered: 0, failed: 1, gaveUp: 0 });
    t.clock.advance(2 * MINUTE - 1);
    expect(await run.runNow()).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
    t.clock.advance(1);
    const started = Date.now();
    expect(await run.runNow()).toEqual({ delivered: 0, failed: 1, gaveUp: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    const [head] = await deliveriesOf(registration.pk);
    expect(head).toMatchObject({ attempts: 3, lastStatus: null, deliveredAt: null });
    expect(head?.lastError).toMatch(/timed out/);
    expect(head?.nextAttemptAt?.toISOString()).toBe(new Date(t.clock.now().getTime() + 4 * MINUTE).toISOString());
    t.clock.advance(4 * MINUTE);
    expect(await run.runNow()).toEqual({ delivered: 3, failed: 0, gaveUp: 0 });

    expect(actionsOf(hook.received)).toEqual(['ClockOn', 'ClockOn', 'ClockOn', 'ClockOn', 'StartBreak', 'ClockOff']);
    expect(hook.received.slice(0, 4).map((r) => r.envelope.Attempt)).toEqual([1, 2, 3, 4]);
    expect(new Set(hook.received.slice(0, 4).map((r) => r.envelope.Id)).size).toBe(1);
    const accepted = hook.accepted();
    expect(actionsOf(accepted)).toEqual(['ClockOn', 'StartBreak', 'ClockOff']);
    expect(new Set(accepted.map((r) => r.envelope.Id)).size).toBe(3);
    expect((await deliveriesOf(registration.pk)).map((d) => [d.attempts, d.lastStatus, d.lastError])).toEqual([
      [4, 200, null],
      [1, 200, null],
      [1, 200, null],
    ]);
  });

  it('gives a delivery up after the retry window, then sends the next', async () => {
    t.clock.set('2026-11-04T08:00:00Z');
    const tenant = await createTenant(t, { employees: 1 });
    const employeeId = tenant.employees[0]!.id;
    let failing = true;
    const hook = await receiver(() => (failing ? 503 : 200));
    const registration = await register(tenant, `${hook.origin}/hook`, { filters: ['ClockOn', 'ClockOff'] });
    await punch(tenant, 'clockon', employeeId);
    await punch(tenant, 'clockoff', employeeId);
    const run = worker();
    // Bounded: 1, 2, 4... minutes, then hourly for 25 hours is well under 40 attempts.
    for (let i = 0; i < 40; i += 1) {
      const [head] = await deliveriesOf(registration.pk);
      if (head?.gaveUpAt) break;
      if (head?.nextAttemptAt) t.clock.set(head.nextAttemptAt);
      await run.runNow();
    }
    const [first, second] = await deliveriesOf(registration.pk);
    expect(first?.gaveUpAt).not.toBeNull();
    expect(first?.lastError).toMatch(/^gave up after \d+ attempts: HTTP 503$/);
    expect(first!.gaveUpAt!.getTime() - first!.firstAttemptAt!.getTime()).toBeGreaterThan(24 * 60 * MINUTE);
    // The next delivery became the head at once (and failed, the receiver still down).
    expect(second).toMatchObject({ attempts: 1, deliveredAt: null });
    failing = false;
    t.clock.advance(MINUTE);
    expect(await run.runNow()).toEqual({ delivered: 1, failed: 0, gaveUp: 0 });
    expect(actionsOf(hook.accepted())).toEqual(['ClockOff']);
    expect(hook.accepted()[0]?.envelope.Attempt).toBe(2);
  });

  it('two workers at once never send one registration\'s deliveries concurrently, nor twice, nor out of order', async () => {
    t.clock.set('2026-11-04T20:00:00Z');
    const tenant = await createTenant(t, { employees: 2 });
    const [ada, ben] = tenant.employees.map((e) => e.id);
    const slow = await receiver(() => ({ status: 200, afterMs: 40 }));
    const other = await receiver(() => ({ status: 200, afterMs: 40 }));
    await register(tenant, `${slow.origin}/hook`, { filters: ['ClockOn', 'StartBreak', 'EndBreak', 'ClockOff'] });
    await register(tenant, `${other.origin}/hook`, { filters: ['ClockOn', 'ClockOff'] });
    for (const op of ['clockon', 'startbreak', 'endbreak', 'clockoff']) {
      await punch(tenant, op, ada!);
      await punch(tenant, op, ben!);
    }
    const [a, b] = [worker(), worker()];
    const counts = await Promise.all([a.runNow(), b.runNow(), a.runNow(), b.runNow()]);
    expect(counts.reduce((sum, c) => sum + c.delivered, 0)).toBe(12);
    expect(slow.maxInFlight).toBe(1);
    expect(other.maxInFlight).toBe(1);
    const order = (hook: WebhookReceiver) => hook.received.map((r) => `${String(r.envelope.Notifications[0]?.employeeId)}:${r.envelope.Notifications[0]?.Action}`);
    expect(order(slow)).toEqual(['ClockOn', 'StartBreak', 'EndBreak', 'ClockOff'].flatMap((action) => [`${ada}:${action}`, `${ben}:${action}`]));
    expect(order(other)).toEqual(['ClockOn', 'ClockOff'].flatMap((action) => [`${ada}:${action}`, `${ben}:${action}`]));
  });

  it('delivers what was pending when the service stopped, from a new service on the same database, and takes over an abandoned claim', async () => {
    t.clock.set('2026-11-05T08:00:00Z');
    const tenant = await createTenant(t, { employees: 1 });
    const employeeId = tenant.employees[0]!.id;
    let up = false;
    const hook = await receiver(() => (up ? 200 : 503));
    const registration = await register(tenant, `${hook.origin}/hook`, { filters: ['ClockOn', 'ClockOff'] });
    const first = worker();
    await punch(tenant, 'clockon', employeeId);
    expect(await first.runNow()).toMatchObject({ failed: 1 });
    await first.stop();
    // A worker that claimed the head and died before sending: its lease holds the head, then runs out.
    t.clock.advance(MINUTE);
    expect(await claimDueHeads(t.db, t.clock.now(), TIMEOUT_MS + MINUTE, 8)).toHaveLength(1);

    // A new service on the same database, with its own worker.
    const second = createService({ db: t.db, settings: t.settings, now: () => t.clock.now(), logger: t.logger });
    const res = await sendRequest(second, 'POST', `${tenant.kiosk}/clockoff`, { auth: tenant.manager.auth, json: { employeeId } });
    expect(res.status, res.text).toBe(200);
    up = true;
    const next = worker();
    expect(await next.runNow()).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
    t.clock.advance(TIMEOUT_MS + MINUTE);
    expect(await next.runNow()).toEqual({ delivered: 2, failed: 0, gaveUp: 0 });
    expect(actionsOf(hook.accepted())).toEqual(['ClockOn', 'ClockOff']);
    // Attempt 1 failed, attempt 2 was the abandoned claim, attempt 3 went.
    expect(hook.accepted()[0]?.envelope.Attempt).toBe(3);
    expect((await deliveriesOf(registration.pk)).every((d) => d.deliveredAt !== null)).toBe(true);
  });

  it('holds a paused registration\'s deliveries, uncounted, and sends them all in order once resumed', async () => {
    t.clock.set('2026-11-06T08:00:00Z');
    const tenant = await createTenant(t, { employees: 1 });
    const employeeId = tenant.employees[0]!.id;
    const hook = await receiver();
    const registration = await register(tenant, `${hook.origin}/hook`, { filters: ['ClockOn', 'StartBreak', 'EndBreak', 'ClockOff'], isPaused: true });
    await punch(tenant, 'clockon', employeeId);
    await punch(tenant, 'startbreak', employeeId);
    await punch(tenant, 'endbreak', employeeId);
    await punch(tenant, 'clockoff', employeeId);
    const run = worker();
    t.clock.advance(3 * 24 * 60 * MINUTE);
    expect(await run.runNow()).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
    expect(hook.received).toEqual([]);
    expect((await deliveriesOf(registration.pk)).map((d) => d.attempts)).toEqual([0, 0, 0, 0]);
    await t.db.update(webhookRegistrations).set({ isPaused: false }).where(eq(webhookRegistrations.pk, registration.pk));
    expect(await run.runNow()).toEqual({ delivered: 4, failed: 0, gaveUp: 0 });
    expect(actionsOf(hook.received)).toEqual(['ClockOn', 'StartBreak', 'EndBreak', 'ClockOff']);
    expect(hook.received.every((r) => r.envelope.Attempt === 1)).toBe(true);
  });

  it('does not follow a redirect: a 302 is a failed attempt', async () => {
    t.clock.set('2026-11-07T08:00:00Z');
    const tenant = await createTenant(t, { employees: 1 });
    const hook = await receiver((n, path) => (path === '/moved' ? 200 : { redirect: '/moved' }));
    const registration = await register(tenant, `${hook.origin}/hook`);
    await recordTestEvent(t.db, registration.pk, 'ClockOn');
    expect(await worker().runNow()).toEqual({ delivered: 0, failed: 1, gaveUp: 0 });
    expect(hook.received.map((r) => r.path)).toEqual(['/hook']);
    const [row] = await deliveriesOf(registration.pk);
    expect(row).toMatchObject({ lastStatus: 302, deliveredAt: null, attempts: 1 });
    expect(row?.lastError).toMatch(/redirects are not followed/);
    expect(row?.nextAttemptAt?.getTime()).toBe(t.clock.now().getTime() + MINUTE);
  });

  it('refuses, at send time, a target on this machine unless WEBHOOKS_ALLOW_PRIVATE_TARGETS allows it', async () => {
    t.clock.set('2026-11-08T08:00:00Z');
    const tenant = await createTenant(t, { employees: 0 });
    const hook = await receiver();
    // The machine's own name: a DNS name that is not `localhost` but resolves to loopback (where it does).
    const name = hostname();
    const addresses = await lookup(name, { all: true }).catch(() => []);
    const nameIsLoopback = addresses.length > 0 && addresses.every((a) => a.address.startsWith('127.'));
    const byLocalhost = await register(tenant, `http://localhost:${hook.port}/hook`);
    const byLiteral = await register(tenant, `http://127.0.0.1:${hook.port}/hook`);
    const byName = nameIsLoopback ? await register(tenant, `http://${name}:${hook.port}/hook`) : null;
    const targets = [byLocalhost, byLiteral, ...(byName ? [byName] : [])];
    for (const registration of targets) await recordTestEvent(t.db, registration.pk, 'ClockOn');
    expect(await worker(false).runNow()).toEqual({ delivered: 0, failed: targets.length, gaveUp: 0 });
    expect(hook.received).toEqual([]);
    expect((await deliveriesOf(byLocalhost.pk))[0]?.lastError).toMatch(/^target refused: .*localhost/);
    expect((await deliveriesOf(byLiteral.pk))[0]?.lastError).toMatch(/^target refused: /);
    // Refused when connecting, by the address the name resolved to (DNS rebinding).
    if (byName) expect((await deliveriesOf(byName.pk))[0]?.lastError).toMatch(/resolves to 127\.0\.0\.1, a non-public address/);
    // Allowed, the same deliveries go (so the refusal was the address rule, not a dead receiver).
    t.clock.advance(MINUTE);
    expect(await worker(true).runNow()).toEqual({ delivered: targets.length, failed: 0, gaveUp: 0 });
    expect(hook.accepted().map((r) => r.envelope.Notifications[0])).toEqual(
      Array.from({ length: targets.length }, (): unknown => expect.objectContaining({ Action: 'ClockOn', test: true })),
    );
  });

  it('raises nothing for a refused punch: events are rows of the change\'s own transaction', async () => {
    const tenant = await createTenant(t, { employees: 1 });
    const employeeId = tenant.employees[0]!.id;
    const hook = await receiver();
    await register(tenant, `${hook.origin}/hook`);
    await punch(tenant, 'clockoff', employeeId, 409);
    await punch(tenant, 'startbreak', employeeId, 409);
    expect(await t.db.select().from(webhookEvents).where(eq(webhookEvents.businessId, tenant.businessId))).toEqual([]);
    await punch(tenant, 'clockon', employeeId);
    const events = await t.db.select().from(webhookEvents).where(eq(webhookEvents.businessId, tenant.businessId));
    expect(events.map((e) => e.action)).toEqual(['ClockOn']);
  });

  it('drops the deliveries of a deleted registration with it', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const registration = await register(tenant, 'http://127.0.0.1:9/hook');
    const queued = await recordTestEvent(t.db, registration.pk, 'TimesheetCreated');
    await t.db.delete(webhookRegistrations).where(eq(webhookRegistrations.pk, registration.pk));
    expect(await t.db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.id, [queued!.deliveryId]))).toEqual([]);
  });
});
