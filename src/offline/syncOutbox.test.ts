import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PunchKind } from '../domain/attendance';
import { punches, shiftNotes, timesheetLines } from '../server/db/schema';
import { createTenant, type Tenant } from '../server/testing/fixtures';
import { startTestService, type TestService } from '../server/testing/testService';
import { enqueueNote, enqueuePunch } from './enqueue';
import { changePinAtKiosk, checkPinAtKiosk } from './kioskOperations';
import { readRecords, StaffRecord, AttentionRecord } from './records';
import { syncOutbox } from './syncOutbox';
import { readSyncStatus } from './syncStatus';
import { createOfflineHarness, seededRandom, type OfflineHarness, BACKGROUND_WAIT } from './testing/offlineHarness';
import { standing } from '../server/testing/standingSecret';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const MINUTE = 60_000;

async function punch(h: OfflineHarness, employeeId: number, kind: PunchKind, at: Date, fields: Record<string, unknown> = {}) {
  const result = await enqueuePunch(h.db, { employeeId, kioskId: h.kiosk.kioskId, kind, at, utcOffsetMinutes: 60, fields, now: new Date() });
  expect(result.ok, JSON.stringify(result)).toBe(true);
  return result;
}

/** Syncs until nothing is left to try now, with backoff waits skipped by a clock that jumps ahead. */
async function drain(h: OfflineHarness, random = Math.random, rounds = 50) {
  let clock = Date.now();
  const totals = { delivered: 0, reconciled: 0, attention: 0 };
  for (let round = 0; round < rounds; round += 1) {
    const report = await syncOutbox({ db: h.db, transport: h.transport, now: () => clock, random });
    totals.delivered += report.delivered;
    totals.reconciled += report.reconciled;
    totals.attention += report.attention;
    if ((await h.db.outbox.count()) === 0) return totals;
    clock += 10 * MINUTE;
  }
  throw new Error('the outbox did not drain');
}

async function serverPunches(employeeId: number) {
  const rows = await t.db.select().from(punches).where(eq(punches.employeeId, employeeId)).orderBy(punches.timeOfRecordUtc);
  return rows.map((p) => `${p.kind}@${p.timeOfRecordUtc.toISOString()}`);
}

