/**
 * The kiosk applies the service's settings, not copies of them: a service configured with its own
 * PIN lockout and long-shift limit hands them to the device, and the kiosk's offline PIN check
 * locks after the service's number of wrong PINs, for the service's time; and it knows whether
 * text messages may carry a PIN reset code, so Forgot PIN offers only what works.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTenant } from '../server/testing/fixtures';
import { startTestService, type TestService } from '../server/testing/testService';
import { checkPinAtKiosk } from './kioskOperations';
import { readKioskPolicy } from './refreshKioskData';
import { createOfflineHarness, BACKGROUND_WAIT } from './testing/offlineHarness';

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ PIN_MAX_ATTEMPTS: '3', PIN_LOCKOUT_MINUTES: '7', LONG_SHIFT_MINUTES: '90' });
});
afterAll(() => t.close());

describe("the kiosk's policy", () => {
  it("comes from the service's settings and sets the offline PIN lockout", async () => {
    const tenant = await createTenant(t);
    const h = await createOfflineHarness(t, tenant);
    expect(await h.runtime.refresh()).toBe(true);
    expect(await readKioskPolicy(h.db)).toEqual({ longShiftMinutes: 90, pinMaxAttempts: 3, pinLockoutMinutes: 7, requireWorkType: false, requireLocation: false, smsResets: false, photoExemptEmployeeIds: [], photoRetentionDays: 30, photoNotice: null, photoNoticeAcknowledgedEmployeeIds: [], breakRules: { profile: 'None', blockShortRest: false }, attestations: { rules: [] }, attestationWording: [], locationRules: [], locationParents: [] });

    const ada = tenant.employees[0]!;
    expect(await checkPinAtKiosk(h.runtime, ada.id, ada.pin)).toMatchObject({ ok: true, checkedOffline: false });
    await vi.waitFor(async () => expect(await h.db.pinVerifiers.count()).toBe(1), BACKGROUND_WAIT);
    h.setFaults(() => 'down');
    expect(await checkPinAtKiosk(h.runtime, ada.id, '0000')).toMatchObject({ ok: false, reason: 'wrong', attemptsLeft: 2 });
    expect(await checkPinAtKiosk(h.runtime, ada.id, '0000')).toMatchObject({ ok: false, reason: 'wrong', attemptsLeft: 1 });
    const locked = await checkPinAtKiosk(h.runtime, ada.id, '0000');
    expect(locked).toMatchObject({ ok: false, reason: 'locked' });
    const until = 'until' in locked ? locked.until : null;
    expect(until ? until.getTime() - h.runtime.clock.now().getTime() : 0).toBeGreaterThan(6 * 60_000);
    expect(until ? until.getTime() - h.runtime.clock.now().getTime() : Infinity).toBeLessThanOrEqual(7 * 60_000);
  });

  it("says whether PIN resets may go by text message, as the business's setting says", async () => {
    const tenant = await createTenant(t);
    const h = await createOfflineHarness(t, tenant);
    expect(await h.runtime.refresh()).toBe(true);
    expect(await readKioskPolicy(h.db)).toMatchObject({ smsResets: false });
    const switched = await t.request('PUT', `/api/v2/business/${tenant.businessId}`, { auth: tenant.manager.auth, json: { name: 'Harbour Street Bakery', smsNotificationsEnabled: true } });
    expect(switched.status, switched.text).toBe(200);
    expect(await h.runtime.refresh()).toBe(true);
    expect(await readKioskPolicy(h.db)).toMatchObject({ smsResets: true });
  });
});
