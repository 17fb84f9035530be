/**
 * Manager PINs on the tablet, against the real service (docs/offline-pin.md, "Manager PINs"): the
 * refresh lists the kiosk's managers; online the PIN opens a session and teaches this tablet a
 * verifier; with the network down the verifier opens only the read-only view, under a lockout of
 * its own; a PIN forgotten elsewhere is forgotten here at the next refresh.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type Tenant } from '../server/testing/fixtures';
import { startTestService, type TestService } from '../server/testing/testService';
import { openWithManagerPin, readKioskManagers } from './managerPins';
import { createOfflineHarness, type OfflineHarness } from './testing/offlineHarness';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const PIN = '604918';

async function withManagerPin(): Promise<{ tenant: Tenant; h: OfflineHarness }> {
  const tenant = await createTenant(t);
  const set = await t.request('PUT', `${tenant.kiosk}/managerpin`, { auth: tenant.manager.auth, json: { pin: PIN } });
  expect(set.status, set.text).toBe(200);
  const h = await createOfflineHarness(t, tenant);
  expect(await h.runtime.refresh()).toBe(true);
  return { tenant, h };
}

describe('a manager PIN at the tablet', () => {
  it('opens a session online and, with the network down, the read-only view on the learned verifier', async () => {
    const { tenant, h } = await withManagerPin();
    const [manager] = await readKioskManagers(h.db);
    expect(manager).toMatchObject({ userId: tenant.manager.userId });

    // Offline before the PIN was ever confirmed here: nothing to check it with.
    h.setFaults(() => 'down');
    expect(await openWithManagerPin(h.runtime, manager!, PIN)).toEqual({ kind: 'offline-unknown' });

    h.setFaults(null);
    const online = await openWithManagerPin(h.runtime, manager!, PIN);
    expect(online).toMatchObject({ kind: 'session', session: { userId: tenant.manager.userId, email: tenant.manager.email } });

    h.setFaults(() => 'down');
    expect(await openWithManagerPin(h.runtime, manager!, PIN)).toEqual({ kind: 'offline', manager });
    // A wrong PIN offline counts against this tablet's lockout and opens nothing.
    expect(await openWithManagerPin(h.runtime, manager!, '000000')).toEqual({ kind: 'wrong', attemptsLeft: 4 });
    for (let i = 0; i < 3; i += 1) await openWithManagerPin(h.runtime, manager!, '000000');
    const locked = await openWithManagerPin(h.runtime, manager!, '000000');
    expect(locked.kind).toBe('locked');
    expect(await openWithManagerPin(h.runtime, manager!, PIN)).toMatchObject({ kind: 'locked' });
  });

  it('answers a wrong PIN online with the service\'s attempts left, and a forgotten PIN is forgotten here at the next refresh', async () => {
    const { tenant, h } = await withManagerPin();
    const [manager] = await readKioskManagers(h.db);
    expect(await openWithManagerPin(h.runtime, manager!, '111111')).toEqual({ kind: 'wrong', attemptsLeft: 4 });
    expect(await openWithManagerPin(h.runtime, manager!, PIN)).toMatchObject({ kind: 'session' });

    const forgot = await t.request('DELETE', `${tenant.kiosk}/managerpin`, { auth: tenant.manager.auth });
    expect(forgot.status).toBe(200);
    expect(await h.runtime.refresh()).toBe(true);
    expect(await readKioskManagers(h.db)).toEqual([]);
    h.setFaults(() => 'down');
    expect(await openWithManagerPin(h.runtime, manager!, PIN)).toEqual({ kind: 'offline-unknown' });
  });
});