describe('offline punches reach the service exactly once', () => {
  it('delivers a day of offline punches for several employees, in order, with their recorded times', async () => {
    const tenant = await createTenant(t, { employees: 3 });
    const h = await createOfflineHarness(t, tenant);
    h.setFaults(() => 'down');
    const start = Date.now() - 9 * 60 * MINUTE;
    const at = (minutes: number) => new Date(start + minutes * MINUTE);
    const expected = new Map<number, string[]>();
    for (const [index, employee] of tenant.employees.entries()) {
      const plan: Array<[PunchKind, number]> = [
        ['clockOn', index],
        ['startBreak', 180 + index],
        ['endBreak', 210 + index],
        ['clockOff', 480 + index],
      ];
      for (const [kind, minute] of plan) await punch(h, employee.id, kind, at(minute));
      expected.set(employee.id, plan.map(([kind, minute]) => `${kind}@${at(minute).toISOString()}`));
    }
    // Offline: nothing leaves, the kiosk shows the local state.
    const offline = await syncOutbox({ db: h.db, transport: h.transport });
    expect(offline).toMatchObject({ delivered: 0, offline: true });
    expect(await h.db.outbox.count()).toBe(12);
    const shown = readRecords(StaffRecord, await h.db.staff.toArray());
    expect(shown.every((s) => s.local.status === 'ClockedOff' && s.server.status === 'NotClockedOn')).toBe(true);

    h.setFaults(null);
    expect(await drain(h)).toEqual({ delivered: 12, reconciled: 0, attention: 0 });
    for (const employee of tenant.employees) expect(await serverPunches(employee.id)).toEqual(expected.get(employee.id));
    const lines = await t.db.select().from(timesheetLines).where(eq(timesheetLines.businessId, tenant.businessId));
    expect(lines).toHaveLength(3);
    const after = readRecords(StaffRecord, await h.db.staff.toArray());
    expect(after.every((s) => s.server.status === 'ClockedOff' && s.local.status === 'ClockedOff')).toBe(true);
  });

  it('does not duplicate a punch whose response was lost after the service committed', async () => {
    const tenant = await createTenant(t);
    const h = await createOfflineHarness(t, tenant);
    const employeeId = tenant.employees[0]!.id;
    await punch(h, employeeId, 'clockOn', new Date(Date.now() - 5 * MINUTE));
    h.setFaults((request) => (request.url.endsWith('/clockon') ? 'dropResponse' : null));
    const first = await syncOutbox({ db: h.db, transport: h.transport });
    expect(first).toMatchObject({ delivered: 0, offline: true });
    expect(await serverPunches(employeeId)).toHaveLength(1);
    h.setFaults(null);
    expect(await drain(h)).toEqual({ delivered: 1, reconciled: 0, attention: 0 });
    expect(await serverPunches(employeeId)).toHaveLength(1);
    expect(h.stats.faults.dropResponse).toBe(1);
  });

  it('backs off through 500s and 429s (honouring Retry-After) without blocking other employees', async () => {
    const tenant = await createTenant(t);
    const h = await createOfflineHarness(t, tenant);
    const [a, b] = tenant.employees.map((e) => e.id);
    const first = await punch(h, a!, 'clockOn', new Date(Date.now() - 5 * MINUTE));
    await punch(h, b!, 'clockOn', new Date(Date.now() - 4 * MINUTE));
    const aKey = first.ok ? first.entry.id : '';
    h.setFaults((request) => (request.headers.get('idempotency-key') === aKey ? 'error500' : null));
    const clock = Date.now();
    const report = await syncOutbox({ db: h.db, transport: h.transport, now: () => clock, random: () => 0.5 });
    expect(report).toMatchObject({ delivered: 1, offline: false });
    expect(await serverPunches(b!)).toHaveLength(1);
    const [waiting] = await h.db.outbox.toArray();
    expect(waiting).toMatchObject({ employeeId: a });
    expect(waiting?.attempts.at(-1)).toMatchObject({ outcome: 'retry', status: 500 });
    expect(waiting!.nextAttemptAt).toBeGreaterThan(clock);

    // Not due yet: nothing is sent.
    const before = h.stats.requests;
    await syncOutbox({ db: h.db, transport: h.transport, now: () => clock + 1, random: () => 0.5 });
    expect(h.stats.requests).toBe(before);

    h.setFaults((request) => (request.headers.get('idempotency-key') === aKey ? 'throttle429' : null));
    await syncOutbox({ db: h.db, transport: h.transport, now: () => waiting!.nextAttemptAt, random: () => 0 });
    const [throttled] = await h.db.outbox.toArray();
    // Retry-After: 2 s wins over the (smaller) jittered backoff.
    expect(throttled!.nextAttemptAt - waiting!.nextAttemptAt).toBeGreaterThanOrEqual(2000);

    h.setFaults(null);
    await drain(h);
    expect(await serverPunches(a!)).toHaveLength(1);
    expect(await serverPunches(b!)).toHaveLength(1);
  });
});

