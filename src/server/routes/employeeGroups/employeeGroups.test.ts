import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UkDetailedEmployeeGroupModel, UkEmployeeGroupModel } from '../../../contract/generated/models';
import { employeeGroups, employees } from '../../db/schema';
import { employeeGroupIdsByEmployee, groupIdsOfEmployee } from '../../services/people/employeeGroups';
import { createEmployee } from '../../services/businesses/provisioning';
import { randomUUID } from 'node:crypto';
import { KioskEmployeeModel } from '../../../contract/generated/models';
import { createTenant, enrolDeviceAuth, restrictedUserAuth, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());
afterEach(() => t.clock.real());

const DAY = 24 * 60 * 60 * 1000;

async function createLocation(tenant: Tenant, name: string, parentId: number | null = null): Promise<number> {
  const res = await t.request('POST', `${tenant.base}/location`, { auth: tenant.manager.auth, json: { name, parentId } });
  expect(res.status, res.text).toBe(200);
  return (res.body as { id: number }).id;
}

async function createGroup(tenant: Tenant, json: Record<string, unknown>): Promise<UkEmployeeGroupModel> {
  const res = await t.request('POST', `${tenant.base}/employeegroup`, { auth: tenant.manager.auth, json });
  expect(res.status, res.text).toBe(200);
  return UkEmployeeGroupModel.parse(res.body);
}

async function matchingIds(tenant: Tenant, groupId: number): Promise<number[]> {
  const res = await t.request('GET', `${tenant.base}/employeegroup/${groupId}`, { auth: tenant.manager.auth });
  expect(res.status, res.text).toBe(200);
  return UkDetailedEmployeeGroupModel.parse(res.body).matchingEmployees?.map((e) => e.id) ?? [];
}

const inFilter = (filterType: string, ids: number[], operator = 'In') => ({ filterType, operator, value: ids.join(',') });

/** Sydney > Warehouse > Bay, and Melbourne; staff spread over them, one of them gone. */
async function staffedTenant() {
  const tenant = await createTenant(t, { employees: 0 });
  const sydney = await createLocation(tenant, 'Sydney');
  const warehouse = await createLocation(tenant, 'Warehouse', sydney);
  const bay = await createLocation(tenant, 'Bay', warehouse);
  const melbourne = await createLocation(tenant, 'Melbourne');
  const hire = async (firstName: string, locationIds: number[], endDate: Date | null = null) => {
    const row = await createEmployee(t.db, tenant.businessId, { firstName, surname: 'Staff', externalId: `X-${firstName}`, locationIds });
    if (endDate) await t.db.update(employees).set({ endDate }).where(eq(employees.id, row.id));
    return row.id;
  };
  const now = Date.now();
  const staff = {
    atSydney: await hire('Sam', [sydney]),
    atWarehouse: await hire('Wes', [warehouse]),
    atBayAndMelbourne: await hire('Bea', [bay, melbourne]),
    atMelbourne: await hire('Mel', [melbourne]),
    nowhere: await hire('Nia', []),
    gone: await hire('Gus', [sydney], new Date(now - DAY)),
    leaving: await hire('Lea', [sydney], new Date(now + 30 * DAY)),
  };
  return { tenant, places: { sydney, warehouse, bay, melbourne }, staff };
}

