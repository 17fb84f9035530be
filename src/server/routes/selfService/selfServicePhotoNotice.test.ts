/**
 * The photo notice in self-service, through the real app and database: the employee reads the
 * notice as it applies to them (photos required by the portal settings unless exempt, the
 * business's words, the retention, their acknowledgement), acknowledges it once (kept at the
 * service's time with no kiosk; a second answers the first; one made at a kiosk counts here too
 * and the other way round), and nobody else can read or acknowledge it for them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PhotoNoticeAcknowledgementModel, SelfServicePhotoNoticeModel } from '../../../contract/supporting/photos';
import { DEFAULT_PORTAL_SETTINGS } from '../../services/businesses/settings';
import { createTenant, enrolDeviceAuth } from '../../testing/fixtures';
import { selfServiceAuth } from '../../testing/selfServiceFixture';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());
afterEach(() => t.clock.real());

const notice = (employeeId: number) => `/api/v2/ess/${employeeId}/photonotice`;

async function readNotice(auth: string, employeeId: number) {
  const res = await t.request('GET', notice(employeeId), { auth });
  expect(res.status, res.text).toBe(200);
  return SelfServicePhotoNoticeModel.parse(res.body);
}

describe('the photo notice in self-service', () => {
  it('says whether photos are required and in what words, and keeps the first acknowledgement', async () => {
    const tenant = await createTenant(t, { employees: 2 });
    const [ada, ben] = tenant.employees;
    const { auth } = await selfServiceAuth(t, tenant, ada!.id);
    expect(await readNotice(auth, ada!.id)).toEqual({ photoRequired: false, exempt: false, notice: null, retentionDays: 30, acknowledgedUtc: null });

    // The portal requires photos, and the business has words of its own and keeps photos 14 days.
    const portal = await t.request('POST', `${tenant.base}/employeeportalsettings`, { auth: tenant.manager.auth, json: { ...DEFAULT_PORTAL_SETTINGS, requirePhoto: true } });
    expect(portal.status, portal.text).toBe(200);
    const words = 'We photograph each punch to stop buddy punching. Ask your manager to opt out.';
    const policy = await t.request('PUT', `${tenant.base}/photopolicy`, { auth: tenant.manager.auth, json: { retentionDays: 14, notice: words } });
    expect(policy.status, policy.text).toBe(200);
    expect(await readNotice(auth, ada!.id)).toEqual({ photoRequired: true, exempt: false, notice: words, retentionDays: 14, acknowledgedUtc: null });

    // Acknowledged at the service's time, at no kiosk; a second acknowledgement answers the first.
    t.clock.set('2026-11-20T09:00:00.000Z');
    const first = await t.request('POST', `${notice(ada!.id)}/acknowledgement`, { auth });
    expect(first.status, first.text).toBe(200);
    expect(PhotoNoticeAcknowledgementModel.parse(first.body)).toEqual({ employeeId: ada!.id, kioskId: null, acknowledgedUtc: '2026-11-20T09:00:00.000Z', receivedUtc: '2026-11-20T09:00:00.000Z' });
    t.clock.set('2026-11-21T09:00:00.000Z');
    const again = await t.request('POST', `${notice(ada!.id)}/acknowledgement`, { auth });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await readNotice(auth, ada!.id)).acknowledgedUtc).toBe('2026-11-20T09:00:00.000Z');
    // The kiosks hear of it too: a tablet will not ask Ada again.
    const device = await enrolDeviceAuth(t, tenant);
    const identity = await t.request('GET', '/api/v2/device', { auth: device });
    expect(identity.status, identity.text).toBe(200);
    expect(JSON.stringify(identity.body)).toContain(`"photoNoticeAcknowledgedEmployeeIds":[${ada!.id}]`);

    // Exempt: no photo is required of Ben, whatever the portal says.
    const ben$ = await selfServiceAuth(t, tenant, ben!.id);
    const exempt = await t.request('PUT', `${tenant.base}/employee/${ben!.id}/photoexemption`, { auth: tenant.manager.auth, json: { exempt: true } });
    expect(exempt.status, exempt.text).toBe(200);
    expect(await readNotice(ben$.auth, ben!.id)).toMatchObject({ photoRequired: false, exempt: true, acknowledgedUtc: null });
  });

  it('counts an acknowledgement made at a kiosk, and is the employee’s own: anyone else gets 404', async () => {
    const tenant = await createTenant(t, { employees: 2 });
    const [ada, ben] = tenant.employees;
    const { auth } = await selfServiceAuth(t, tenant, ada!.id);
    const device = await enrolDeviceAuth(t, tenant);
    const atKiosk = await t.request('POST', `${tenant.base}/kiosk/${tenant.kioskId}/photonoticeacknowledgements`, {
      auth: device,
      json: { employeeId: ada!.id, acknowledgedUtc: new Date(t.clock.now().getTime() - 60_000).toISOString() },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(atKiosk.status, atKiosk.text).toBe(200);
    expect((await readNotice(auth, ada!.id)).acknowledgedUtc).toBe((atKiosk.body as { acknowledgedUtc: string }).acknowledgedUtc);
    const mine = await t.request('POST', `${notice(ada!.id)}/acknowledgement`, { auth });
    expect(mine.body).toEqual(atKiosk.body);

    // Ben's notice is not Ada's to read or acknowledge, nor the manager's or a tablet's.
    for (const other of [auth, tenant.manager.auth, device]) {
      expect((await t.request('GET', notice(ben!.id), { auth: other })).status).toBe(404);
      expect((await t.request('POST', `${notice(ben!.id)}/acknowledgement`, { auth: other })).status).toBe(404);
    }
    const list = await t.request('GET', `${tenant.base}/photonoticeacknowledgements`, { auth: tenant.manager.auth });
    expect((list.body as Array<{ employeeId: number }>).map((a) => a.employeeId)).toEqual([ada!.id]);
  });
});