describe('rejections and reconciliation', () => {
  it('moves a punch the service rejects to "needs attention" with its message; the others still go', async () => {
    const tenant = await createTenant(t);
    const h = await createOfflineHarness(t, tenant);
    const [a, b] = tenant.employees.map((e) => e.id);
    await punch(h, a!, 'clockOn', new Date(Date.now() - 5 * MINUTE));
    await punch(h, b!, 'clockOn', new Date(Date.now() - 4 * MINUTE));
    const revoked = await t.request('POST', `${tenant.base}/employee/revokekioskaccess/${a}`, { auth: tenant.manager.auth });
    expect(revoked.status).toBe(200);
    expect(await drain(h)).toEqual({ delivered: 1, reconciled: 0, attention: 1 });
    const [stuck] = readRecords(AttentionRecord, await h.db.attention.toArray());
    expect(stuck).toMatchObject({ employeeId: a, op: 'clockOn', status: 403, code: 'not-kiosk-enabled' });
    expect(stuck?.message).toContain('not enabled for kiosk use');
    // The kiosk no longer shows a state the service refused.
    const staff = readRecords(StaffRecord, await h.db.staff.toArray()).find((s) => s.employeeId === a);
    expect(staff?.local.status).toBe('NotClockedOn');
  });

  it('reconciles a clock-on the service already has from another kiosk, and carries on', async () => {
    const tenant = await createTenant(t);
    const h = await createOfflineHarness(t, tenant);
    const employeeId = tenant.employees[0]!.id;
    await punch(h, employeeId, 'clockOn', new Date(Date.now() - 10 * MINUTE));
    await punch(h, employeeId, 'clockOff', new Date(Date.now() - 2 * MINUTE));
    const elsewhere = await t.request('POST', `${tenant.kiosk}/clockon`, {
      auth: tenant.manager.auth,
      json: { employeeId, recordedTimeUtc: new Date(Date.now() - 12 * MINUTE).toISOString() },
    });
    expect(elsewhere.status).toBe(200);
    expect(await drain(h)).toEqual({ delivered: 1, reconciled: 1, attention: 0 });
    expect((await serverPunches(employeeId)).map((p) => p.split('@')[0])).toEqual(['clockOn', 'clockOff']);
  });

  it('attaches a note to a shift that was opened offline once the clock-on is delivered', async () => {
    const tenant = await createTenant(t);
    const h = await createOfflineHarness(t, tenant);
    const employeeId = tenant.employees[0]!.id;
    h.setFaults(() => 'down');
    await punch(h, employeeId, 'clockOn', new Date(Date.now() - 30 * MINUTE));
    const note = await enqueueNote(h.db, { employeeId, note: 'Till 2 is short of change', visibility: 'Visible', at: new Date() });
    expect(note.ok && note.entry.shiftRef).toMatchObject({ openedByEntry: expect.any(String) as string });
    h.setFaults(null);
    expect(await drain(h)).toEqual({ delivered: 2, reconciled: 0, attention: 0 });
    const [stored] = await t.db.select().from(shiftNotes).where(and(eq(shiftNotes.employeeId, employeeId), eq(shiftNotes.businessId, tenant.businessId)));
    expect(stored?.note).toBe('Till 2 is short of change');
  });
});

describe('a malformed punch body', () => {
  it('is refused when queued, not discovered at sync: nothing is queued and the local state is unchanged', async () => {
    const tenant = await createTenant(t);
    const h = await createOfflineHarness(t, tenant);
    const employeeId = tenant.employees[0]!.id;
    const before = await h.db.staff.get(employeeId);
    const at = new Date(Date.now() - MINUTE);
    const result = await enqueuePunch(h.db, { employeeId, kioskId: h.kiosk.kioskId, kind: 'clockOn', at, utcOffsetMinutes: 60, fields: { locationId: 'front door' }, now: new Date() });
    expect(result.ok).toBe(false);
    expect(result.ok ? null : result.error.code).toBe('invalid-entry');
    expect(result.ok ? '' : result.error.message).toContain('locationId');
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.staff.get(employeeId)).toEqual(before);
    // The same punch with a valid body is queued.
    await punch(h, employeeId, 'clockOn', at, { locationId: null });
    expect(await h.db.outbox.count()).toBe(1);
  });
});

