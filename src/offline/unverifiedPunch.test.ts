/**
 * Unverified offline punches end to end against the real service (PGlite and PostgreSQL): a person
 * the tablet never checked online punches while the network is down (or hangs); the punch and its
 * identity claim (PIN sealed, never stored) wait in the outbox and arrive once when the network
 * returns, even when an answer is lost; the service verifies a right PIN and flags a wrong one;
 * the preference and the per-person bound are honoured.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_UNVERIFIED_BOUND } from '../domain/identityClaims';
import { identityClaims, punches } from '../server/db/schema';
import { createTenant } from '../server/testing/fixtures';
import { startTestService, type TestService } from '../server/testing/testService';
import { checkPinAtKiosk, punchAtKiosk } from './kioskOperations';
import { PREFERENCES_KEY, readKioskPreferences } from './kioskPreferences';
import { offerUnverifiedPunch } from './unverifiedPunch';
import { createOfflineHarness, type Fault, type OfflineHarness } from './testing/offlineHarness';
import { standing } from '../server/testing/standingSecret';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

/** A kiosk that refreshed online (sealing key, preferences) and has never checked anyone's PIN. */
async function freshKiosk() {
  const tenant = await createTenant(t, { employees: 3 });
  const h = await createOfflineHarness(t, tenant);
  expect(await h.runtime.refresh()).toBe(true);
  return { tenant, h };
}

/** The person types their PIN with the network broken: turned to an unverified punch. */
async function punchUnverified(h: OfflineHarness, employeeId: number, pin: string, fault: Fault) {
  h.setFaults(() => fault);
  expect(await checkPinAtKiosk(h.runtime, employeeId, pin)).toEqual({ ok: false, reason: 'offline-unknown' });
  const offer = await offerUnverifiedPunch(h.runtime, employeeId, pin);
  if (!offer.ok) throw new Error(`no offer: ${offer.reason}`);
  expect(JSON.stringify(offer)).not.toMatch(standing(pin));
  const punched = await punchAtKiosk(h.runtime, employeeId, 'clockOn', {}, offer.seal);
  expect(punched.ok).toBe(true);
  return punched;
}

const claimsOf = (employeeId: number) => t.db.select().from(identityClaims).where(eq(identityClaims.employeeId, employeeId));
const punchesOf = (employeeId: number) => t.db.select().from(punches).where(eq(punches.employeeId, employeeId));

describe('an outage with a person the tablet never saw', () => {
  it.each(['down', 'hang'] as const)('network %s: the punch and its claim arrive once; a right PIN is verified, a wrong one flagged', async (fault) => {
    const { tenant, h } = await freshKiosk();
    const [ada, ben] = tenant.employees;
    await punchUnverified(h, ada!.id, ada!.pin, fault);
    await punchUnverified(h, ben!.id, '0000', fault);
    const queued = await h.db.outbox.toArray();
    expect(queued.map((e) => e.op)).toEqual(['clockOn', 'identityClaim', 'clockOn', 'identityClaim']);
    expect(JSON.stringify(queued)).not.toMatch(standing(ada!.pin));
    expect(queued[1]!.body).toMatchObject({ punchKey: queued[0]!.id, punchKind: 'clockOn', recordedTimeUtc: queued[0]!.body.recordedTimeUtc });

    h.setFaults(null);
    await h.runtime.syncNow({ force: true });
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.attention.count()).toBe(0);
    expect(await claimsOf(ada!.id)).toMatchObject([{ outcome: 'verified', status: 'verified', reason: null }]);
    expect(await claimsOf(ben!.id)).toMatchObject([{ outcome: 'flagged', status: 'pending', reason: 'wrong-pin' }]);
    expect(await punchesOf(ada!.id)).toHaveLength(1);
  });

  it('a lost answer is replayed harmlessly: one punch, one claim, the PIN checked once', async () => {
    const { tenant, h } = await freshKiosk();
    const ada = tenant.employees[0]!;
    await punchUnverified(h, ada.id, '0000', 'down');
    // Every answer is lost once after the service did the work, then the network is healthy.
    const seen = new Set<string>();
    h.setFaults((request) => {
      const key = `${request.method} ${new URL(request.url).pathname}`;
      if (request.method !== 'POST' || seen.has(key)) return null;
      seen.add(key);
      return 'dropResponse';
    });
    for (let run = 0; run < 4 && (await h.db.outbox.count()) > 0; run += 1) await h.runtime.syncNow({ force: true });
    expect(await h.db.outbox.count()).toBe(0);
    expect(h.stats.faults.dropResponse).toBe(2);
    expect(await punchesOf(ada.id)).toHaveLength(1);
    expect(await claimsOf(ada.id)).toMatchObject([{ outcome: 'flagged', reason: 'wrong-pin' }]);
    const failed = await t.request('POST', `${tenant.kiosk}/checkpin`, { auth: tenant.manager.auth, json: { employeeId: ada.id, pin: '1111' } });
    // One wrong PIN counted by the claim, one by this check: 3 left of 5.
    expect(failed.body).toMatchObject({ code: 'wrong-pin', attemptsLeft: 3 });
  });

  it("is refused when the kiosk's preference is off, and bounded per person on the device", async () => {
    const { tenant, h } = await freshKiosk();
    const [ada, ben] = tenant.employees;
    expect((await readKioskPreferences(h.db)).unverifiedOfflinePunches).toBe('flagged');
    h.setFaults(() => 'down');
    for (let i = 0; i < DEFAULT_UNVERIFIED_BOUND.maxPerPerson; i += 1) {
      const offer = await offerUnverifiedPunch(h.runtime, ada!.id, ada!.pin);
      if (!offer.ok) throw new Error(offer.reason);
      expect((await punchAtKiosk(h.runtime, ada!.id, i % 2 === 0 ? 'clockOn' : 'clockOff', {}, offer.seal)).ok).toBe(true);
    }
    expect(await offerUnverifiedPunch(h.runtime, ada!.id, ada!.pin)).toEqual({ ok: false, reason: 'limit' });
    expect((await offerUnverifiedPunch(h.runtime, ben!.id, ben!.pin)).ok).toBe(true);

    h.setFaults(null);
    const saved = await t.request('PUT', `${tenant.kiosk}/preferences`, { auth: tenant.manager.auth, json: { unverifiedOfflinePunches: 'off' } });
    expect(saved.status).toBe(200);
    expect(await h.runtime.refresh()).toBe(true);
    expect((await h.db.meta.get(PREFERENCES_KEY))?.value).toMatchObject({ unverifiedOfflinePunches: 'off' });
    expect(await offerUnverifiedPunch(h.runtime, ben!.id, ben!.pin)).toEqual({ ok: false, reason: 'off' });
  });
});
