import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PHOTO_POLICY, type EmployeePhotoModel, type PhotoRetentionRunModel } from '../../../contract/supporting/photos';
import { punches, punchPhotos } from '../../db/schema';
import { startPhotoRetention } from '../../jobs/photoRetention';
import { createTenant, enrolDeviceAuth, restrictedUserAuth, type Tenant } from '../../testing/fixtures';
import { startTestService, type ApiResult, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;
/** Tiny valid JPEGs (the magic number and an end marker), one byte apart so each is told from the others. */
const jpeg = (mark: number) => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, mark, 0xff, 0xd9]).toString('base64');
const fieldsOf = (res: ApiResult) => (res.body as { errors: Array<{ field: string }> }).errors.map((e) => e.field);

async function clockOnWithPhoto(tenant: Tenant, employeeId: number, image: string, auth = tenant.manager.auth): Promise<{ key: string; at: string }> {
  const key = randomUUID();
  const at = t.clock.now().toISOString();
  const res = await t.request('POST', `${tenant.kiosk}/clockon`, { auth, json: { employeeId, image, recordedTimeUtc: at }, headers: { 'idempotency-key': key } });
  expect(res.status, res.text).toBe(200);
  return { key, at };
}

async function exported(tenant: Tenant, employeeId: number, query = ''): Promise<EmployeePhotoModel[]> {
  const res = await t.request('GET', `${tenant.base}/employee/${employeeId}/photos${query}`, { auth: tenant.manager.auth });
  expect(res.status, res.text).toBe(200);
  return res.body as EmployeePhotoModel[];
}

async function runs(tenant: Tenant): Promise<PhotoRetentionRunModel[]> {
  const res = await t.request('GET', `${tenant.base}/photoretentionruns`, { auth: tenant.manager.auth });
  expect(res.status, res.text).toBe(200);
  return res.body as PhotoRetentionRunModel[];
}

function person(tenant: Tenant, index: number) {
  const employee = tenant.employees[index];
  if (!employee) throw new Error(`the tenant has no employee ${index}`);
  return employee;
}