describe('employee groups', () => {
  it('creates, reads (with matching employees), lists, updates and deletes a group', async () => {
    const { tenant, places, staff } = await staffedTenant();
    const group = await createGroup(tenant, {
      name: ' Sydney crew ',
      filterCombinationStrategy: 'Or',
      filters: [inFilter('Location', [places.sydney])],
    });
    expect(group).toEqual({
      id: group.id,
      name: 'Sydney crew',
      filterCombinationStrategy: 'Or',
      filters: [{ filterType: 'Location', operator: 'In', value: String(places.sydney) }],
    });

    const read = await t.request('GET', `${tenant.base}/employeegroup/${group.id}`, { auth: tenant.manager.auth });
    expect(read.body).toEqual({
      ...group,
      matchingEmployees: [
        { id: staff.atSydney, externalId: 'X-Sam', name: 'Sam Staff' },
        { id: staff.leaving, externalId: 'X-Lea', name: 'Lea Staff' },
      ],
    });

    const empty = await createGroup(tenant, { name: 'Nobody yet' });
    expect(empty).toEqual({ id: empty.id, name: 'Nobody yet', filterCombinationStrategy: 'Or', filters: [] });
    const list = await t.request('GET', `${tenant.base}/employeegroup`, { auth: tenant.manager.auth });
    expect(list.body).toEqual([group, empty]);

    const updated = await t.request('PUT', `${tenant.base}/employeegroup/${group.id}`, {
      auth: tenant.manager.auth,
      json: { ...group, name: 'Melbourne crew', filters: [inFilter('Location', [places.melbourne])] },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toEqual({ ...group, name: 'Melbourne crew', filters: [inFilter('Location', [places.melbourne])] });
    expect(await matchingIds(tenant, group.id)).toEqual([staff.atBayAndMelbourne, staff.atMelbourne]);

    const removed = await t.request('DELETE', `${tenant.base}/employeegroup/${group.id}`, { auth: tenant.manager.auth });
    expect(removed.status).toBe(200);
    expect(removed.text).toBe('');
    const rows = await t.db.select().from(employeeGroups).where(eq(employeeGroups.id, group.id));
    expect(rows).toEqual([]);
    for (const [method, json] of [['GET', undefined], ['PUT', { name: 'Back' }], ['DELETE', undefined]] as const) {
      const res = await t.request(method, `${tenant.base}/employeegroup/${group.id}`, { auth: tenant.manager.auth, json });
      expect(res.status, method).toBe(404);
    }
  });

  it('matches by employee, location and location subtree, with In/NotIn and And/Or', async () => {
    const { tenant, places, staff } = await staffedTenant();
    const expectMatches = async (json: Record<string, unknown>, expected: number[]) => {
      const group = await createGroup(tenant, { name: 'g', ...json });
      expect(await matchingIds(tenant, group.id), JSON.stringify(json)).toEqual(expected);
    };
    await expectMatches({ filters: [inFilter('Location', [places.sydney])] }, [staff.atSydney, staff.leaving]);
    await expectMatches({ filters: [inFilter('LocationOrParents', [places.sydney])] }, [
      staff.atSydney,
      staff.atWarehouse,
      staff.atBayAndMelbourne,
      staff.leaving,
    ]);
    await expectMatches({ filters: [inFilter('LocationOrParents', [places.warehouse])] }, [staff.atWarehouse, staff.atBayAndMelbourne]);
    await expectMatches({ filters: [inFilter('Location', [places.sydney, places.melbourne], 'NotIn')] }, [staff.atWarehouse, staff.nowhere]);
    await expectMatches({ filters: [inFilter('Employee', [staff.atMelbourne, staff.gone])] }, [staff.atMelbourne]);
    await expectMatches(
      {
        filterCombinationStrategy: 'And',
        filters: [inFilter('LocationOrParents', [places.warehouse]), inFilter('Employee', [staff.atBayAndMelbourne], 'NotIn')],
      },
      [staff.atWarehouse],
    );
    await expectMatches(
      {
        filterCombinationStrategy: 'Or',
        filters: [inFilter('Employee', [staff.atMelbourne, staff.nowhere]), inFilter('Location', [places.bay])],
      },
      [staff.atBayAndMelbourne, staff.atMelbourne, staff.nowhere],
    );
    // Pay schedules and tags are not tracked here: such filters match nobody, whatever the operator.
    await expectMatches({ filters: [{ filterType: 'PaySchedule', operator: 'NotIn', value: '1' }] }, []);
    await expectMatches(
      { filterCombinationStrategy: 'Or', filters: [{ filterType: 'Tag', operator: 'NotIn', value: 'night' }, inFilter('Employee', [staff.atSydney])] },
      [staff.atSydney],
    );
    await expectMatches(
      { filterCombinationStrategy: 'And', filters: [{ filterType: 'Tag', operator: 'NotIn', value: 'night' }, inFilter('Employee', [staff.atSydney])] },
      [],
    );
    await expectMatches({ filterCombinationStrategy: 'And', filters: [] }, []);

    t.clock.set(new Date(Date.now() + 60 * DAY));
    const later = await createGroup(tenant, { name: 'later', filters: [inFilter('Location', [places.sydney])] });
    expect(await matchingIds(tenant, later.id)).toEqual([staff.atSydney]);
  });

  it('maps each current employee to the groups they match', async () => {
    const { tenant, places, staff } = await staffedTenant();
    const sydney = await createGroup(tenant, { name: 'Sydney', filters: [inFilter('LocationOrParents', [places.sydney])] });
    const melbourne = await createGroup(tenant, { name: 'Melbourne', filters: [inFilter('Location', [places.melbourne])] });
    const other = await createTenant(t);
    await createGroup(other, { name: 'Everyone elsewhere', filters: [inFilter('Employee', other.employees.map((e) => e.id))] });

    const byEmployee = await employeeGroupIdsByEmployee(t.db, tenant.businessId, new Date());
    expect(Object.fromEntries(byEmployee)).toEqual({
      [staff.atSydney]: [sydney.id],
      [staff.atWarehouse]: [sydney.id],
      [staff.atBayAndMelbourne]: [sydney.id, melbourne.id],
      [staff.atMelbourne]: [melbourne.id],
      [staff.nowhere]: [],
      [staff.leaving]: [sydney.id],
    });
    // One current employee at a time (the kiosk's path) gives the same answer.
    const current = (await t.db.select().from(employees).where(eq(employees.businessId, tenant.businessId))).filter((row) => byEmployee.has(row.id));
    expect(current).toHaveLength(byEmployee.size);
    for (const row of current) expect(await groupIdsOfEmployee(t.db, tenant.businessId, row), `employee ${row.id}`).toEqual(byEmployee.get(row.id));
    const afterLeaving = await employeeGroupIdsByEmployee(t.db, tenant.businessId, new Date(Date.now() + 60 * DAY));
    expect(afterLeaving.has(staff.leaving)).toBe(false);
    expect(afterLeaving.get(staff.atSydney)).toEqual([sydney.id]);
  });

  it("a punch's answer names the groups its employee matches, after every change to the groups or the location tree", async () => {
    const { tenant, places, staff } = await staffedTenant();
    const device = await enrolDeviceAuth(t, tenant);
    await t.db.update(employees).set({ isKioskEnabled: true }).where(eq(employees.businessId, tenant.businessId));
    const punchGroups = async (op: 'clockon' | 'clockoff', employeeId: number) => {
      // With an Idempotency-Key, as a tablet sends it: the punch's one-statement path.
      const res = await t.request('POST', `${tenant.kiosk}/${op}`, { auth: device, json: { employeeId }, headers: { 'idempotency-key': randomUUID() } });
      expect(res.status, res.text).toBe(200);
      return KioskEmployeeModel.parse(res.body).employeeGroupIds;
    };
    const warehouse = await createGroup(tenant, { name: 'Warehouse', filters: [inFilter('LocationOrParents', [places.warehouse])] });
    expect(await punchGroups('clockon', staff.atBayAndMelbourne)).toEqual([warehouse.id]);
    expect(await punchGroups('clockon', staff.atMelbourne)).toEqual([]);

    // The group edited: the next punch matches by its new filters.
    const edited = await t.request('PUT', `${tenant.base}/employeegroup/${warehouse.id}`, {
      auth: tenant.manager.auth,
      json: { name: 'Warehouse', filters: [inFilter('Employee', [staff.atMelbourne])] },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(await punchGroups('clockoff', staff.atBayAndMelbourne)).toEqual([]);
    expect(await punchGroups('clockoff', staff.atMelbourne)).toEqual([warehouse.id]);

    // The location tree changed under a LocationOrParents group: Melbourne moves under Sydney.
    const sydney = await createGroup(tenant, { name: 'Sydney', filters: [inFilter('LocationOrParents', [places.sydney])] });
    expect(await punchGroups('clockon', staff.atMelbourne)).toEqual([warehouse.id]);
    const moved = await t.request('PUT', `${tenant.base}/location/${places.melbourne}`, { auth: tenant.manager.auth, json: { name: 'Melbourne', parentId: places.sydney } });
    expect(moved.status, moved.text).toBe(200);
    expect(await punchGroups('clockoff', staff.atMelbourne)).toEqual([warehouse.id, sydney.id]);

    // A group deleted is gone from the next answer.
    const deleted = await t.request('DELETE', `${tenant.base}/employeegroup/${warehouse.id}`, { auth: tenant.manager.auth });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await punchGroups('clockon', staff.atMelbourne)).toEqual([sydney.id]);
  });

  it('filters, orders and pages the list with OData', async () => {
    const tenant = await createTenant(t);
    await createGroup(tenant, { name: 'Charlie', filterCombinationStrategy: 'And' });
    await createGroup(tenant, { name: 'Alpha' });
    await createGroup(tenant, { name: 'Bravo', filterCombinationStrategy: 'And' });
    const names = async (query: string) => {
      const res = await t.request('GET', `${tenant.base}/employeegroup?${query}`, { auth: tenant.manager.auth });
      expect(res.status, res.text).toBe(200);
      return (res.body as UkEmployeeGroupModel[]).map((g) => g.name);
    };
    expect(await names("$filter=filterCombinationStrategy eq 'And'")).toEqual(['Charlie', 'Bravo']);
    expect(await names("$filter=name eq 'Alpha' or name eq 'Bravo'&$orderby=name desc")).toEqual(['Bravo', 'Alpha']);
    expect(await names('$orderby=name&$top=2&$skip=1')).toEqual(['Bravo', 'Charlie']);
    const bad = await t.request('GET', `${tenant.base}/employeegroup?$top=many`, { auth: tenant.manager.auth });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'unsupported-query' });
  });

  it('rejects bad groups with per-field errors', async () => {
    const { tenant, places } = await staffedTenant();
    const other = await createTenant(t);
    const closed = await createLocation(tenant, 'Closed');
    expect((await t.request('DELETE', `${tenant.base}/location/${closed}`, { auth: tenant.manager.auth })).status).toBe(200);
    const foreignEmployee = other.employees[0]?.id ?? 0;

    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{}, 'name', 'validation-failed'],
      [{ name: ' ' }, 'name', 'validation-failed'],
      [{ name: 'g', filterCombinationStrategy: 'Xor' }, 'filterCombinationStrategy', 'validation-failed'],
      [{ name: 'g', filters: [{ filterType: 'Department', value: '1' }] }, 'filters.0.filterType', 'validation-failed'],
      [{ name: 'g', filters: [{ filterType: 'Location', operator: 'Is', value: '1' }] }, 'filters.0.operator', 'validation-failed'],
      [{ name: 'g', filters: [inFilter('Location', [places.sydney]), { filterType: 'Employee', value: 'Sam' }] }, 'filters.1.value', 'validation-failed'],
      [{ name: 'g', filters: [{ filterType: 'Location', value: null }] }, 'filters.0.value', 'validation-failed'],
      [{ name: 'g', filters: [{ filterType: 'LocationOrParents', value: '1,,2' }] }, 'filters.0.value', 'validation-failed'],
      [{ name: 'g', filters: [inFilter('Employee', [foreignEmployee])] }, 'filters.0.value', 'invalid-reference'],
      [{ name: 'g', filters: [inFilter('Location', [places.sydney, closed])] }, 'filters.0.value', 'invalid-reference'],
      [{ name: 'g', filters: [inFilter('LocationOrParents', [999999])] }, 'filters.0.value', 'invalid-reference'],
    ];
    for (const [json, field, code] of cases) {
      const res = await t.request('POST', `${tenant.base}/employeegroup`, { auth: tenant.manager.auth, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(res.body, JSON.stringify(json)).toMatchObject({ code });
      expect((res.body as { errors: Array<{ field: string }> }).errors.map((e) => e.field), JSON.stringify(json)).toContain(field);
    }
    const list = await t.request('GET', `${tenant.base}/employeegroup`, { auth: tenant.manager.auth });
    expect(list.body).toEqual([]);
  });

  it("hides another business's groups and employees", async () => {
    const mine = await createTenant(t);
    const theirs = await createTenant(t);
    const theirEmployee = theirs.employees[0];
    if (!theirEmployee) throw new Error('fixture has no employee');
    const secret = await createGroup(theirs, { name: 'Secret squad', filters: [inFilter('Employee', [theirEmployee.id])] });
    const attempts: Array<[string, string, unknown]> = [
      ['GET', `${theirs.base}/employeegroup`, undefined],
      ['POST', `${theirs.base}/employeegroup`, { name: 'Intruder' }],
      ['GET', `${theirs.base}/employeegroup/${secret.id}`, undefined],
      ['PUT', `${theirs.base}/employeegroup/${secret.id}`, { name: 'Hacked' }],
      ['DELETE', `${theirs.base}/employeegroup/${secret.id}`, undefined],
      ['GET', `${mine.base}/employeegroup/${secret.id}`, undefined],
      ['PUT', `${mine.base}/employeegroup/${secret.id}`, { name: 'Hacked' }],
      ['DELETE', `${mine.base}/employeegroup/${secret.id}`, undefined],
    ];
    for (const [method, path, json] of attempts) {
      const res = await t.request(method, path, { auth: mine.manager.auth, json });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.text).not.toContain('Secret squad');
      expect(res.text).not.toContain(theirEmployee.firstName);
    }
    const mineAll = await createGroup(mine, { name: 'Mine', filters: [inFilter('Employee', mine.employees.map((e) => e.id), 'NotIn')] });
    const mineRead = await t.request('GET', `${mine.base}/employeegroup/${mineAll.id}`, { auth: mine.manager.auth });
    expect(mineRead.body).toMatchObject({ matchingEmployees: [] });
    expect(await matchingIds(theirs, secret.id)).toEqual([theirEmployee.id]);
  });

  it('needs credentials, and unrestricted access to change groups', async () => {
    const tenant = await createTenant(t);
    const group = await createGroup(tenant, { name: 'Crew' });
    expect((await t.request('GET', `${tenant.base}/employeegroup/${group.id}`)).status).toBe(401);
    expect((await t.request('POST', `${tenant.base}/employeegroup`, { json: { name: 'x' } })).status).toBe(401);

    const restricted = await restrictedUserAuth(t, tenant);
    expect((await t.request('GET', `${tenant.base}/employeegroup`, { auth: restricted })).body).toEqual([group]);
    for (const [method, path, json] of [
      ['POST', `${tenant.base}/employeegroup`, { name: 'x' }],
      ['PUT', `${tenant.base}/employeegroup/${group.id}`, { name: 'x' }],
      ['DELETE', `${tenant.base}/employeegroup/${group.id}`, undefined],
    ] as const) {
      const res = await t.request(method, path, { auth: restricted, json });
      expect(res.status, method).toBe(403);
    }
    const list = await t.request('GET', `${tenant.base}/employeegroup`, { auth: tenant.manager.auth });
    expect(list.body).toEqual([group]);
  });
});
