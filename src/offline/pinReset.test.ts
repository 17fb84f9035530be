/**
 * A PIN reset at the kiosk, against the real service (docs/offline-pin.md): the one-time code
 * leads to choosing a new PIN, and the tablet's offline verifier follows the PIN itself: it still
 * accepts the current PIN while the code waits, never learns the code, and learns the new PIN
 * once it is chosen.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox } from '../server/db/schema';
import { createTenant } from '../server/testing/fixtures';
import { startTestService, type TestService } from '../server/testing/testService';
import { changePinAtKiosk, checkPinAtKiosk, requestPinResetAtKiosk } from './kioskOperations';
import { verifyPinOffline } from './offlinePin';
import { createOfflineHarness, BACKGROUND_WAIT } from './testing/offlineHarness';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

describe('a PIN reset at the kiosk', () => {
  it('keeps the current PIN and its verifier until the code is used, then learns the new PIN', async () => {
    const tenant = await createTenant(t);
    const h = await createOfflineHarness(t, tenant);
    expect(await h.runtime.refresh()).toBe(true);
    const ada = tenant.employees[0]!;
    const now = () => h.runtime.clock.now();
    expect(await checkPinAtKiosk(h.runtime, ada.id, ada.pin)).toMatchObject({ ok: true, pinExpired: false });
    await vi.waitFor(async () => expect(await verifyPinOffline(h.db, ada.id, ada.pin, now())).toBe('match'), BACKGROUND_WAIT);

    expect(await requestPinResetAtKiosk(h.runtime, ada.id, 'email')).toMatchObject({ ok: true });
    const [message] = await t.db.select().from(outbox).where(eq(outbox.businessId, tenant.businessId));
    const code = /one-time code instead of your PIN: (\d+)/.exec(message?.body ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{8}$/);

    // The current PIN still signs in as before, online and on this tablet's verifier.
    expect(await checkPinAtKiosk(h.runtime, ada.id, ada.pin)).toMatchObject({ ok: true, pinExpired: false });
    expect(await verifyPinOffline(h.db, ada.id, ada.pin, now())).toBe('match');

    // The code leads to choosing a new PIN and is not learned as the PIN.
    expect(await checkPinAtKiosk(h.runtime, ada.id, code)).toMatchObject({ ok: true, pinExpired: true });
    // Learning runs in the background (PBKDF2, well under a second): give it time to go wrong.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await verifyPinOffline(h.db, ada.id, code, now())).toBe('mismatch');
    expect(await verifyPinOffline(h.db, ada.id, ada.pin, now())).toBe('match');

    expect(await changePinAtKiosk(h.runtime, ada.id, code, '5173')).toMatchObject({ ok: true });
    await vi.waitFor(async () => expect(await verifyPinOffline(h.db, ada.id, '5173', now())).toBe('match'), BACKGROUND_WAIT);
    expect(await verifyPinOffline(h.db, ada.id, ada.pin, now())).toBe('mismatch');
    expect(await checkPinAtKiosk(h.runtime, ada.id, code)).toMatchObject({ ok: false, reason: 'reset-used' });
  });
});
