/**
 * The roster list through the real app (contract 2.8): required and checked query values, every
 * filter, paging, warnings and isDifferent; and stub, which writes a shift's one timesheet line.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timesheetLines } from '../../db/schema';
import { createTenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';
import { fieldsOf, rosterHelpers, type Body } from '../../testing/rosterFixtures';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
  t.clock.set('2026-06-01T08:00:00Z');
});
afterAll(() => t.close());

const { create, list, makeLocation } = rosterHelpers(() => t);

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