describe('adversarial orderings', () => {
  it.each([1, 2, 3, 4, 5])('seed %i: shuffled enqueues under random faults deliver every punch exactly once', async (seed) => {
    const random = seededRandom(seed);
    const tenant: Tenant = await createTenant(t, { employees: 4 });
    const h = await createOfflineHarness(t, tenant);
    const faults = ['down', 'error500', 'throttle429', 'dropResponse'] as const;
    h.setFaults(() => (random() < 0.35 ? (faults[Math.floor(random() * faults.length)] ?? null) : null));

    const cycle: PunchKind[] = ['clockOn', 'startBreak', 'endBreak', 'clockOff'];
    const next = new Map(tenant.employees.map((e) => [e.id, 0]));
    const base = Date.now() - 6 * 60 * MINUTE;
    let minute = 0;
    let enqueued = 0;
    // Interleave employees at random, syncing at random moments while faults come and go.
    while ([...next.values()].some((step) => step < 8)) {
      const candidates = tenant.employees.filter((e) => (next.get(e.id) ?? 8) < 8);
      const employee = candidates[Math.floor(random() * candidates.length)]!;
      const step = next.get(employee.id) ?? 0;
      minute += 1 + Math.floor(random() * 5);
      await punch(h, employee.id, cycle[step % 4]!, new Date(base + minute * MINUTE));
      next.set(employee.id, step + 1);
      enqueued += 1;
      if (random() < 0.4) await syncOutbox({ db: h.db, transport: h.transport, random });
    }
    // Several syncs at once (tabs and the service worker) must not send anything twice.
    await Promise.all([1, 2, 3].map(() => syncOutbox({ db: h.db, transport: h.transport, random })));
    h.setFaults(null);
    await drain(h, random);

    let onServer = 0;
    for (const employee of tenant.employees) {
      const rows = await serverPunches(employee.id);
      expect(new Set(rows).size, 'no duplicates').toBe(rows.length);
      expect(rows.map((r) => r.split('@')[0])).toEqual([...cycle, ...cycle]);
      onServer += rows.length;
    }
    const attention = await h.db.attention.count();
    expect(onServer + attention).toBe(enqueued);
    expect(attention).toBe(0);
    expect(await h.db.outbox.count()).toBe(0);
  });
});

describe('what the kiosk says about a sync, and "Send now"', () => {
  it('reports retrying (not up to date) while 500s hold an entry back, and a forced run sends it before its backoff ends', async () => {
    const tenant = await createTenant(t);
    const h = await createOfflineHarness(t, tenant);
    const employeeId = tenant.employees[0]!.id;
    await punch(h, employeeId, 'clockOn', new Date(Date.now() - 5 * MINUTE));
    h.setFaults(() => 'error500');
    const clock = Date.now();
    const refused = await syncOutbox({ db: h.db, transport: h.transport, now: () => clock, random: () => 0.5 });
    expect(refused).toMatchObject({ delivered: 0, retrying: 1, offline: false });
    expect(await readSyncStatus(h.db)).toMatchObject({ current: { state: 'retrying' }, lastSuccessAt: null });

    // Still backing off: an ordinary run defers it, and still says retrying.
    h.setFaults(null);
    const requests = h.stats.requests;
    expect(await syncOutbox({ db: h.db, transport: h.transport, now: () => clock + 1 })).toMatchObject({ delivered: 0, deferred: 1 });
    expect(h.stats.requests).toBe(requests);
    expect((await readSyncStatus(h.db)).current.state).toBe('retrying');

    // "Send now": the backoff is cut short, the punch goes out once, and the kiosk is up to date.
    expect(await syncOutbox({ db: h.db, transport: h.transport, now: () => clock + 2, force: true })).toMatchObject({ delivered: 1, deferred: 0, retrying: 0 });
    expect(await serverPunches(employeeId)).toHaveLength(1);
    expect(await readSyncStatus(h.db)).toMatchObject({ current: { state: 'idle' }, lastSuccessAt: clock + 2 });
  });

  it('tries each entry once in a forced run, however many times it fails', async () => {
    const tenant = await createTenant(t);
    const h = await createOfflineHarness(t, tenant);
    await punch(h, tenant.employees[0]!.id, 'clockOn', new Date(Date.now() - 5 * MINUTE));
    await punch(h, tenant.employees[1]!.id, 'clockOn', new Date(Date.now() - 4 * MINUTE));
    h.setFaults(() => 'error500');
    const requests = h.stats.requests;
    expect(await syncOutbox({ db: h.db, transport: h.transport, force: true })).toMatchObject({ delivered: 0, retrying: 2 });
    expect(h.stats.requests - requests).toBe(2);
  });
});

