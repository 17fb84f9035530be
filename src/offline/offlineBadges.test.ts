/**
 * Badges through an outage, against the real service: the tablet keeps a verifier per badge of its
 * people (never a token) from its refresh and accepts a kept badge with the network down or
 * hanging, under the kiosk's kept mode; a badge it does not keep is refused with nothing recorded
 * and counts against the tablet (five in a row lock its badge checks offline, as the service locks
 * a device's; a lockout the service reported is kept through an outage); a revocation reaches the
 * tablet at its next refresh; a PIN-only kiosk refuses badges offline too; a punch made offline
 * with a badge revoked meanwhile arrives and waits for a manager.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityClaims } from '../server/db/schema';
import { badgeVerifier } from '../server/services/badges/badgeTokens';
import { createTenant, type Tenant } from '../server/testing/fixtures';
import { startTestService, type TestService } from '../server/testing/testService';
import { checkBadgeAtKiosk } from './badgeCheck';
import { punchAtKiosk } from './kioskOperations';
import { readUnverifiedHistory } from './unverifiedPunch';
import { badgeVerifierOf } from './badgeVerifiers';
import { BADGES_KEY } from './badgesRecord';
import { BADGE_LOCKOUT_KEY } from './badgeLockout';
import { createOfflineHarness, type OfflineHarness } from './testing/offlineHarness';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

async function issue(tenant: Tenant, employeeId: number): Promise<{ token: string; badgeId: number }> {
  const res = await t.request('POST', `${tenant.kiosk}/badges`, { auth: tenant.manager.auth, json: { employeeIds: [employeeId] } });
  expect(res.status, res.text).toBe(200);
  return (res.body as Array<{ token: string; badgeId: number }>)[0]!;
}

async function setKioskMode(tenant: Tenant, mode: string | null) {
  const res = await t.request('PUT', `${tenant.kiosk}/badgesettings`, { auth: tenant.manager.auth, json: { mode } });
  expect(res.status, res.text).toBe(200);
}

async function refreshed(h: OfflineHarness) {
  h.setFaults(null);
  expect(await h.runtime.refresh()).toBe(true);
}

describe('badges offline', () => {
  it('computes the verifier as the service does', async () => {
    for (const token of ['KCB1' + 'A'.repeat(32), 'KCB1ABCDEFGHIJKLMNOPQRSTUVWXYZ234567']) {
      expect(await badgeVerifierOf(token)).toBe(badgeVerifier(token));
    }
  });

  it("accepts a kept badge with the network down or hanging, refuses one it does not keep, and forgets a revoked one at the next refresh", async () => {
    const tenant = await createTenant(t, { employees: 2 });
    await setKioskMode(tenant, 'badge');
    const [ada, ben] = tenant.employees;
    const adas = await issue(tenant, ada!.id);
    const h = await createOfflineHarness(t, tenant);
    await refreshed(h);
    // Kept: the mode and verifiers, never the token.
    const kept = JSON.stringify(await h.db.meta.get(BADGES_KEY));
    expect(kept).toContain('"mode":"badge"');
    expect(kept).toContain(badgeVerifier(adas.token));
    expect(kept).not.toContain(adas.token.slice(4));

    for (const fault of ['down', 'hang'] as const) {
      h.setFaults(() => fault);
      const offline = await checkBadgeAtKiosk(h.runtime, adas.token);
      expect(offline, fault).toMatchObject({ ok: true, checkedOffline: true, pinRequired: false, badgeId: adas.badgeId, employee: { employeeId: ada!.id } });
    }

    // Issued after the last refresh: the tablet does not know it, and the service cannot say. Each counts against the tablet.
    const bens = await issue(tenant, ben!.id);
    h.setFaults(() => 'down');
    expect(await checkBadgeAtKiosk(h.runtime, bens.token)).toEqual({ ok: false, reason: 'offline-unknown', attemptsLeft: 4 });
    expect(await checkBadgeAtKiosk(h.runtime, 'KCB1' + 'Q'.repeat(32))).toEqual({ ok: false, reason: 'offline-unknown', attemptsLeft: 3 });
    expect(await h.db.outbox.count()).toBe(0);

    // Online, the service answers; then Ada's badge is withdrawn and the next refresh forgets it.
    h.setFaults(null);
    expect(await checkBadgeAtKiosk(h.runtime, bens.token)).toMatchObject({ ok: true, checkedOffline: false, employee: { employeeId: ben!.id } });
    const revoke = await t.request('POST', `${tenant.kiosk}/badges/${adas.badgeId}/revoke`, { auth: tenant.manager.auth });
    expect(revoke.status, revoke.text).toBe(200);
    await refreshed(h);
    h.setFaults(() => 'down');
    // The service's acceptance of Ben's badge ended the run: Ada's withdrawn badge starts a new one.
    expect(await checkBadgeAtKiosk(h.runtime, adas.token)).toEqual({ ok: false, reason: 'offline-unknown', attemptsLeft: 4 });
    expect(await checkBadgeAtKiosk(h.runtime, bens.token)).toMatchObject({ ok: true, checkedOffline: true, employee: { employeeId: ben!.id } });
    expect((await h.db.meta.get(BADGE_LOCKOUT_KEY))?.value).toEqual({ failedAttempts: 0, lockedUntil: null });
  });

  it("five badges in a row it cannot place lock the tablet's badge checks offline, kept badges too; nothing is queued and the service still decides online", async () => {
    const tenant = await createTenant(t, { employees: 2 });
    await setKioskMode(tenant, 'badge');
    const ada = tenant.employees[0]!;
    const adas = await issue(tenant, ada.id);
    const h = await createOfflineHarness(t, tenant);
    await refreshed(h);
    h.setFaults(() => 'down');
    const unknown = (i: number) => 'KCB1' + String.fromCharCode(65 + i).repeat(32);
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await checkBadgeAtKiosk(h.runtime, unknown(i)));
    const before = h.runtime.clock.now().getTime();
    answers.push(await checkBadgeAtKiosk(h.runtime, unknown(4)));
    const after = h.runtime.clock.now().getTime();
    expect(answers.map((a) => (a.ok ? 'ok' : [a.reason, a.attemptsLeft]))).toEqual([
      ['offline-unknown', 4],
      ['offline-unknown', 3],
      ['offline-unknown', 2],
      ['offline-unknown', 1],
      ['device-locked', null],
    ]);
    // Locked: Ada's kept badge is refused too, unchecked, and nothing is queued for anyone.
    expect(await checkBadgeAtKiosk(h.runtime, adas.token)).toEqual({ ok: false, reason: 'device-locked', attemptsLeft: null });
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.pinLockouts.count()).toBe(0);
    const kept = (await h.db.meta.get(BADGE_LOCKOUT_KEY))?.value as { lockedUntil: string };
    // For the PIN policy's lockout (15 minutes), from the fifth.
    expect(Date.parse(kept.lockedUntil)).toBeGreaterThanOrEqual(before + 15 * 60_000);
    expect(Date.parse(kept.lockedUntil)).toBeLessThanOrEqual(after + 15 * 60_000);

    // Online the service decides (it never saw these): Ada's badge is hers, and that ends the run here too.
    await refreshed(h);
    expect(await checkBadgeAtKiosk(h.runtime, adas.token)).toMatchObject({ ok: true, checkedOffline: false, employee: { employeeId: ada.id } });
    h.setFaults(() => 'down');
    expect(await checkBadgeAtKiosk(h.runtime, adas.token)).toMatchObject({ ok: true, checkedOffline: true, employee: { employeeId: ada.id } });
  });

  it("keeps a badge lockout the service reported, so an outage right after does not forget it", async () => {
    const tenant = await createTenant(t);
    await setKioskMode(tenant, 'badge');
    const ada = tenant.employees[0]!;
    const adas = await issue(tenant, ada.id);
    const h = await createOfflineHarness(t, tenant);
    await refreshed(h);
    const reasons = [];
    for (let i = 0; i < 6; i += 1) {
      const answer = await checkBadgeAtKiosk(h.runtime, 'KCB1' + String.fromCharCode(70 + i).repeat(32));
      reasons.push(answer.ok ? 'ok' : answer.reason);
    }
    expect(reasons).toEqual(['unknown', 'unknown', 'unknown', 'unknown', 'device-locked', 'device-locked']);
    h.setFaults(() => 'down');
    expect(await checkBadgeAtKiosk(h.runtime, adas.token)).toEqual({ ok: false, reason: 'device-locked', attemptsLeft: null });
  });

  it('follows the kept mode offline: badge then PIN leads to the PIN, PIN only refuses', async () => {
    const tenant = await createTenant(t);
    await setKioskMode(tenant, 'badge-then-pin');
    const ada = tenant.employees[0]!;
    const badge = await issue(tenant, ada.id);
    const h = await createOfflineHarness(t, tenant);
    await refreshed(h);
    h.setFaults(() => 'down');
    expect(await checkBadgeAtKiosk(h.runtime, badge.token)).toMatchObject({ ok: true, checkedOffline: true, pinRequired: true, employee: { employeeId: ada.id } });
    await setKioskMode(tenant, 'pin');
    await refreshed(h);
    h.setFaults(() => 'down');
    expect(await checkBadgeAtKiosk(h.runtime, badge.token)).toEqual({ ok: false, reason: 'badges-off', attemptsLeft: null });
  });

  it('a punch made offline with a badge revoked meanwhile is delivered and flagged for a manager, not lost', async () => {
    const tenant = await createTenant(t, { employees: 2 });
    await setKioskMode(tenant, 'badge');
    const [ada, ben] = tenant.employees;
    const adas = await issue(tenant, ada!.id);
    const bens = await issue(tenant, ben!.id);
    const h = await createOfflineHarness(t, tenant);
    await refreshed(h);
    // Withdrawn while the tablet is cut off: it still holds the verifier. Withdrawn ten minutes
    // before the punches as the service sees it (its clock set back for the withdrawal alone), so
    // the tablet's measured clock offset cannot order the punch before it.
    t.clock.set(new Date(Date.now() - 10 * 60_000));
    const revoke = await t.request('POST', `${tenant.kiosk}/badges/${adas.badgeId}/revoke`, { auth: tenant.manager.auth }).finally(() => t.clock.real());
    expect(revoke.status, revoke.text).toBe(200);
    h.setFaults(() => 'down');
    for (const [person, badge] of [
      [ada!, adas],
      [ben!, bens],
    ] as const) {
      const check = await checkBadgeAtKiosk(h.runtime, badge.token);
      expect(check).toMatchObject({ ok: true, checkedOffline: true, badgeId: badge.badgeId });
      const punched = await punchAtKiosk(h.runtime, person.id, 'clockOn', {}, { badgeId: badge.badgeId });
      expect(punched.ok).toBe(true);
    }
    const queued = await h.db.outbox.orderBy('seq').toArray();
    expect(queued.map((e) => [e.op, e.employeeId])).toEqual([
      ['clockOn', ada!.id],
      ['identityClaim', ada!.id],
      ['clockOn', ben!.id],
      ['identityClaim', ben!.id],
    ]);
    expect(JSON.stringify(queued)).not.toContain(adas.token.slice(4));
    // Badge punches are not unverified PIN punches: they do not use up the person's bound.
    expect(await readUnverifiedHistory(h.db, ada!.id)).toEqual([]);

    h.setFaults(null);
    await h.runtime.syncNow({ force: true });
    expect(await h.db.outbox.count()).toBe(0);
    const claims = await t.db.select().from(identityClaims).where(eq(identityClaims.businessId, tenant.businessId));
    expect(claims.map((c) => [c.employeeId, c.outcome, c.reason, c.status]).sort()).toEqual(
      [
        [ada!.id, 'flagged', 'badge-revoked', 'pending'],
        [ben!.id, 'verified', null, 'verified'],
      ].sort(),
    );
    expect(claims.every((c) => c.punchId !== null)).toBe(true);
  });
});
