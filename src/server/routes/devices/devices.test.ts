import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DeviceIdentityModel, DeviceModel, EnrolledDeviceModel } from '../../../contract/routes/devices';
import { OAuthTokenResponse } from '../../../contract/routes/oauth';
import { DEFAULT_PHOTO_POLICY } from '../../../contract/supporting/photos';
import { digest } from '../../auth/secrets';
import { devices, idempotencyKeys } from '../../db/schema';
import { addKiosk, createTenant, type Tenant } from '../../testing/fixtures';
import { bearer, startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());
afterEach(() => t.clock.real());

async function enrol(tenant: Tenant, name = 'Front door tablet', kioskPath = tenant.kiosk): Promise<EnrolledDeviceModel> {
  const res = await t.request('POST', `${kioskPath}/devices`, { auth: tenant.manager.auth, json: { name } });
  expect(res.status, res.text).toBe(200);
  return EnrolledDeviceModel.parse(res.body);
}

describe('device enrolment', () => {
  it('enrols a device whose token operates its own kiosk', async () => {
    const tenant = await createTenant(t);
    t.clock.set('2025-03-01T09:00:00Z');
    const device = await enrol(tenant);
    expect(device).toMatchObject({
      name: 'Front door tablet',
      businessId: tenant.businessId,
      kioskId: tenant.kioskId,
      createdUtc: '2025-03-01T09:00:00.000Z',
    });
    expect(device.token).toMatch(/^kcd_/);

    const kiosk = await t.request('GET', tenant.kiosk, { auth: bearer(device.token) });
    expect(kiosk.status, kiosk.text).toBe(200);
    expect(kiosk.body).toMatchObject({ id: tenant.kioskId, name: 'Front door' });
  });

  it('stores only the digest of the device token', async () => {
    const tenant = await createTenant(t);
    const device = await enrol(tenant);
    const [row] = await t.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row?.tokenHash).toBe(digest(device.token));
    expect(JSON.stringify(row)).not.toContain(device.token);
  });

  it('lists live devices without their tokens', async () => {
    const tenant = await createTenant(t);
    const first = await enrol(tenant, 'Tablet A');
    const second = await enrol(tenant, '  Tablet B  ');
    const res = await t.request('GET', `${tenant.kiosk}/devices`, { auth: tenant.manager.auth });
    expect(res.status).toBe(200);
    const listed = (res.body as unknown[]).map((d) => DeviceModel.strict().parse(d));
    expect(listed.map((d) => [d.id, d.name, d.lastSeenUtc])).toEqual([
      [first.id, 'Tablet A', null],
      [second.id, 'Tablet B', null],
    ]);
    expect(res.text).not.toContain(first.token);
    expect(res.text).not.toContain(second.token);
  });

  it('refuses a missing or blank name', async () => {
    const tenant = await createTenant(t);
    for (const json of [{}, { name: '   ' }, { name: 42 }]) {
      const res = await t.request('POST', `${tenant.kiosk}/devices`, { auth: tenant.manager.auth, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((res.body as { errors: Array<{ field: string }> }).errors.map((e) => e.field)).toEqual(['name']);
    }
  });

  it('answers 404 for an unknown or deleted kiosk and for another business', async () => {
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    const doomed = await addKiosk(t, tenant, 'Doomed');
    expect((await t.request('DELETE', `${tenant.base}/kiosk/${doomed}`, { auth: tenant.manager.auth })).status).toBe(200);
    const paths = [`${tenant.base}/kiosk/999999/devices`, `${tenant.base}/kiosk/${doomed}/devices`];
    for (const path of paths) {
      for (const method of ['POST', 'GET']) {
        const res = await t.request(method, path, { auth: tenant.manager.auth, json: method === 'POST' ? { name: 'x' } : undefined });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    const foreign = await t.request('POST', `${other.kiosk}/devices`, { auth: tenant.manager.auth, json: { name: 'x' } });
    expect(foreign.status).toBe(404);
    expect((await t.request('GET', `${other.kiosk}/devices`, { auth: tenant.manager.auth })).status).toBe(404);
  });

  it('lets a user signed in with OAuth enrol', async () => {
    const tenant = await createTenant(t);
    const signIn = await t.request('POST', '/oauth/token', {
      json: { grant_type: 'password', username: tenant.manager.email, password: tenant.manager.password },
    });
    const { access_token } = OAuthTokenResponse.parse(signIn.body);
    const res = await t.request('POST', `${tenant.kiosk}/devices`, { auth: bearer(access_token), json: { name: 'Via OAuth' } });
    expect(res.status, res.text).toBe(200);
    expect((await t.request('GET', tenant.kiosk, { auth: bearer(EnrolledDeviceModel.parse(res.body).token) })).status).toBe(200);
  });
});

describe('device confinement', () => {
  it('gets 403 on another kiosk of its business and on admin routes', async () => {
    const tenant = await createTenant(t);
    const device = await enrol(tenant);
    const otherKiosk = await addKiosk(t, tenant, 'Back door');
    const auth = bearer(device.token);

    const elsewhere = await t.request('GET', `${tenant.base}/kiosk/${otherKiosk}`, { auth });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toMatchObject({ code: 'forbidden' });

    const create = await t.request('POST', `${tenant.base}/kiosk`, { auth, json: { name: 'Rogue' } });
    expect(create.status).toBe(403);
    const update = await t.request('PUT', tenant.kiosk, { auth, json: { name: 'Renamed' } });
    expect(update.status).toBe(403);
    const kiosks = await t.request('GET', `${tenant.base}/kiosk`, { auth: tenant.manager.auth });
    expect((kiosks.body as Array<{ name: string }>).map((k) => k.name)).toEqual(['Front door', 'Back door']);
  });

  it("gets 404 on another business's kiosk", async () => {
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    const device = await enrol(tenant);
    const res = await t.request('GET', other.kiosk, { auth: bearer(device.token) });
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('Front door');
  });

  it('cannot enrol, list or revoke devices, even on its own kiosk', async () => {
    const tenant = await createTenant(t);
    const device = await enrol(tenant);
    const auth = bearer(device.token);
    const attempts = [
      await t.request('POST', `${tenant.kiosk}/devices`, { auth, json: { name: 'Clone' } }),
      await t.request('GET', `${tenant.kiosk}/devices`, { auth }),
      await t.request('DELETE', `${tenant.kiosk}/devices/${device.id}`, { auth }),
    ];
    for (const res of attempts) {
      expect(res.status, res.text).toBe(403);
      expect(res.body).toMatchObject({ code: 'forbidden' });
    }
    const listed = await t.request('GET', `${tenant.kiosk}/devices`, { auth: tenant.manager.auth });
    expect((listed.body as DeviceModel[]).map((d) => d.id)).toEqual([device.id]);
    expect((await t.request('GET', tenant.kiosk, { auth })).status).toBe(200);
  });
});

describe('device revocation', () => {
  it('revokes the credential: 401 afterwards, gone from the list', async () => {
    const tenant = await createTenant(t);
    const device = await enrol(tenant);
    const keeper = await enrol(tenant, 'Keeper');
    const res = await t.request('DELETE', `${tenant.kiosk}/devices/${device.id}`, { auth: tenant.manager.auth });
    expect(res.status, res.text).toBe(200);
    expect(res.text).toBe('');

    for (const path of [tenant.kiosk, '/api/v2/device']) {
      const refused = await t.request('GET', path, { auth: bearer(device.token) });
      expect(refused.status, path).toBe(401);
    }
    expect((await t.request('GET', tenant.kiosk, { auth: bearer(keeper.token) })).status).toBe(200);
    const listed = await t.request('GET', `${tenant.kiosk}/devices`, { auth: tenant.manager.auth });
    expect((listed.body as DeviceModel[]).map((d) => d.id)).toEqual([keeper.id]);

    const again = await t.request('DELETE', `${tenant.kiosk}/devices/${device.id}`, { auth: tenant.manager.auth });
    expect(again.status).toBe(404);
  });

  it('answers 404 for a device of another kiosk or business', async () => {
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    const theirs = await enrol(other);
    const secondKiosk = await addKiosk(t, tenant, 'Back door');
    const mine = await enrol(tenant, 'Back tablet', `${tenant.base}/kiosk/${secondKiosk}`);
    const wrongKiosk = await t.request('DELETE', `${tenant.kiosk}/devices/${mine.id}`, { auth: tenant.manager.auth });
    expect(wrongKiosk.status).toBe(404);
    const foreign = await t.request('DELETE', `${tenant.kiosk}/devices/${theirs.id}`, { auth: tenant.manager.auth });
    expect(foreign.status).toBe(404);
    expect((await t.request('GET', other.kiosk, { auth: bearer(theirs.token) })).status).toBe(200);
    expect((await t.request('GET', `${tenant.base}/kiosk/${secondKiosk}`, { auth: bearer(mine.token) })).status).toBe(200);
  });
});

describe('GET /api/v2/device', () => {
  it('tells a device its enrolment and records when it was last seen', async () => {
    const tenant = await createTenant(t);
    const device = await enrol(tenant, 'Lobby');
    t.clock.set('2025-03-01T09:00:00Z');
    const res = await t.request('GET', '/api/v2/device', { auth: bearer(device.token) });
    expect(res.status, res.text).toBe(200);
    expect(DeviceIdentityModel.strict().parse(res.body)).toEqual({
      id: device.id,
      name: 'Lobby',
      businessId: tenant.businessId,
      kioskId: tenant.kioskId,
      kioskName: 'Front door',
      // The service's own settings, which the kiosk applies offline, and the business's required choices.
      policy: {
        longShiftMinutes: t.settings.LONG_SHIFT_MINUTES,
        pinMaxAttempts: t.settings.PIN_MAX_ATTEMPTS,
        pinLockoutMinutes: t.settings.PIN_LOCKOUT_MINUTES,
        requireWorkType: false,
        requireLocation: false,
        // Whether Forgot PIN may offer a text message: the business's SMS switch, off by default.
        smsResets: false,
        photoExemptEmployeeIds: [],
        // The photo policy's retention and notice (the default words until the business writes its
        // own), and who has acknowledged the notice: nobody yet.
        photoRetentionDays: DEFAULT_PHOTO_POLICY.retentionDays,
        photoNotice: null,
        photoNoticeAcknowledgedEmployeeIds: [],
        // The business's break and rest rules: none until a manager saves a profile.
        breakRules: { profile: 'None', blockShortRest: false },
        // The questions asked at clock-off: none until a manager saves some.
        attestations: { rules: [] },
        attestationWording: [],
        // Locations' overrides of those two: none until a manager saves some.
        locationRules: [],
        // The location tree those overrides are inherited through: the test business has no child locations.
        locationParents: [],
      },
    });
    // The business's timesheet settings reach the tablet, so it asks for what the service will require.
    const timesheet = (await t.request('GET', `${tenant.base}/timesheetsettings`, { auth: tenant.manager.auth })).body as Record<string, unknown>;
    await t.request('PUT', `${tenant.base}/timesheetsettings`, { auth: tenant.manager.auth, json: { ...timesheet, requireLocation: true, requireWorkType: true } });
    const required = await t.request('GET', '/api/v2/device', { auth: bearer(device.token) });
    // requireWorkType stays off while the business has no work types (the vendor deactivates it then).
    expect((required.body as { policy: unknown }).policy).toMatchObject({ requireLocation: true, requireWorkType: false });
    await t.request('POST', `${tenant.base}/worktype`, { auth: tenant.manager.auth, json: { name: 'Picking' } });
    const withWorkTypes = await t.request('GET', '/api/v2/device', { auth: bearer(device.token) });
    expect((withWorkTypes.body as { policy: unknown }).policy).toMatchObject({ requireLocation: true, requireWorkType: true });

    const lastSeen = async () => {
      const listed = await t.request('GET', `${tenant.kiosk}/devices`, { auth: tenant.manager.auth });
      return (listed.body as DeviceModel[])[0]?.lastSeenUtc;
    };
    expect(await lastSeen()).toBe('2025-03-01T09:00:00.000Z');
    t.clock.advance(30_000);
    await t.request('GET', '/api/v2/device', { auth: bearer(device.token) });
    expect(await lastSeen()).toBe('2025-03-01T09:00:00.000Z');
    t.clock.advance(31_000);
    await t.request('GET', '/api/v2/device', { auth: bearer(device.token) });
    expect(await lastSeen()).toBe('2025-03-01T09:01:01.000Z');
  });

  it('answers 401 without credentials, 403 for a user', async () => {
    const tenant = await createTenant(t);
    const anonymous = await t.request('GET', '/api/v2/device');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 'unauthenticated' });
    expect((await t.request('GET', '/api/v2/device', { auth: bearer('kcd_not-enrolled') })).status).toBe(401);
    const user = await t.request('GET', '/api/v2/device', { auth: tenant.manager.auth });
    expect(user.status).toBe(403);
    expect(user.body).toMatchObject({ code: 'forbidden' });
  });

  it('answers 401 once the kiosk is deleted', async () => {
    const tenant = await createTenant(t);
    const kioskId = await addKiosk(t, tenant, 'Pop-up');
    const device = await enrol(tenant, 'Pop-up tablet', `${tenant.base}/kiosk/${kioskId}`);
    expect((await t.request('GET', '/api/v2/device', { auth: bearer(device.token) })).status).toBe(200);
    expect((await t.request('DELETE', `${tenant.base}/kiosk/${kioskId}`, { auth: tenant.manager.auth })).status).toBe(200);
    expect((await t.request('GET', '/api/v2/device', { auth: bearer(device.token) })).status).toBe(401);
  });
});

describe('credential hygiene', () => {
  it('refuses an Idempotency-Key on enrolment, because the credential is never stored', async () => {
    const tenant = await createTenant(t);
    const res = await t.request('POST', `${tenant.kiosk}/devices`, {
      auth: tenant.manager.auth,
      json: { name: 'Tablet' },
      headers: { 'idempotency-key': 'enrol-1' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'idempotency-key-invalid' });
    const stored = await t.db.select().from(idempotencyKeys);
    expect(stored.some((row) => row.key === 'enrol-1')).toBe(false);
    expect(stored.some((row) => (row.responseBody ?? '').includes('kcd_'))).toBe(false);
  });

  it('a deleted kiosk takes its devices with it', async () => {
    const tenant = await createTenant(t);
    const enrolled = await t.request('POST', `${tenant.kiosk}/devices`, { auth: tenant.manager.auth, json: { name: 'Tablet' } });
    const device = bearer((enrolled.body as { token: string }).token);
    expect((await t.request('GET', tenant.kiosk, { auth: device })).status).toBe(200);
    expect((await t.request('DELETE', tenant.kiosk, { auth: tenant.manager.auth })).status).toBe(200);
    expect((await t.request('GET', `${tenant.kiosk}/staff`, { auth: device })).status).toBe(401);
  });
});