describe('photo policy', () => {
  it('starts at the defaults, saves what a manager sends, and refuses a retention out of range with nothing changed', async () => {
    const tenant = await createTenant(t);
    const url = `${tenant.base}/photopolicy`;
    const initial = await t.request('GET', url, { auth: tenant.manager.auth });
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual({ retentionDays: 30, viewers: 'unrestrictedUsers', notice: null });
    expect(DEFAULT_PHOTO_POLICY.retentionDays).toBe(30);

    const saved = await t.request('PUT', url, { auth: tenant.manager.auth, json: { retentionDays: 7, viewers: 'kioskManagers' } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({ retentionDays: 7, viewers: 'kioskManagers', notice: null });

    for (const bad of [0, 366, 1.5, '30', null, -1]) {
      const refused = await t.request('PUT', url, { auth: tenant.manager.auth, json: { retentionDays: bad } });
      expect(refused.status, `retentionDays ${String(bad)}`).toBe(400);
      expect(fieldsOf(refused)).toEqual(['retentionDays']);
    }
    const badViewers = await t.request('PUT', url, { auth: tenant.manager.auth, json: { viewers: 'everyone' } });
    expect(badViewers.status).toBe(400);
    expect(fieldsOf(badViewers)).toEqual(['viewers']);

    const kept = await t.request('GET', url, { auth: tenant.manager.auth });
    expect(kept.body).toEqual({ retentionDays: 7, viewers: 'kioskManagers', notice: null });
    // A field left out takes its default.
    const partial = await t.request('PUT', url, { auth: tenant.manager.auth, json: { retentionDays: 365 } });
    expect(partial.body).toEqual({ retentionDays: 365, viewers: 'unrestrictedUsers', notice: null });
  });

  it('only an unrestricted manager changes it; a device reads none of it', async () => {
    const tenant = await createTenant(t);
    const url = `${tenant.base}/photopolicy`;
    const restricted = await restrictedUserAuth(t, tenant, [tenant.kioskId]);
    expect((await t.request('GET', url, { auth: restricted })).status).toBe(200);
    expect((await t.request('PUT', url, { auth: restricted, json: { retentionDays: 365 } })).status).toBe(403);
    const device = await enrolDeviceAuth(t, tenant);
    expect((await t.request('GET', url, { auth: device })).status).toBe(403);
    expect((await t.request('GET', `${tenant.base}/employee/${person(tenant, 0).id}/photos`, { auth: restricted })).status).toBe(403);
    expect((await t.request('DELETE', `${tenant.base}/employee/${person(tenant, 0).id}/photos`, { auth: restricted })).status).toBe(403);
    expect((await t.request('GET', url, { auth: tenant.manager.auth })).body).toEqual(DEFAULT_PHOTO_POLICY);
  });
});

describe('the retention job on a set clock', () => {
  it('deletes exactly the photos past each business retention, keeps the others and the punches, and records counts', async () => {
    const start = new Date('2026-03-02T09:00:00Z');
    t.clock.set(start);
    try {
      const week = await createTenant(t, { employees: 3 });
      const month = await createTenant(t, { employees: 1 });
      expect((await t.request('PUT', `${week.base}/photopolicy`, { auth: week.manager.auth, json: { retentionDays: 7 } })).status).toBe(200);

      await clockOnWithPhoto(week, person(week, 0).id, jpeg(1)); // stored at start
      await clockOnWithPhoto(month, person(month, 0).id, jpeg(2)); // stored at start, kept 30 days
      t.clock.set(new Date(start.getTime() + 60_000));
      await clockOnWithPhoto(week, person(week, 1).id, jpeg(3)); // one minute later: exactly at the first cut-off
      t.clock.set(new Date(start.getTime() + 5 * DAY_MS));
      await clockOnWithPhoto(week, person(week, 2).id, jpeg(4)); // five days later

      const job = startPhotoRetention({ db: t.db, logger: t.logger, now: () => t.clock.now(), manual: true });
      try {
        // Seven days and a minute on: the first is past its time, the one stored at the cut-off is not.
        t.clock.set(new Date(start.getTime() + 7 * DAY_MS + 60_000));
        await job.runNow();
        expect(await exported(week, person(week, 0).id)).toEqual([]);
        expect((await exported(week, person(week, 1).id)).map((p) => p.image)).toEqual([jpeg(3)]);
        expect((await exported(week, person(week, 2).id)).map((p) => p.image)).toEqual([jpeg(4)]);
        expect((await exported(month, person(month, 0).id)).map((p) => p.image)).toEqual([jpeg(2)]);
        const [first] = await runs(week);
        expect(first).toEqual({ ranUtc: t.clock.now().toISOString(), cutoffUtc: start.toISOString().replace('09:00:00', '09:01:00'), photosDeleted: 1 });
        expect((await runs(month))[0]).toEqual({ ranUtc: t.clock.now().toISOString(), cutoffUtc: null, photosDeleted: 0 });
        // The punch stays, without its photo.
        const rows = await t.db.select({ employeeId: punches.employeeId, photoId: punches.photoId }).from(punches).where(eq(punches.businessId, week.businessId));
        expect(rows).toHaveLength(3);
        expect(rows.find((r) => r.employeeId === person(week, 0).id)?.photoId).toBeNull();

        // Thirty days and a minute on: everything of the week business, and the month business's one.
        t.clock.set(new Date(start.getTime() + 30 * DAY_MS + 60_000));
        await job.runNow();
        expect(await exported(week, person(week, 1).id)).toEqual([]);
        expect(await exported(week, person(week, 2).id)).toEqual([]);
        expect(await exported(month, person(month, 0).id)).toEqual([]);
        const weekRuns = await runs(week);
        expect(weekRuns.map((r) => r.photosDeleted)).toEqual([2, 1]);
        expect((await runs(month)).map((r) => r.photosDeleted)).toEqual([1, 0]);
        const left = await t.db.select({ id: punchPhotos.id }).from(punchPhotos).where(inArray(punchPhotos.businessId, [week.businessId, month.businessId]));
        expect(left).toEqual([]);
        expect(JSON.stringify(weekRuns)).not.toContain(jpeg(3));
      } finally {
        await job.stop();
      }
    } finally {
      t.clock.real();
    }
  });
});

describe("one person's photos", () => {
  it('exports them with their images a page at a time, then erases them and only them', async () => {
    const tenant = await createTenant(t, { employees: 2 });
    const [a, b] = [person(tenant, 0), person(tenant, 1)];
    await clockOnWithPhoto(tenant, a.id, jpeg(10));
    const off = await t.request('POST', `${tenant.kiosk}/clockoff`, { auth: tenant.manager.auth, json: { employeeId: a.id, image: jpeg(11) } });
    expect(off.status, off.text).toBe(200);
    await clockOnWithPhoto(tenant, b.id, jpeg(12));

    const all = await exported(tenant, a.id);
    expect(all.map((p) => [p.punchKind, p.contentType, p.image])).toEqual([
      ['clockOn', 'image/jpeg', jpeg(10)],
      ['clockOff', 'image/jpeg', jpeg(11)],
    ]);
    expect((await exported(tenant, a.id, '?$top=1&$skip=1')).map((p) => p.image)).toEqual([jpeg(11)]);

    const erased = await t.request('DELETE', `${tenant.base}/employee/${a.id}/photos`, { auth: tenant.manager.auth });
    expect(erased.status, erased.text).toBe(200);
    expect(erased.body).toEqual({ photosDeleted: 2 });
    expect(await exported(tenant, a.id)).toEqual([]);
    expect((await exported(tenant, b.id)).map((p) => p.image)).toEqual([jpeg(12)]);
    const again = await t.request('DELETE', `${tenant.base}/employee/${a.id}/photos`, { auth: tenant.manager.auth });
    expect(again.body).toEqual({ photosDeleted: 0 });

    const other = await createTenant(t);
    expect((await t.request('GET', `${other.base}/employee/${b.id}/photos`, { auth: other.manager.auth })).status).toBe(404);
    expect((await t.request('DELETE', `${other.base}/employee/${b.id}/photos`, { auth: other.manager.auth })).status).toBe(404);
    expect((await exported(tenant, b.id)).map((p) => p.image)).toEqual([jpeg(12)]);
    const badTop = await t.request('GET', `${tenant.base}/employee/${b.id}/photos?$top=many`, { auth: tenant.manager.auth });
    expect(badTop.status).toBe(400);
  });
});

describe('who sees the photo of an unverified offline punch', () => {
  it('never the tablet; unrestricted managers; kiosk managers only when the policy says so', async () => {
    const tenant = await createTenant(t);
    const device = await enrolDeviceAuth(t, tenant);
    const restricted = await restrictedUserAuth(t, tenant, [tenant.kioskId]);
    const employeeId = person(tenant, 0).id;
    const { key, at } = await clockOnWithPhoto(tenant, employeeId, jpeg(20), device);
    const claim = await t.request('POST', `${tenant.kiosk}/identityclaims`, {
      auth: device,
      json: { employeeId, punchKey: key, punchKind: 'clockOn', recordedTimeUtc: at, keyId: null, sealedPin: null },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(claim.status, claim.text).toBe(200);
    expect((claim.body as { photo: string | null }).photo).toBeNull();

    const photosFor = async (auth: string) => {
      const res = await t.request('GET', `${tenant.kiosk}/identityclaims`, { auth });
      expect(res.status, res.text).toBe(200);
      return (res.body as Array<{ photo: string | null }>).map((c) => c.photo);
    };
    expect(await photosFor(tenant.manager.auth)).toEqual([jpeg(20)]);
    expect(await photosFor(restricted)).toEqual([null]);
    expect((await t.request('PUT', `${tenant.base}/photopolicy`, { auth: tenant.manager.auth, json: { viewers: 'kioskManagers' } })).status).toBe(200);
    expect(await photosFor(restricted)).toEqual([jpeg(20)]);
  });
});

describe('a person exempt from photos', () => {
  it('punches without one at a photo-required kiosk, marked so; a photo still sent is not kept; the tablet policy lists them', async () => {
    const tenant = await createTenant(t, { employees: 2, kiosk: { isPhotoRequired: true } });
    const [exempt, other] = [person(tenant, 0), person(tenant, 1)];
    const device = await enrolDeviceAuth(t, tenant);
    const url = `${tenant.base}/employee/${exempt.id}/photoexemption`;

    for (const bad of [{}, { exempt: 'yes' }, { exempt: null }]) {
      const refused = await t.request('PUT', url, { auth: tenant.manager.auth, json: bad });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(fieldsOf(refused)).toEqual(['exempt']);
    }
    const restricted = await restrictedUserAuth(t, tenant, [tenant.kioskId]);
    expect((await t.request('PUT', url, { auth: restricted, json: { exempt: true } })).status).toBe(403);
    expect((await t.request('PUT', `${tenant.base}/employee/999999/photoexemption`, { auth: tenant.manager.auth, json: { exempt: true } })).status).toBe(404);
    expect((await t.request('GET', `${tenant.base}/photoexemptions`, { auth: tenant.manager.auth })).body).toEqual([]);

    const set = await t.request('PUT', url, { auth: tenant.manager.auth, json: { exempt: true } });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toEqual({ employeeId: exempt.id, exempt: true });
    expect((await t.request('GET', `${tenant.base}/photoexemptions`, { auth: restricted })).body).toEqual([exempt.id]);
    const me = await t.request('GET', '/api/v2/device', { auth: device });
    expect((me.body as { policy: { photoExemptEmployeeIds: number[] } }).policy.photoExemptEmployeeIds).toEqual([exempt.id]);

    // Without a photo at a kiosk that requires one: accepted for them, refused for anyone else.
    const on = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: device, json: { employeeId: exempt.id } });
    expect(on.status, on.text).toBe(200);
    const refused = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: device, json: { employeeId: other.id } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'photo-required' });
    // A tablet that had not heard yet sends one: the punch is made, the photo is not kept.
    const off = await t.request('POST', `${tenant.kiosk}/clockoff`, { auth: device, json: { employeeId: exempt.id, image: jpeg(30) } });
    expect(off.status, off.text).toBe(200);
    // A damaged image is still refused, whoever it is of.
    const damaged = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: device, json: { employeeId: exempt.id, image: Buffer.from('not a photo').toString('base64') } });
    expect(damaged.status).toBe(400);
    expect(fieldsOf(damaged)).toEqual(['image']);

    expect(await exported(tenant, exempt.id)).toEqual([]);
    const trail = await t.request('GET', `${tenant.base}/kiosk/punches?EmployeeId=${exempt.id}`, { auth: tenant.manager.auth });
    expect(trail.status, trail.text).toBe(200);
    expect((trail.body as Array<{ kind: string; hasPhoto: boolean; photoExempt: boolean }>).map((p) => [p.kind, p.hasPhoto, p.photoExempt])).toEqual([
      ['clockOn', false, true],
      ['clockOff', false, true],
    ]);

    // The exemption ends: photos as the kiosk requires again.
    expect((await t.request('PUT', url, { auth: tenant.manager.auth, json: { exempt: false } })).body).toEqual({ employeeId: exempt.id, exempt: false });
    const again = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: device, json: { employeeId: exempt.id } });
    expect(again.body).toMatchObject({ code: 'photo-required' });
    await clockOnWithPhoto(tenant, exempt.id, jpeg(31), device);
    expect((await exported(tenant, exempt.id)).map((p) => p.image)).toEqual([jpeg(31)]);
  });
});