describe('PINs at an offline kiosk', () => {
  it('checks a PIN offline once learned online, and reports offline wrong PINs to the service', async () => {
    const tenant = await createTenant(t);
    const h = await createOfflineHarness(t, tenant);
    const ada = tenant.employees[0]!;
    expect(await checkPinAtKiosk(h.runtime, ada.id, ada.pin)).toMatchObject({ ok: true, checkedOffline: false });
    await vi.waitFor(async () => expect(await h.db.pinVerifiers.count()).toBe(1), BACKGROUND_WAIT);
    h.setFaults(() => 'down');
    expect(await checkPinAtKiosk(h.runtime, ada.id, ada.pin)).toMatchObject({ ok: true, checkedOffline: true });
    const ben = tenant.employees[1]!;
    expect(await checkPinAtKiosk(h.runtime, ben.id, ben.pin)).toMatchObject({ ok: false, reason: 'offline-unknown' });
    for (let i = 0; i < 4; i += 1) expect(await checkPinAtKiosk(h.runtime, ada.id, '0000')).toMatchObject({ ok: false, reason: 'wrong' });
    expect(await checkPinAtKiosk(h.runtime, ada.id, '0000')).toMatchObject({ ok: false, reason: 'locked' });
    expect(await checkPinAtKiosk(h.runtime, ada.id, ada.pin)).toMatchObject({ ok: false, reason: 'locked' });
    h.setFaults(null);
    await drain(h);
    // The service now applies the lockout the kiosk applied offline.
    const online = await t.request('POST', `${tenant.kiosk}/checkpin`, { auth: tenant.manager.auth, json: { employeeId: ada.id, pin: ada.pin } });
    expect(online.status).toBe(429);
  });

  it('queues a PIN change made offline sealed, and the service applies it on sync', async () => {
    const tenant = await createTenant(t);
    const h = await createOfflineHarness(t, tenant);
    expect(await h.runtime.refresh()).toBe(true);
    const ada = tenant.employees[0]!;
    expect((await checkPinAtKiosk(h.runtime, ada.id, ada.pin)).ok).toBe(true);
    await vi.waitFor(async () => expect(await h.db.pinVerifiers.count()).toBe(1), BACKGROUND_WAIT);
    h.setFaults(() => 'down');
    expect(await changePinAtKiosk(h.runtime, ada.id, '1111', '538214')).toEqual({ ok: false, reason: 'wrong-old' });
    expect(await changePinAtKiosk(h.runtime, ada.id, ada.pin, '538214')).toEqual({ ok: true, queued: true });
    const [queued] = await h.db.outbox.toArray();
    expect(queued?.op).toBe('changePin');
    expect(JSON.stringify(queued)).not.toContain('538214');
    expect(JSON.stringify(queued)).not.toMatch(standing(ada.pin));
    expect(await checkPinAtKiosk(h.runtime, ada.id, '538214')).toMatchObject({ ok: true, checkedOffline: true });
    h.setFaults(null);
    await drain(h);
    const online = await t.request('POST', `${tenant.kiosk}/checkpin`, { auth: tenant.manager.auth, json: { employeeId: ada.id, pin: '538214' } });
    expect(online.status, online.text).toBe(200);
  });
});
