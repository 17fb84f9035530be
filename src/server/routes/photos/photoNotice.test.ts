/**
 * The photo notice through the real app: the business's own words saved beside the photo policy
 * and handed to tablets; a person's acknowledgement queued by one tablet is kept once (the first),
 * so every tablet's policy lists them; bad input is refused with nothing kept; scope.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoNoticeAcknowledgementModel } from '../../../contract/supporting/photos';
import type { DeviceIdentityModel } from '../../../contract/supporting/devices';
import { addKiosk, createTenant, enrolDeviceAuth, restrictedUserAuth, type Tenant } from '../../testing/fixtures';
import { startTestService, type ApiResult, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const fieldsOf = (res: ApiResult) => (res.body as { errors: Array<{ field: string }> }).errors.map((e) => e.field);

async function policyOf(device: string): Promise<DeviceIdentityModel['policy']> {
  const me = await t.request('GET', '/api/v2/device', { auth: device });
  expect(me.status, me.text).toBe(200);
  return (me.body as DeviceIdentityModel).policy;
}

const acknowledge = (tenant: Tenant, device: string, json: object, kioskId = tenant.kioskId, key = randomUUID()) =>
  t.request('POST', `${tenant.base}/kiosk/${kioskId}/photonoticeacknowledgements`, { auth: device, json, headers: { 'idempotency-key': key } });

describe('the photo notice', () => {
  it("keeps the business's words beside the photo policy and hands them to tablets; blank or too long is refused", async () => {
    const tenant = await createTenant(t);
    const device = await enrolDeviceAuth(t, tenant);
    const url = `${tenant.base}/photopolicy`;
    expect((await policyOf(device)).photoNotice).toBeNull();

    const words = '  Photos at the till are kept 14 days, then deleted. Ask Sam if you would rather not be photographed.  ';
    const saved = await t.request('PUT', url, { auth: tenant.manager.auth, json: { retentionDays: 14, notice: words } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({ retentionDays: 14, viewers: 'unrestrictedUsers', notice: words.trim() });
    expect(await policyOf(device)).toMatchObject({ photoNotice: words.trim(), photoRetentionDays: 14 });

    for (const bad of ['   ', 'x'.repeat(1001), 42, 'a\u0000b']) {
      const refused = await t.request('PUT', url, { auth: tenant.manager.auth, json: { retentionDays: 14, notice: bad } });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(fieldsOf(refused)).toEqual(['notice']);
    }
    expect((await policyOf(device)).photoNotice).toBe(words.trim());

    // null goes back to the kiosk's own default words.
    const reset = await t.request('PUT', url, { auth: tenant.manager.auth, json: { retentionDays: 14, notice: null } });
    expect(reset.body).toMatchObject({ notice: null });
    expect((await policyOf(device)).photoNotice).toBeNull();
  });

  it("keeps a person's first acknowledgement, so every tablet of the business stops asking; a replay or a later one changes nothing", async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    try {
      await firstAcknowledgementKept();
    } finally {
      t.clock.real();
    }
  });

  async function firstAcknowledgementKept() {
    const tenant = await createTenant(t, { employees: 2 });
    const [ada, bo] = tenant.employees;
    const device = await enrolDeviceAuth(t, tenant);
    const kioskB = await addKiosk(t, tenant, 'Back door');
    const other = await enrolDeviceAuth(t, tenant, kioskB);
    expect((await policyOf(other)).photoNoticeAcknowledgedEmployeeIds).toEqual([]);

    // Acknowledged offline an hour ago; the tablet delivers it now.
    const acknowledgedUtc = new Date(t.clock.now().getTime() - 3_600_000).toISOString();
    const key = randomUUID();
    const first = await acknowledge(tenant, device, { employeeId: ada!.id, acknowledgedUtc }, tenant.kioskId, key);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ employeeId: ada!.id, kioskId: tenant.kioskId, acknowledgedUtc, receivedUtc: t.clock.now().toISOString() });

    expect((await policyOf(other)).photoNoticeAcknowledgedEmployeeIds).toEqual([ada!.id]);
    expect((await policyOf(device)).photoNoticeAcknowledgedEmployeeIds).toEqual([ada!.id]);

    const replay = await acknowledge(tenant, device, { employeeId: ada!.id, acknowledgedUtc }, tenant.kioskId, key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    // Another tablet that had not heard yet: the first acknowledgement stands.
    const later = await acknowledge(tenant, other, { employeeId: ada!.id, acknowledgedUtc: t.clock.now().toISOString() }, kioskB);
    expect(later.status, later.text).toBe(200);
    expect(later.body).toEqual(first.body);

    const bos = await acknowledge(tenant, other, { employeeId: bo!.id, acknowledgedUtc: t.clock.now().toISOString() }, kioskB);
    expect(bos.status, bos.text).toBe(200);
    const list = await t.request('GET', `${tenant.base}/photonoticeacknowledgements`, { auth: tenant.manager.auth });
    expect(list.status, list.text).toBe(200);
    expect((list.body as PhotoNoticeAcknowledgementModel[]).map((a) => [a.employeeId, a.kioskId])).toEqual([
      [ada!.id, tenant.kioskId],
      [bo!.id, kioskB],
    ]);
    expect((await policyOf(device)).photoNoticeAcknowledgedEmployeeIds).toEqual([ada!.id, bo!.id]);
  }

  it('refuses bad acknowledgements with a clear field and keeps nothing', async () => {
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!;
    const device = await enrolDeviceAuth(t, tenant);
    const elsewhere = await createTenant(t);
    const now = t.clock.now().getTime();
    const cases: Array<[object, string]> = [
      [{ employeeId: ada.id }, 'acknowledgedUtc'],
      [{ employeeId: ada.id, acknowledgedUtc: 'yesterday' }, 'acknowledgedUtc'],
      [{ employeeId: ada.id, acknowledgedUtc: new Date(now + 3_600_000).toISOString() }, 'acknowledgedUtc'],
      [{ employeeId: 'ada', acknowledgedUtc: new Date(now).toISOString() }, 'employeeId'],
      [{ employeeId: elsewhere.employees[0]!.id, acknowledgedUtc: new Date(now).toISOString() }, 'employeeId'],
      [{ employeeId: 999_999_999, acknowledgedUtc: new Date(now).toISOString() }, 'employeeId'],
    ];
    for (const [json, field] of cases) {
      const res = await acknowledge(tenant, device, json);
      expect(res.status, `${JSON.stringify(json)} ${res.text}`).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
    }
    expect((await t.request('GET', `${tenant.base}/photonoticeacknowledgements`, { auth: tenant.manager.auth })).body).toEqual([]);
    expect((await policyOf(device)).photoNoticeAcknowledgedEmployeeIds).toEqual([]);
  });

  it('keeps to its scope: only devices acknowledge, at their own kiosk; managers read; other businesses see nothing', async () => {
    const tenant = await createTenant(t);
    const ada = tenant.employees[0]!;
    const device = await enrolDeviceAuth(t, tenant);
    const json = { employeeId: ada.id, acknowledgedUtc: t.clock.now().toISOString() };
    expect((await acknowledge(tenant, tenant.manager.auth, json)).status).toBe(403);
    const kioskB = await addKiosk(t, tenant, 'Back door');
    expect((await acknowledge(tenant, device, json, kioskB)).status).toBe(403);
    const other = await createTenant(t);
    expect((await acknowledge(tenant, await enrolDeviceAuth(t, other), json)).status).toBe(404);
    expect((await t.request('GET', `${tenant.base}/photonoticeacknowledgements`, { auth: device })).status).toBe(403);
    expect((await t.request('GET', `${tenant.base}/photonoticeacknowledgements`, { auth: other.manager.auth })).status).toBe(404);
    const restricted = await restrictedUserAuth(t, tenant, [tenant.kioskId]);
    expect((await t.request('GET', `${tenant.base}/photonoticeacknowledgements`, { auth: restricted })).status).toBe(200);
  });
});
