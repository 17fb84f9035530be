/**
 * Fleet health through the real app: a device reports its own health (validated, bounded, hostile
 * input refused), a manager lists every device of the business with its report and the silent flag
 * the service computes, and nobody sees another business's devices or reports for another device.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DeviceHealthModel, EnrolledDeviceModel, FleetDeviceModel, type DeviceHealthReportModel } from '../../../contract/routes/devices';
import { addKiosk, addRestrictedUser, createTenant, type Tenant } from '../../testing/fixtures';
import { bearer, startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ DEVICE_SILENT_MINUTES: '15' });
});
afterAll(() => t.close());
afterEach(() => t.clock.real());

const HEALTHY: DeviceHealthReportModel = {
  queueDepth: 3,
  oldestUnsentUtc: '2025-03-01T08:55:00.000Z',
  lastSyncUtc: '2025-03-01T08:50:00.000Z',
  clockOffsetMs: -1_250,
  appVersion: '0.1.0+abc1234',
  storagePersisted: false,
  needsAttention: 1,
};

async function enrol(tenant: Tenant, name: string, kioskPath = tenant.kiosk): Promise<EnrolledDeviceModel> {
  const res = await t.request('POST', `${kioskPath}/devices`, { auth: tenant.manager.auth, json: { name } });
  expect(res.status, res.text).toBe(200);
  return EnrolledDeviceModel.parse(res.body);
}

const report = (device: EnrolledDeviceModel, json: unknown) => t.request('PUT', '/api/v2/device/health', { auth: bearer(device.token), json });

async function fleet(tenant: Tenant, auth = tenant.manager.auth): Promise<FleetDeviceModel[]> {
  const res = await t.request('GET', `${tenant.base}/devices`, { auth });
  expect(res.status, res.text).toBe(200);
  return (res.body as unknown[]).map((item) => FleetDeviceModel.parse(item));
}

describe('PUT /api/v2/device/health', () => {
  it('stores the report with the service receive time, and the manager sees it', async () => {
    const tenant = await createTenant(t);
    t.clock.set('2025-03-01T09:00:00Z');
    const device = await enrol(tenant, 'Lobby');
    t.clock.set('2025-03-01T09:01:00Z');
    const res = await report(device, HEALTHY);
    expect(res.status, res.text).toBe(200);
    expect(DeviceHealthModel.parse(res.body)).toEqual({ ...HEALTHY, receivedUtc: '2025-03-01T09:01:00.000Z' });

    t.clock.set('2025-03-01T09:02:00Z');
    const [listed] = await fleet(tenant);
    expect(listed).toMatchObject({
      id: device.id,
      name: 'Lobby',
      kioskId: tenant.kioskId,
      kioskName: 'Front door',
      lastHeardUtc: '2025-03-01T09:01:00.000Z',
      isSilent: false,
      health: { ...HEALTHY, receivedUtc: '2025-03-01T09:01:00.000Z' },
    });

    // A later report replaces the earlier one.
    t.clock.set('2025-03-01T09:03:00Z');
    expect((await report(device, { ...HEALTHY, queueDepth: 0, oldestUnsentUtc: null })).status).toBe(200);
    const [after] = await fleet(tenant);
    expect(after?.health).toMatchObject({ queueDepth: 0, oldestUnsentUtc: null, receivedUtc: '2025-03-01T09:03:00.000Z' });
  });

  it("carries the badges a device could not place offline and its badge lockout to the manager; an older app's report without them still counts", async () => {
    const tenant = await createTenant(t);
    t.clock.set('2025-03-01T09:30:00Z');
    const device = await enrol(tenant, 'Back door');
    const badges = { unknownBadgesOffline: 6, lastUnknownBadgeOfflineUtc: '2025-03-01T09:20:05.000Z', badgeLockedUntilUtc: '2025-03-01T09:35:04.000Z' };
    expect((await report(device, { ...HEALTHY, ...badges })).status).toBe(200);
    const [listed] = await fleet(tenant);
    expect(listed?.health).toMatchObject(badges);
    expect((await report(device, HEALTHY)).status).toBe(200);
    const [older] = await fleet(tenant);
    expect(older?.health).toEqual({ ...HEALTHY, receivedUtc: '2025-03-01T09:30:00.000Z' });
  });

  it('refuses hostile or malformed reports with a 400 naming the field, and stores nothing', async () => {
    const tenant = await createTenant(t);
    const device = await enrol(tenant, 'Lobby');
    const cases: Array<[unknown, string]> = [
      [{ ...HEALTHY, queueDepth: -1 }, 'queueDepth'],
      [{ ...HEALTHY, queueDepth: 1.5 }, 'queueDepth'],
      [{ ...HEALTHY, queueDepth: 10 ** 12 }, 'queueDepth'],
      [{ ...HEALTHY, needsAttention: '3' }, 'needsAttention'],
      [{ ...HEALTHY, clockOffsetMs: 10 ** 15 }, 'clockOffsetMs'],
      [{ ...HEALTHY, appVersion: 'x'.repeat(65) }, 'appVersion'],
      [{ ...HEALTHY, appVersion: '<script>alert(1)</script> 1' }, 'appVersion'],
      [{ ...HEALTHY, appVersion: '' }, 'appVersion'],
      [{ ...HEALTHY, oldestUnsentUtc: 'yesterday' }, 'oldestUnsentUtc'],
      [{ ...HEALTHY, lastSyncUtc: '0001-01-01T00:00:00Z' }, 'lastSyncUtc'],
      [{ ...HEALTHY, storagePersisted: 'yes' }, 'storagePersisted'],
      [{ ...HEALTHY, unknownBadgesOffline: -1 }, 'unknownBadgesOffline'],
      [{ ...HEALTHY, unknownBadgesOffline: 2.5 }, 'unknownBadgesOffline'],
      [{ ...HEALTHY, lastUnknownBadgeOfflineUtc: 'yesterday' }, 'lastUnknownBadgeOfflineUtc'],
      [{ ...HEALTHY, badgeLockedUntilUtc: 1_700_000_000 }, 'badgeLockedUntilUtc'],
      [{ ...HEALTHY, deviceId: 999 }, ''],
    ];
    for (const [json, field] of cases) {
      const res = await report(device, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      const errors = (res.body as { errors?: Array<{ field: string }> }).errors ?? [];
      if (field) expect(errors.map((e) => e.field), JSON.stringify(json)).toContain(field);
      else expect(errors.length, res.text).toBeGreaterThan(0);
    }
    const { queueDepth: _dropped, ...missing } = HEALTHY;
    expect((await report(device, missing)).status).toBe(400);
    expect((await report(device, [HEALTHY])).status).toBe(400);
    const [listed] = await fleet(tenant);
    expect(listed?.health).toBeNull();
  });

  it('admits only a device, for itself: users get 403, no credential 401, a revoked device 401', async () => {
    const tenant = await createTenant(t);
    const device = await enrol(tenant, 'Lobby');
    const other = await enrol(tenant, 'Till');
    const asUser = await t.request('PUT', '/api/v2/device/health', { auth: tenant.manager.auth, json: HEALTHY });
    expect(asUser.status).toBe(403);
    expect((await t.request('PUT', '/api/v2/device/health', { json: HEALTHY })).status).toBe(401);

    // Reporting changes only the caller's row.
    expect((await report(device, HEALTHY)).status).toBe(200);
    const listed = await fleet(tenant);
    expect(listed.find((d) => d.id === device.id)?.health).not.toBeNull();
    expect(listed.find((d) => d.id === other.id)?.health).toBeNull();

    expect((await t.request('DELETE', `${tenant.kiosk}/devices/${other.id}`, { auth: tenant.manager.auth })).status).toBe(200);
    expect((await report(other, HEALTHY)).status).toBe(401);
  });
});

describe('GET /api/v2/business/{businessId}/devices', () => {
  it('lists every device of the business across kiosks and flags one silent past DEVICE_SILENT_MINUTES', async () => {
    const tenant = await createTenant(t);
    t.clock.set('2025-03-01T09:00:00Z');
    const lobby = await enrol(tenant, 'Lobby');
    const backKiosk = await addKiosk(t, tenant, 'Back door');
    const back = await enrol(tenant, 'Back tablet', `${tenant.base}/kiosk/${backKiosk}`);
    expect((await report(lobby, HEALTHY)).status).toBe(200);
    expect((await report(back, HEALTHY)).status).toBe(200);

    t.clock.set('2025-03-01T09:14:00Z');
    expect((await report(lobby, HEALTHY)).status).toBe(200);
    t.clock.set('2025-03-01T09:15:30Z');
    const listed = await fleet(tenant);
    expect(listed.map((d) => [d.name, d.kioskName, d.isSilent])).toEqual([
      ['Lobby', 'Front door', false],
      ['Back tablet', 'Back door', true],
    ]);
    expect(listed[1]?.lastHeardUtc).toBe('2025-03-01T09:00:00.000Z');
  });

  it('flags a device never heard from once the threshold has passed since its enrolment', async () => {
    const tenant = await createTenant(t);
    t.clock.set('2025-03-01T09:00:00Z');
    await enrol(tenant, 'Spare');
    t.clock.set('2025-03-01T09:10:00Z');
    expect((await fleet(tenant))[0]).toMatchObject({ lastHeardUtc: null, isSilent: false, health: null });
    t.clock.set('2025-03-01T09:16:00Z');
    expect((await fleet(tenant))[0]).toMatchObject({ lastHeardUtc: null, isSilent: true });
  });

  it("shows nothing of another business, and a restricted manager only their kiosks' devices", async () => {
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    const mine = await enrol(tenant, 'Mine');
    const theirs = await enrol(other, 'Theirs');
    expect((await report(theirs, HEALTHY)).status).toBe(200);

    const foreign = await t.request('GET', `${other.base}/devices`, { auth: tenant.manager.auth });
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain('Theirs');
    expect((await fleet(tenant)).map((d) => d.id)).toEqual([mine.id]);

    const backKiosk = await addKiosk(t, tenant, 'Back door');
    const back = await enrol(tenant, 'Back tablet', `${tenant.base}/kiosk/${backKiosk}`);
    const restricted = await addRestrictedUser(t, tenant, [backKiosk]);
    expect((await fleet(tenant, restricted.auth)).map((d) => d.id)).toEqual([back.id]);
    const noKiosks = await addRestrictedUser(t, tenant);
    expect((await t.request('GET', `${tenant.base}/devices`, { auth: noKiosks.auth })).status).toBe(403);
  });

  it('refuses a kiosk device (403) and no credential (401)', async () => {
    const tenant = await createTenant(t);
    const device = await enrol(tenant, 'Lobby');
    const res = await t.request('GET', `${tenant.base}/devices`, { auth: bearer(device.token) });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'forbidden' });
    expect((await t.request('GET', `${tenant.base}/devices`)).status).toBe(401);
  });

  it('leaves out revoked devices and devices of a deleted kiosk', async () => {
    const tenant = await createTenant(t);
    const keeper = await enrol(tenant, 'Keeper');
    const revoked = await enrol(tenant, 'Revoked');
    const doomedKiosk = await addKiosk(t, tenant, 'Pop-up');
    await enrol(tenant, 'Pop-up tablet', `${tenant.base}/kiosk/${doomedKiosk}`);
    expect((await t.request('DELETE', `${tenant.kiosk}/devices/${revoked.id}`, { auth: tenant.manager.auth })).status).toBe(200);
    expect((await t.request('DELETE', `${tenant.base}/kiosk/${doomedKiosk}`, { auth: tenant.manager.auth })).status).toBe(200);
    expect((await fleet(tenant)).map((d) => d.id)).toEqual([keeper.id]);
  });
});
