/**
 * Who is clocked on at another kiosk, against the real service: at refresh the
 * staff's open shifts that this device cannot see here are at another kiosk (not one here, not a
 * closed one), and the grid's check only counts the shift the tablet shows the person on; a shift
 * clocked through self-service is told apart.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKiosk, createTenant, enrolDeviceAuth } from '../server/testing/fixtures';
import { selfServiceAuth } from '../server/testing/selfServiceFixture';
import { startTestService, type TestService } from '../server/testing/testService';
import { OPEN_SHIFTS_KEY, openShiftElsewhere, readOpenShifts } from './openShiftsElsewhere';
import { readRecord, StaffRecord } from './records';
import { createOfflineHarness } from './testing/offlineHarness';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

describe('open shifts at other kiosks', () => {
  it('are found at refresh, named by their kiosk, and forgotten once closed', async () => {
    const tenant = await createTenant(t, { employees: 3 });
    const backDoor = await addKiosk(t, tenant, 'Back door');
    const elsewhere = await enrolDeviceAuth(t, tenant, backDoor);
    const here = await enrolDeviceAuth(t, tenant);
    const [ada, ben] = tenant.employees;
    const punch = (kioskId: number, auth: string, kind: 'clockon' | 'clockoff', employeeId: number) =>
      t.request('POST', `${tenant.base}/kiosk/${kioskId}/${kind}`, { auth, json: { employeeId }, headers: { 'idempotency-key': randomUUID() } });
    expect((await punch(backDoor, elsewhere, 'clockon', ada!.id)).status).toBe(200);
    expect((await punch(tenant.kioskId, here, 'clockon', ben!.id)).status).toBe(200);

    const h = await createOfflineHarness(t, tenant);
    expect(await h.runtime.refresh()).toBe(true);
    const kept = readOpenShifts((await h.db.meta.get(OPEN_SHIFTS_KEY))?.value);
    expect(Object.keys(kept)).toEqual([String(ada!.id)]);
    // This device sees only its own kiosk's shifts: the other kiosk is not named to it.
    expect(kept[String(ada!.id)]).toMatchObject({ kioskName: null });
    const adaHere = readRecord(StaffRecord, await h.db.staff.get(ada!.id));
    expect(openShiftElsewhere(kept, ada!.id, adaHere!.local)).not.toBeNull();
    // Once this tablet shows her off (a local clock-off), the old open shift no longer counts.
    expect(openShiftElsewhere(kept, ada!.id, { ...adaHere!.local, status: 'ClockedOff' })).toBeNull();

    expect((await punch(backDoor, elsewhere, 'clockoff', ada!.id)).status).toBe(200);
    expect(await h.runtime.refresh()).toBe(true);
    expect(readOpenShifts((await h.db.meta.get(OPEN_SHIFTS_KEY))?.value)).toEqual({});
  });

  it('say when a person clocked on through self-service, not at another kiosk', async () => {
    const tenant = await createTenant(t, { employees: 2 });
    const [cleo] = tenant.employees;
    const { auth } = await selfServiceAuth(t, tenant, cleo!.id, `cleo-${randomUUID().slice(0, 8)}@example.test`);
    const on = await t.request('POST', `/api/v2/ess/${cleo!.id}/timeandattendance/clockon`, { auth, json: {}, headers: { 'idempotency-key': randomUUID() } });
    expect(on.status, on.text).toBe(200);

    const h = await createOfflineHarness(t, tenant);
    expect(await h.runtime.refresh()).toBe(true);
    const kept = readOpenShifts((await h.db.meta.get(OPEN_SHIFTS_KEY))?.value);
    expect(kept[String(cleo!.id)]).toMatchObject({ kioskName: null, selfService: true });
  });
});
