import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimeAndAttendanceKioskModel } from '../../../contract/generated/models';
import { createTenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

describe('kiosk definitions', () => {
  it('creates, reads, lists, updates and deletes a kiosk', async () => {
    const tenant = await createTenant(t);
    const created = await t.request('POST', `${tenant.base}/kiosk`, {
      auth: tenant.manager.auth,
      json: { name: 'Loading dock', ianaTimeZone: 'Australia/Perth', isPhotoRequired: true, clockOnWindowMinutes: 15 },
    });
    expect(created.status, created.text).toBe(200);
    const kiosk = TimeAndAttendanceKioskModel.parse(created.body);
    expect(kiosk).toMatchObject({ name: 'Loading dock', ianaTimeZone: 'Australia/Perth', timeZone: 'Australia/Perth', isPhotoRequired: true });

    const read = await t.request('GET', `${tenant.base}/kiosk/${kiosk.id}`, { auth: tenant.manager.auth });
    expect(read.body).toEqual(kiosk);

    const list = await t.request('GET', `${tenant.base}/kiosk`, { auth: tenant.manager.auth });
    expect((list.body as unknown[]).map((k) => (k as { name: string }).name)).toEqual(['Front door', 'Loading dock']);

    const updated = await t.request('PUT', `${tenant.base}/kiosk/${kiosk.id}`, {
      auth: tenant.manager.auth,
      json: { ...kiosk, name: 'Dock', paidBreaksEnabled: true },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: kiosk.id, name: 'Dock', paidBreaksEnabled: true });

    const removed = await t.request('DELETE', `${tenant.base}/kiosk/${kiosk.id}`, { auth: tenant.manager.auth });
    expect(removed.status).toBe(200);
    expect(removed.text).toBe('');
    const gone = await t.request('GET', `${tenant.base}/kiosk/${kiosk.id}`, { auth: tenant.manager.auth });
    expect(gone.status).toBe(404);
  });

  it('filters, orders and pages the list with OData', async () => {
    const tenant = await createTenant(t);
    for (const name of ['Charlie', 'Alpha', 'Bravo']) {
      await t.request('POST', `${tenant.base}/kiosk`, { auth: tenant.manager.auth, json: { name } });
    }
    const names = async (query: string) => {
      const res = await t.request('GET', `${tenant.base}/kiosk?${query}`, { auth: tenant.manager.auth });
      expect(res.status, res.text).toBe(200);
      return (res.body as Array<{ name: string }>).map((k) => k.name);
    };
    expect(await names("$filter=name eq 'Bravo'")).toEqual(['Bravo']);
    expect(await names("$filter=Name eq 'Bravo' or name eq 'Alpha'&$orderby=name desc")).toEqual(['Bravo', 'Alpha']);
    expect(await names('$orderby=name&$top=2&$skip=1')).toEqual(['Bravo', 'Charlie']);
    // The SDK sends unset parameters empty: they mean "not given".
    expect(await names('$filter=&$orderby=&$top=&$skip=')).toHaveLength(4);
    const bad = await t.request('GET', `${tenant.base}/kiosk?$filter=contains(name,'a')`, { auth: tenant.manager.auth });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'unsupported-query' });
    const badTop = await t.request('GET', `${tenant.base}/kiosk?$top=-1`, { auth: tenant.manager.auth });
    expect(badTop.status).toBe(400);
  });

  it('rejects a kiosk without a name, with an unknown zone or a foreign location', async () => {
    const tenant = await createTenant(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'name'],
      [{ name: 'x', ianaTimeZone: 'Mars/Olympus' }, 'ianaTimeZone'],
      [{ name: 'x', locationId: 999999 }, 'locationId'],
      [{ name: 'x', clockOnWindowMinutes: -5 }, 'clockOnWindowMinutes'],
      [{ name: 'x', isLocationRequired: 'yes' }, 'isLocationRequired'],
    ];
    for (const [json, field] of cases) {
      const res = await t.request('POST', `${tenant.base}/kiosk`, { auth: tenant.manager.auth, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect((res.body as { errors: Array<{ field: string }> }).errors.map((e) => e.field)).toContain(field);
    }
  });

  it("hides another business's kiosks", async () => {
    const mine = await createTenant(t);
    const theirs = await createTenant(t);
    for (const path of [`${theirs.base}/kiosk`, `${theirs.kiosk}`]) {
      const res = await t.request('GET', path, { auth: mine.manager.auth });
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('Front door');
    }
  });
});
