/**
 * Roster shifts through the real app (contract 2.8): create and update with publish and
 * clearBreaks, their bad input, the list's filters and paging, warnings and isDifferent, and stub.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UkEssRosterShiftModel, UkRosterShiftGenerateTimesheetModel } from '../../../contract/generated/models';
import { timesheetLines } from '../../db/schema';
import { createTenant, restrictedUserAuth, type Tenant } from '../../testing/fixtures';
import { startTestService, type ApiResult, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
  t.clock.set('2026-06-01T08:00:00Z');
});
afterAll(() => t.close());

type Body = Record<string, unknown>;

async function post(tenant: Tenant, json: Body, query = ''): Promise<ApiResult> {
  return t.request('POST', `${tenant.base}/rostershift${query}`, { auth: tenant.manager.auth, json });
}

async function create(tenant: Tenant, json: Body, query = '?publish=true'): Promise<UkEssRosterShiftModel> {
  const res = await post(tenant, json, query);
  expect(res.status, res.text).toBe(200);
  return UkEssRosterShiftModel.parse(res.body);
}

async function list(tenant: Tenant, query: string): Promise<UkRosterShiftGenerateTimesheetModel[]> {
  const res = await t.request('GET', `${tenant.base}/rostershift?${query}`, { auth: tenant.manager.auth });
  expect(res.status, res.text).toBe(200);
  return UkRosterShiftGenerateTimesheetModel.array().parse(res.body);
}

async function makeLocation(tenant: Tenant, name: string): Promise<number> {
  const res = await t.request('POST', `${tenant.base}/location`, { auth: tenant.manager.auth, json: { name } });
  expect(res.status, res.text).toBe(200);
  return (res.body as { id: number }).id;
}

async function makeWorkType(tenant: Tenant, name: string, extra: Body = {}): Promise<number> {
  const res = await t.request('POST', `${tenant.base}/worktype`, { auth: tenant.manager.auth, json: { name, ...extra } });
  expect(res.status, res.text).toBe(200);
  return (res.body as { id: number }).id;
}

function withoutIds(breaks: UkEssRosterShiftModel['breaks']) {
  return (breaks ?? []).map(({ startTime, endTime, isPaidBreak }) => ({ startTime, endTime, isPaidBreak }));
}

function fieldsOf(res: ApiResult): string[] {
  return ((res.body as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field);
}

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

describe('the list', () => {
  it('needs FromDate and ToDate in order, within the window limit, and checks every value', async () => {
    const tenant = await createTenant(t);
    const get = (query: string) => t.request('GET', `${tenant.base}/rostershift?${query}`, { auth: tenant.manager.auth });
    const expectField = async (query: string, field: string) => {
      const res = await get(query);
      expect(res.status, `${query}: ${res.text}`).toBe(400);
      expect(fieldsOf(res), res.text).toContain(field);
    };
    await expectField('ToDate=2026-06-02T00:00:00', 'query.FromDate');
    await expectField('FromDate=2026-06-02T00:00:00', 'query.ToDate');
    await expectField('FromDate=2026-06-02T00:00:00&ToDate=2026-06-01T00:00:00', 'ToDate');
    await expectField('FromDate=2026-01-01T00:00:00&ToDate=2026-04-01T00:00:00', 'ToDate');
    await expectField('FromDate=2026-06-01T00:00:00&ToDate=2026-06-01T00:00:00&ShiftStatus=Draft', 'query.ShiftStatus');
    await expectField('FromDate=2026-06-01T00:00:00&ToDate=2026-06-01T00:00:00&SelectedLocations=abc', 'query.SelectedLocations.0');
    await expectField('FromDate=2026-06-01T00:00:00&ToDate=2026-06-01T00:00:00&PageSize=0', 'PageSize');
    await expectField('FromDate=2026-06-01T00:00:00&ToDate=2026-06-01T00:00:00&SelectedRoles=1&SelectedRoles=9999999999', 'query.SelectedRoles.1');
    expect((await get('FromDate=2026-06-01T00:00:00&ToDate=2026-06-01T00:00:00&PageSize=2147483647&CurrentPage=2147483647')).body).toEqual([]);
    await expectField('FromDate=2026-06-01T00:00:00&ToDate=2026-06-01T00:00:00&CurrentPage=0', 'CurrentPage');
    await expectField('FromDate=2026-06-01T00:00:00&ToDate=2026-06-01T00:00:00&EmployeeGroupId=999999', 'EmployeeGroupId');
    // The SDK sends every parameter, unset ones empty, in its own casing.
    const sdk =
      'fromDate=2026-06-01T00:00:00&toDate=2026-06-01T00:00:00&shiftStatus=All&shiftStatuses=&selectedLocations=&employeeId=&' +
      'locationId=&employeeGroupId=&unassignedShiftsOnly=False&selectAllRoles=False&excludeShiftsOverlappingFromDate=False&' +
      'pageSize=&currentPage=&includeWarnings=False';
    expect((await get(sdk)).status).toBe(200);
    expect((await t.request('GET', `${tenant.base}/rostershift?${sdk}`, { auth: (await createTenant(t)).manager.auth })).status).toBe(404);
  });

  it('filters by status, people, locations, roles and groups, pages, and warns', async () => {
    const tenant = await createTenant(t, { employees: 3 });
    const [ada, ben, chloe] = tenant.employees;
    const front = await makeLocation(tenant, 'Front');
    const back = await makeLocation(tenant, 'Back');
    const day = (d: number, from: string, to: string) => ({ startTime: `2026-06-${String(d).padStart(2, '0')}T${from}:00`, endTime: `2026-06-${String(d).padStart(2, '0')}T${to}:00` });
    const a1 = await create(tenant, { employeeId: ada!.id, locationId: front, ...day(2, '09:00', '17:00') });
    const a2 = await create(tenant, { employeeId: ada!.id, locationId: back, ...day(2, '16:00', '20:00') });
    const b1 = await create(tenant, { employeeId: ben!.id, locationId: back, ...day(3, '09:00', '17:00') }, '?publish=false');
    const open = await create(tenant, { locationId: front, ...day(4, '09:00', '12:00') });
    const role = await create(tenant, { employeeId: chloe!.id, role: { id: 5, name: 'Lead' }, ...day(4, '10:00', '14:00') });
    // Overnight from the day before the window into it.
    const night = await create(tenant, { employeeId: chloe!.id, startTime: '2026-06-01T22:00:00', endTime: '2026-06-02T06:00:00' });
    const accept = await t.db.execute(`update roster_shifts set accepted = true where id = ${b1.id}`);
    expect(accept).toBeDefined();

    const W = 'FromDate=2026-06-02T00:00:00&ToDate=2026-06-04T00:00:00';
    const ids = async (q: string) => (await list(tenant, `${W}&${q}`)).map((r) => r.id);
    expect(await ids('')).toEqual([night.id, a1.id, a2.id, b1.id, open.id]);
    expect(await ids('ExcludeShiftsOverlappingFromDate=true')).toEqual([a1.id, a2.id, b1.id, open.id]);
    expect(await ids('SelectAllRoles=true')).toEqual([night.id, a1.id, a2.id, b1.id, open.id, role.id]);
    expect(await ids('SelectedRoles=5')).toEqual([role.id]);
    expect(await ids('ShiftStatus=Published')).toEqual([night.id, a1.id, a2.id, open.id]);
    expect(await ids('ShiftStatus=Unpublished')).toEqual([b1.id]);
    // b1 is accepted but not published: Accepted means published and accepted.
    expect(await ids('ShiftStatus=Accepted')).toEqual([]);
    expect(await ids('ShiftStatuses=Unpublished&ShiftStatuses=Accepted')).toEqual([b1.id]);
    expect(await ids('ShiftStatus=All')).toHaveLength(5);
    expect(await ids(`SelectedEmployees=${ada!.id}&SelectedEmployees=${ben!.id}`)).toEqual([a1.id, a2.id, b1.id]);
    expect(await ids(`EmployeeId=${ada!.id}`)).toEqual([a1.id, a2.id]);
    expect(await ids(`SelectedLocations=${back}`)).toEqual([a2.id, b1.id]);
    expect(await ids(`LocationId=${front}`)).toEqual([a1.id, open.id]);
    expect(await ids('UnassignedShiftsOnly=true')).toEqual([open.id]);
    const group = await t.request('POST', `${tenant.base}/employeegroup`, {
      auth: tenant.manager.auth,
      json: { name: 'Ben only', filterCombinationStrategy: 'Or', filters: [{ filterType: 'Employee', operator: 'In', value: String(ben!.id) }] },
    });
    expect(group.status, group.text).toBe(200);
    expect(await ids(`EmployeeGroupId=${(group.body as { id: number }).id}`)).toEqual([b1.id]);

    // Paging: pages of 2, in order, then an empty page.
    expect(await ids('PageSize=2&CurrentPage=1')).toEqual([night.id, a1.id]);
    expect(await ids('PageSize=2&CurrentPage=2')).toEqual([a2.id, b1.id]);
    expect(await ids('PageSize=2&CurrentPage=3')).toEqual([open.id]);
    expect(await ids('PageSize=2&CurrentPage=4')).toEqual([]);
    expect(await ids('PageSize=100000')).toHaveLength(5);

    // Warnings only when asked: a1 and a2 overlap (16:00-17:00).
    const plain = await list(tenant, W);
    expect(plain.every((r) => r.warnings === null && r.isDifferent === false)).toBe(true);
    const warned = await list(tenant, `${W}&IncludeWarnings=true`);
    expect(warned.find((r) => r.id === a1.id)?.warnings).toEqual([`Overlaps roster shift ${a2.id} of the same employee.`]);
    expect(warned.find((r) => r.id === a2.id)?.warnings).toEqual([`Overlaps roster shift ${a1.id} of the same employee.`]);
    expect(warned.find((r) => r.id === b1.id)?.warnings).toEqual([]);
    expect(warned.find((r) => r.id === a1.id)).toMatchObject({ fullyQualifiedLocationName: 'Front', description: null });
  });
});

describe('stub', () => {
  it('writes one Submitted line from the shift, with its breaks and the note; isDifferent follows the line', async () => {
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    const [ada] = tenant.employees;
    const shift = await create(tenant, {
      employeeId: ada!.id,
      startTime: '2026-06-02T09:00:00',
      endTime: '2026-06-02T17:00:00',
      breaks: [{ startTime: '2026-06-02T12:00:00', endTime: '2026-06-02T12:30:00' }],
    });
    const stub = (json: Body, tenantOf = tenant, id = shift.id) =>
      t.request('POST', `${tenantOf.base}/rostershift/${id}/stub`, { auth: tenantOf.manager.auth, json });
    expect((await stub({ note: 'x' }, other)).status).toBe(404);
    const done = await stub({ note: 'Worked as rostered' });
    expect(done.status, done.text).toBe(200);
    expect(done.text).toBe('');
    expect((await stub({ note: 'again' })).status).toBe(200);

    const lines = await t.db.select().from(timesheetLines).where(eq(timesheetLines.rosterShiftId, shift.id));
    expect(lines).toHaveLength(1);
    const line = await t.request('GET', `${tenant.base}/timesheet/${lines[0]!.id}`, { auth: tenant.manager.auth });
    expect(line.body).toMatchObject({
      employeeId: ada!.id,
      startTime: '2026-06-02T09:00:00',
      endTime: '2026-06-02T17:00:00',
      status: 'Submitted',
      source: 'IntegratedRostering',
      comments: 'Worked as rostered',
      breaks: [{ startTime: '2026-06-02T12:00:00', endTime: '2026-06-02T12:30:00', isPaidBreak: false }],
    });
    const W = 'FromDate=2026-06-02T00:00:00&ToDate=2026-06-02T00:00:00';
    expect((await list(tenant, W))[0]?.isDifferent).toBe(false);
    await t.db.update(timesheetLines).set({ endUtc: new Date('2026-06-02T16:40:00Z') }).where(eq(timesheetLines.id, lines[0]!.id));
    expect((await list(tenant, W))[0]?.isDifferent).toBe(true);

    const unassigned = await create(tenant, { startTime: '2026-06-02T09:00:00', endTime: '2026-06-02T10:00:00' });
    const refused = await stub({}, tenant, unassigned.id);
    expect(refused.status, refused.text).toBe(400);
    expect((await stub({}, tenant, 999999)).status).toBe(404);
  });
});
