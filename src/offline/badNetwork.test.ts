/**
 * The kiosk on a network that hangs instead of dropping (shop Wi-Fi that accepts connections and
 * never answers) and on one that answers late, against the real service (PGlite and PostgreSQL):
 * no step waits for the client's 15 s timeout when the tablet holds what decides it, an
 * unreachable service is not asked again on every tap, and a late answer reconciles what the
 * tablet decided (a stale verifier forgotten, a wrong PIN counted once).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTenant } from '../server/testing/fixtures';
import { startTestService, type TestService } from '../server/testing/testService';
import { checkPinAtKiosk, clockOnChoices } from './kioskOperations';
import { verifyPinOffline } from './offlinePin';
import { INTERACTIVE_BUDGET_MS } from './reachability';
import { createOfflineHarness, LATE_ANSWER_MS, type OfflineHarness, BACKGROUND_WAIT } from './testing/offlineHarness';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

/** A kiosk that has checked Ada's PIN online and learned its verifier and clock-on choices. */
async function kioskThatKnowsAda() {
  const tenant = await createTenant(t);
  const h = await createOfflineHarness(t, tenant);
  const ada = tenant.employees[0]!;
  expect(await checkPinAtKiosk(h.runtime, ada.id, ada.pin)).toMatchObject({ ok: true, checkedOffline: false });
  expect((await clockOnChoices(h.runtime, ada.id)).fromCache).toBe(false);
  await vi.waitFor(async () => expect(await h.db.pinVerifiers.count()).toBe(1), BACKGROUND_WAIT);
  return { tenant, h, ada };
}

/** Runs a step and says how long it took, in ms of real time. */
async function timed<T>(step: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await step();
  return { value, ms: performance.now() - started };
}

/** Wrong-PIN reports waiting in the outbox. */
const queuedReports = (h: OfflineHarness) => h.db.outbox.filter((entry) => entry.op === 'pinFailures').count();

describe('a network that hangs', () => {
  it('decides a PIN and the clock-on choices from the tablet after the budget, then stops asking', async () => {
    const { h, ada } = await kioskThatKnowsAda();
    h.setFaults(() => 'hang');
    // Not a speed assertion: the point is that the client's 15 s timeout is not what ends the wait.
    const first = await timed(() => checkPinAtKiosk(h.runtime, ada.id, ada.pin));
    expect(first.value).toMatchObject({ ok: true, checkedOffline: true });
    expect(first.ms).toBeLessThan(INTERACTIVE_BUDGET_MS + 5_000);
    expect(h.runtime.reachability.snapshot().state).toBe('unreachable');

    // Known unreachable: the next steps do not touch the network at all.
    const requests = h.stats.requests;
    expect(await checkPinAtKiosk(h.runtime, ada.id, ada.pin)).toMatchObject({ ok: true, checkedOffline: true });
    // Choices kept within the last half hour are used as they are; older ones are marked as such.
    expect((await clockOnChoices(h.runtime, ada.id)).data).not.toBeNull();
    await h.db.lookups.update(ada.id, { refreshedAt: new Date(Date.now() - 60 * 60_000).toISOString() });
    expect(await clockOnChoices(h.runtime, ada.id)).toMatchObject({ fromCache: true, data: expect.anything() as unknown });
    expect(await checkPinAtKiosk(h.runtime, ada.id, '0000')).toMatchObject({ ok: false, reason: 'wrong' });
    expect(h.stats.requests).toBe(requests);
    expect(await queuedReports(h)).toBe(1);

    // The service answering anything again makes it reachable, and the next check is online.
    h.setFaults(null);
    expect(await h.runtime.refresh()).toBe(true);
    expect(h.runtime.reachability.snapshot().state).toBe('reachable');
    expect(await checkPinAtKiosk(h.runtime, ada.id, ada.pin)).toMatchObject({ ok: true, checkedOffline: false });
  });

  it('gives a person the tablet holds no verifier for a bounded wait, then the usual answer', async () => {
    const { tenant, h } = await kioskThatKnowsAda();
    const ben = tenant.employees[1]!;
    h.setFaults(() => 'hang');
    const check = await timed(() => checkPinAtKiosk(h.runtime, ben.id, ben.pin));
    expect(check.value).toEqual({ ok: false, reason: 'offline-unknown' });
    expect(check.ms).toBeLessThan(15_000);
  });
});

describe('an answer that comes after the tablet decided', () => {
  it('forgets a verifier the service contradicts', async () => {
    const { tenant, h, ada } = await kioskThatKnowsAda();
    // The PIN is changed elsewhere: this tablet's verifier still accepts the old one.
    const changed = await t.request('POST', `${tenant.kiosk}/changepin`, { auth: tenant.manager.auth, json: { employeeId: ada.id, oldPin: ada.pin, newPin: '735102' } });
    expect(changed.status, changed.text).toBe(200);
    h.setFaults(() => 'late');
    expect(await checkPinAtKiosk(h.runtime, ada.id, ada.pin)).toMatchObject({ ok: true, checkedOffline: true });
    await vi.waitFor(async () => expect(await verifyPinOffline(h.db, ada.id, ada.pin, new Date())).toBe('unknown'), { timeout: LATE_ANSWER_MS + 5_000 });
  });

  it('undoes a wrong PIN the tablet counted when the service accepts that PIN (changed elsewhere)', async () => {
    const { tenant, h, ada } = await kioskThatKnowsAda();
    const changed = await t.request('POST', `${tenant.kiosk}/changepin`, { auth: tenant.manager.auth, json: { employeeId: ada.id, oldPin: ada.pin, newPin: '735102' } });
    expect(changed.status, changed.text).toBe(200);
    h.setFaults(() => 'late');
    // The tablet still knows the old PIN, so it counts the new one as wrong, until the service answers.
    expect(await checkPinAtKiosk(h.runtime, ada.id, '735102')).toMatchObject({ ok: false, reason: 'wrong' });
    expect((await h.db.pinLockouts.get(ada.id))?.failedAttempts).toBe(1);
    await vi.waitFor(async () => expect(await verifyPinOffline(h.db, ada.id, '735102', new Date())).toBe('match'), { timeout: LATE_ANSWER_MS + 5_000 });
    expect((await h.db.pinLockouts.get(ada.id))?.failedAttempts).toBe(0);
    expect(await queuedReports(h)).toBe(0);
  });

  it('does not report to the service a wrong PIN the service already counted', async () => {
    const { tenant, h, ada } = await kioskThatKnowsAda();
    h.setFaults(() => 'late');
    expect(await checkPinAtKiosk(h.runtime, ada.id, '0000')).toMatchObject({ ok: false, reason: 'wrong' });
    expect(await queuedReports(h)).toBe(1);
    // The service's own answer (wrong-pin) arrives: it counted this attempt, so the report goes.
    await vi.waitFor(async () => expect(await queuedReports(h)).toBe(0), { timeout: LATE_ANSWER_MS + 5_000 });
    h.setFaults(null);
    const failures = await t.request('POST', `${tenant.kiosk}/checkpin`, { auth: tenant.manager.auth, json: { employeeId: ada.id, pin: '1111' } });
    // One wrong PIN counted before this one: the service's policy allows 5, so 3 are left.
    expect(failures.body).toMatchObject({ code: 'wrong-pin', attemptsLeft: 3 });
  });
});
