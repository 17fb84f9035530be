/**
 * Roster shifts through the real app (contract 2.8): create and update with publish and
 * clearBreaks, their bad input, and wall-clock times on daylight-saving days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UkEssRosterShiftModel } from '../../../contract/generated/models';
import { createTenant, restrictedUserAuth } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';
import { fieldsOf, rosterHelpers, withoutIds, type Body } from '../../testing/rosterFixtures';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
  t.clock.set('2026-06-01T08:00:00Z');
});
afterAll(() => t.close());

const { post, create, list, makeLocation, makeWorkType } = rosterHelpers(() => t);

describe('create and update', () => {
  it('creates a published shift with breaks, names and a token, in wall-clock time of the business', async () => {
    const tenant = await createTenant(t);
    const [ada] = tenant.employees;
    const location = await makeLocation(tenant, 'Front counter');
    const workType = await makeWorkType(tenant, 'Tills');
    const shift = await create(tenant, {
      employeeId: ada!.id,
      locationId: location,
      workTypeId: workType,
      startTime: '2026-06-02T09:00:00',
      endTime: '2026-06-02T17:00:00',
      notes: ' Open up ',
      breaks: [{ startTime: '2026-06-02T12:00:00', endTime: '2026-06-02T12:30:00', isPaidBreak: false }],
      role: { id: 7, name: 'Supervisor' },
      qualifications: [{ id: 3, name: 'First aid' }],
      employeeName: 'ignored',
    });
    expect(shift).toMatchObject({
      employeeId: ada!.id,
      employeeName: `${ada!.firstName} ${ada!.surname}`,
      locationId: location,
      locationName: 'Front counter',
      workTypeId: workType,
      workTypeName: 'Tills',
      startTime: '2026-06-02T09:00:00',
      endTime: '2026-06-02T17:00:00',
      notes: 'Open up',
      published: true,
      accepted: false,
      datePublished: '2026-06-01T09:00:00',
      role: { id: 7, name: 'Supervisor', className: null, hexColourCode: null },
      qualifications: [{ id: 3, name: 'First aid' }],
      pendingSwap: null,
      biddable: false,
    });
    expect(withoutIds(shift.breaks)).toEqual([{ startTime: '2026-06-02T12:00:00', endTime: '2026-06-02T12:30:00', isPaidBreak: false }]);
    expect(shift.breaks?.[0]?.id).toBeGreaterThan(0);
    expect(shift.token).toMatch(/^[0-9a-f]{32}$/);

    const unpublished = await create(tenant, { employeeId: ada!.id, startTime: '2026-06-03T09:00:00', endTime: '2026-06-03T10:00:00' }, '?publish=False');
    expect(unpublished).toMatchObject({ published: false, datePublished: null, breaks: [] });
    const noQuery = await create(tenant, { startTime: '2026-06-03T09:00:00', endTime: '2026-06-03T10:00:00' }, '');
    expect(noQuery).toMatchObject({ published: false, employeeId: null, employeeName: null });
    expect(noQuery.token).not.toBe(unpublished.token);
  });

  it('refuses bad input with the field at fault', async () => {
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    const [ada] = tenant.employees;
    const base = { employeeId: ada!.id, startTime: '2026-06-02T09:00:00', endTime: '2026-06-02T17:00:00' };
    const otherLocation = await makeLocation(other, 'Elsewhere');
    const deletedLocation = await makeLocation(tenant, 'Gone');
    await t.request('DELETE', `${tenant.base}/location/${deletedLocation}`, { auth: tenant.manager.auth });
    const condition = await makeWorkType(tenant, 'Night', { mappingType: 'ShiftCondition' });
    const cases: Array<[Body, string, number?]> = [
      [{ ...base, endTime: '2026-06-02T08:59:00' }, 'endTime'],
      [{ ...base, endTime: '2026-06-02T09:00:00' }, 'endTime'],
      [{ ...base, endTime: '2026-06-03T09:01:00' }, 'endTime'],
      [{ ...base, employeeId: other.employees[0]!.id }, 'employeeId'],
      [{ ...base, employeeId: 999999 }, 'employeeId'],
      [{ ...base, locationId: otherLocation }, 'locationId'],
      [{ ...base, locationId: deletedLocation }, 'locationId'],
      [{ ...base, workTypeId: 999999 }, 'workTypeId'],
      [{ ...base, workTypeId: condition }, 'workTypeId'],
      [{ ...base, breaks: [{ startTime: '2026-06-02T08:30:00', endTime: '2026-06-02T09:30:00' }] }, 'breaks.0'],
      [{ ...base, breaks: [{ startTime: '2026-06-02T16:45:00', endTime: '2026-06-02T17:15:00' }] }, 'breaks.0'],
      [{ ...base, breaks: [{ startTime: '2026-06-02T12:30:00', endTime: '2026-06-02T12:00:00' }] }, 'breaks.0'],
      [{ ...base, breaks: [{ startTime: '2026-06-02T12:00:00', endTime: '2026-06-02T12:00:00' }] }, 'breaks'],
      [
        {
          ...base,
          breaks: [
            { startTime: '2026-06-02T12:00:00', endTime: '2026-06-02T12:30:00' },
            { startTime: '2026-06-02T12:15:00', endTime: '2026-06-02T12:45:00' },
          ],
        },
        'breaks.1',
      ],
      [{ ...base, startTime: 'tomorrow' }, 'startTime'],
      [{ ...base, startTime: undefined }, 'startTime'],
      [{ ...base, notes: 'x'.repeat(5000) }, 'notes'],
    ];
    for (const [json, field] of cases) {
      const res = await post(tenant, json);
      expect(res.status, `${JSON.stringify(json)}: ${res.text}`).toBe(400);
      expect(fieldsOf(res), res.text).toContain(field);
    }
    expect((await post(tenant, base, '?publish=maybe')).status).toBe(400);
    // Nothing was stored by any of them.
    expect(await list(tenant, 'FromDate=2026-06-01T00:00:00&ToDate=2026-06-05T00:00:00&SelectAllRoles=true')).toEqual([]);
  });

  it('updates: publish, breaks kept, replaced or cleared; another business gets 404', async () => {
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    const [ada, ben] = tenant.employees;
    const shift = await create(
      tenant,
      {
        employeeId: ada!.id,
        startTime: '2026-06-02T09:00:00',
        endTime: '2026-06-02T17:00:00',
        breaks: [{ startTime: '2026-06-02T12:00:00', endTime: '2026-06-02T12:30:00' }],
      },
      '?publish=false',
    );
    const put = (json: Body, query = '', tenantOf = tenant) =>
      t.request('PUT', `${tenantOf.base}/rostershift/${shift.id}${query}`, { auth: tenantOf.manager.auth, json });

    t.clock.set('2026-06-01T10:00:00Z');
    const moved = await put({ employeeId: ben!.id, startTime: '2026-06-02T10:00:00', endTime: '2026-06-02T18:00:00' }, '?publish=true');
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({
      id: shift.id,
      token: shift.token,
      employeeId: ben!.id,
      startTime: '2026-06-02T10:00:00',
      published: true,
      datePublished: '2026-06-01T11:00:00',
      breaks: [{ startTime: '2026-06-02T12:00:00', endTime: '2026-06-02T12:30:00' }],
    });

    // publish=false leaves it published; breaks sent replace the stored ones.
    t.clock.set('2026-06-01T12:00:00Z');
    const replaced = await put({
      employeeId: ben!.id,
      startTime: '2026-06-02T10:00:00',
      endTime: '2026-06-02T18:00:00',
      breaks: [{ startTime: '2026-06-02T14:00:00', endTime: '2026-06-02T14:15:00', isPaidBreak: true }],
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body).toMatchObject({ published: true, datePublished: '2026-06-01T11:00:00' });
    expect(withoutIds((replaced.body as UkEssRosterShiftModel).breaks)).toEqual([
      { startTime: '2026-06-02T14:00:00', endTime: '2026-06-02T14:15:00', isPaidBreak: true },
    ]);

    // Moving the shift away from its stored break is refused until the break is cleared.
    const away = { employeeId: ben!.id, startTime: '2026-06-02T15:00:00', endTime: '2026-06-02T20:00:00', breaks: [] };
    const refused = await put(away);
    expect(refused.status, refused.text).toBe(400);
    expect(fieldsOf(refused)).toEqual(['breaks']);
    const cleared = await put(away, '?clearBreaks=true');
    expect(cleared.status, cleared.text).toBe(200);
    expect((cleared.body as UkEssRosterShiftModel).breaks).toEqual([]);

    expect((await put(away, '', other)).status).toBe(404);
    expect((await t.request('PUT', `${tenant.base}/rostershift/999999`, { auth: tenant.manager.auth, json: away })).status).toBe(404);
    const reader = await restrictedUserAuth(t, tenant);
    expect((await t.request('PUT', `${tenant.base}/rostershift/${shift.id}`, { auth: reader, json: away })).status).toBe(403);
  });

  it('reads wall-clock times on a daylight-saving day in the business zone (Europe/London)', async () => {
    const tenant = await createTenant(t);
    const [ada] = tenant.employees;
    // 29 March 2026: 01:00 GMT becomes 02:00 BST. A night shift across the change lasts 7 hours, not 8.
    const spring = await create(tenant, { employeeId: ada!.id, startTime: '2026-03-28T22:00:00', endTime: '2026-03-29T06:00:00' });
    expect(spring).toMatchObject({ startTime: '2026-03-28T22:00:00', endTime: '2026-03-29T06:00:00' });
    // A time in the gap (01:30 does not exist) is read as 02:30 BST.
    const gap = await create(tenant, { employeeId: ada!.id, startTime: '2026-03-29T01:30:00', endTime: '2026-03-29T03:00:00' });
    expect(gap.startTime).toBe('2026-03-29T02:30:00');
    // 25 October 2026: 02:00 BST becomes 01:00 GMT; a 00:00-08:00 shift lasts 9 hours and is allowed.
    const autumn = await create(tenant, { employeeId: ada!.id, startTime: '2026-10-25T00:00:00', endTime: '2026-10-25T08:00:00' });
    expect(autumn).toMatchObject({ startTime: '2026-10-25T00:00:00', endTime: '2026-10-25T08:00:00' });
    // 23:00 to 23:00 next day across the autumn change is 25 hours: too long.
    const long = await post(tenant, { employeeId: ada!.id, startTime: '2026-10-24T23:00:00', endTime: '2026-10-25T23:00:00' });
    expect(long.status, long.text).toBe(400);
    const rows = await list(tenant, 'FromDate=2026-03-29T00:00:00&ToDate=2026-03-29T00:00:00');
    expect(rows.map((r) => r.id)).toEqual([spring.id, gap.id]);
  });
});

