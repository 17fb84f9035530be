import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmployeeDetailsModel, UkLocationModel, UkWorkTypeModel } from '../../../contract/generated/models';
import { UnstructuredEmployeeModel } from '../../../contract/routes/employees';
import { businessAccess, employees, locations, workTypes } from '../../db/schema';
import { accessModel } from '../../services/access/accessModels';
import { ensureUser, issueApiKey } from '../../services/businesses/provisioning';
import { createTenant, type Tenant } from '../../testing/fixtures';
import { basicAuth, startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

type Problem = { code: string; errors?: Array<{ field: string }> };

async function addLocation(tenant: Tenant, values: Partial<typeof locations.$inferInsert> & { name: string }) {
  const [row] = await t.db.insert(locations).values({ businessId: tenant.businessId, ...values }).returning();
  if (!row) throw new Error('no location');
  return row;
}

async function addWorkType(tenant: Tenant, values: Partial<typeof workTypes.$inferInsert> & { name: string }) {
  const [row] = await t.db.insert(workTypes).values({ businessId: tenant.businessId, ...values }).returning();
  if (!row) throw new Error('no work type');
  return row;
}

async function createEmployee(tenant: Tenant, json: Record<string, unknown>) {
  const res = await t.request('POST', `${tenant.base}/employee/unstructured`, { auth: tenant.manager.auth, json });
  expect(res.status, res.text).toBe(200);
  return UnstructuredEmployeeModel.parse(res.body);
}

describe('unstructured employees and the directory', () => {
  it('creates an employee with every detail and reads it back in both shapes', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const site = await addLocation(tenant, { name: 'Depot' });
    const employee = await createEmployee(tenant, {
      title: 'Ms',
      firstName: ' Zoe ',
      preferredName: 'Zed',
      middleName: 'Q',
      surname: 'Ng',
      gender: 'F',
      dateOfBirth: '1990-05-01',
      anniversaryDate: '2020-02-03T00:00:00',
      externalId: 'HR-77',
      residentialStreetAddress: '1 High St',
      residentialAddressLine2: 'Flat 2',
      residentialSuburb: 'Soho',
      residentialState: 'Greater London',
      residentialPostCode: 'W1 1AA',
      postalStreetAddress: 'PO Box 9',
      postalAddressLine2: '',
      postalSuburb: 'Soho',
      postalState: 'Greater London',
      postalPostCode: 'W1 1AB',
      emailAddress: 'zoe@example.test',
      homePhone: '020 7946 0000',
      workPhone: '020 7946 0001',
      mobilePhone: '+44 7700 900999',
      startDate: '2024-01-15T09:00:00+01:00',
      endDate: '2025-01-15',
      residentialCity: 'London',
      residentialCounty: 'Middlesex',
      postalCity: 'London',
      postalCounty: null,
      locationIds: [site.id, site.id],
    });
    expect(employee).toEqual({
      id: employee.id,
      title: 'Ms',
      firstName: 'Zoe',
      preferredName: 'Zed',
      middleName: 'Q',
      surname: 'Ng',
      gender: 'F',
      dateOfBirth: '1990-05-01T00:00:00.000Z',
      anniversaryDate: '2020-02-03T00:00:00.000Z',
      externalId: 'HR-77',
      residentialStreetAddress: '1 High St',
      residentialAddressLine2: 'Flat 2',
      residentialSuburb: 'Soho',
      residentialState: 'Greater London',
      residentialPostCode: 'W1 1AA',
      postalStreetAddress: 'PO Box 9',
      postalAddressLine2: null,
      postalSuburb: 'Soho',
      postalState: 'Greater London',
      postalPostCode: 'W1 1AB',
      emailAddress: 'zoe@example.test',
      homePhone: '020 7946 0000',
      workPhone: '020 7946 0001',
      mobilePhone: '+44 7700 900999',
      startDate: '2024-01-15T00:00:00',
      endDate: '2025-01-15T00:00:00.000Z',
      residentialCity: 'London',
      residentialCounty: 'Middlesex',
      postalCity: 'London',
      postalCounty: null,
      locationIds: [site.id],
      workTypeIds: [],
    });

    const read = await t.request('GET', `${tenant.base}/employee/unstructured/${employee.id}`, { auth: tenant.manager.auth });
    expect(read.body).toEqual(employee);
    const list = await t.request('GET', `${tenant.base}/employee/unstructured`, { auth: tenant.manager.auth });
    expect(list.body).toEqual([employee]);

    const details = await t.request('GET', `${tenant.base}/employee/details`, { auth: tenant.manager.auth });
    expect(details.status).toBe(200);
    const { locationIds: _omitted, workTypeIds: _alsoOmitted, ...expected } = employee;
    expect(details.body).toEqual([expected]);
    expect(Object.keys((details.body as object[])[0] ?? {}).sort()).toEqual(Object.keys(EmployeeDetailsModel.shape).sort());

    const [stored] = await t.db.select().from(employees).where(eq(employees.id, employee.id));
    expect(stored).toMatchObject({ email: 'zoe@example.test', isKioskEnabled: false, pinHash: null });
  });

  it('emits unset details as null', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const employee = await createEmployee(tenant, { firstName: 'Min', surname: 'Imal' });
    const nullable = Object.keys(EmployeeDetailsModel.shape).filter((key) => !['id', 'firstName', 'surname'].includes(key));
    for (const key of nullable) expect(employee[key as keyof UnstructuredEmployeeModel], key).toBeNull();
    expect(employee.locationIds).toEqual([]);
  });

  it('filters, orders and pages the directory with OData', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    for (const [firstName, surname] of [['Cara', 'Smith'], ['Abe', 'Jones'], ['Bea', 'Smith']]) {
      await createEmployee(tenant, { firstName, surname });
    }
    const names = async (query: string) => {
      const res = await t.request('GET', `${tenant.base}/employee/details?${query}`, { auth: tenant.manager.auth });
      expect(res.status, res.text).toBe(200);
      return (res.body as EmployeeDetailsModel[]).map((e) => e.firstName);
    };
    expect(await names("$filter=surname eq 'Smith'")).toEqual(['Cara', 'Bea']);
    expect(await names("$filter=Surname eq 'Smith'&$orderby=firstName desc")).toEqual(['Cara', 'Bea']);
    expect(await names('$orderby=firstName&$top=2&$skip=1')).toEqual(['Bea', 'Cara']);
    const unstructured = await t.request('GET', `${tenant.base}/employee/unstructured?$filter=firstName eq 'Abe'`, {
      auth: tenant.manager.auth,
    });
    expect((unstructured.body as UnstructuredEmployeeModel[]).map((e) => e.surname)).toEqual(['Jones']);
    const bad = await t.request('GET', `${tenant.base}/employee/details?$filter=startswith(surname,'S')`, { auth: tenant.manager.auth });
    expect(bad.status).toBe(400);
    expect((bad.body as Problem).code).toBe('unsupported-query');
  });

  it('rejects bad employees with per-field errors and stores nothing', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const other = await createTenant(t, { employees: 0 });
    const foreign = await addLocation(other, { name: 'Theirs' });
    const gone = await addLocation(tenant, { name: 'Closed', deletedAt: new Date() });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ surname: 'X' }, 'firstName'],
      [{ firstName: 'A', surname: '  ' }, 'surname'],
      [{ firstName: 'A', surname: 'B', emailAddress: 'not-an-email' }, 'emailAddress'],
      [{ firstName: 'A', surname: 'B', startDate: '15/01/2024' }, 'startDate'],
      [{ firstName: 'A', surname: 'B', dateOfBirth: '2024-02-30' }, 'dateOfBirth'],
      [{ firstName: 'A', surname: 'B', startDate: '2024-02-01', endDate: '2024-01-01' }, 'endDate'],
      [{ firstName: 'A', surname: 'B', locationIds: [foreign.id] }, 'locationIds'],
      [{ firstName: 'A', surname: 'B', locationIds: [gone.id] }, 'locationIds'],
      [{ firstName: 'A', surname: 'B', locationIds: 'all' }, 'locationIds'],
      [{ firstName: 7, surname: 'B' }, 'firstName'],
    ];
    for (const [json, field] of cases) {
      const res = await t.request('POST', `${tenant.base}/employee/unstructured`, { auth: tenant.manager.auth, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect((res.body as Problem).errors?.map((e) => e.field)).toContain(field);
    }
    const list = await t.request('GET', `${tenant.base}/employee/details`, { auth: tenant.manager.auth });
    expect(list.body).toEqual([]);
  });

  it('creates once when retried with the same Idempotency-Key', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const key = randomUUID();
    const send = () =>
      t.request('POST', `${tenant.base}/employee/unstructured`, {
        auth: tenant.manager.auth,
        json: { firstName: 'Once', surname: 'Only' },
        headers: { 'idempotency-key': key },
      });
    const first = await send();
    const again = await send();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const list = await t.request('GET', `${tenant.base}/employee/details`, { auth: tenant.manager.auth });
    expect(list.body).toHaveLength(1);
  });
});

describe('kiosk access switches', () => {
  it('grants and revokes kiosk use with empty 200s', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const employee = await createEmployee(tenant, { firstName: 'Kim', surname: 'Lee' });
    const enabled = async () => {
      const [row] = await t.db.select({ on: employees.isKioskEnabled }).from(employees).where(eq(employees.id, employee.id));
      return row?.on;
    };
    expect(await enabled()).toBe(false);
    const grant = await t.request('POST', `${tenant.base}/employee/grantkioskaccess/${employee.id}`, { auth: tenant.manager.auth });
    expect(grant.status).toBe(200);
    expect(grant.text).toBe('');
    expect(await enabled()).toBe(true);
    const revoke = await t.request('POST', `${tenant.base}/employee/revokekioskaccess/${employee.id}`, { auth: tenant.manager.auth });
    expect(revoke.status).toBe(200);
    expect(revoke.text).toBe('');
    expect(await enabled()).toBe(false);
    const missing = await t.request('POST', `${tenant.base}/employee/grantkioskaccess/99999999`, { auth: tenant.manager.auth });
    expect(missing.status).toBe(404);
  });
});

describe('per-employee pick-lists', () => {
  it("lists the employee's own live locations with qualified names, else the global ones", async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const root = await addLocation(tenant, { name: 'Head office', externalId: 'HO' });
    const floor = await addLocation(tenant, { name: 'Floor 2', parentId: root.id, defaultShiftConditionIds: [5], state: 'LDN' });
    const desk = await addLocation(tenant, { name: 'Desk 9', parentId: floor.id });
    const anywhere = await addLocation(tenant, { name: 'Anywhere', isGlobal: true });
    await addLocation(tenant, { name: 'Old global', isGlobal: true, deletedAt: new Date() });
    const closed = await addLocation(tenant, { name: 'Closed', deletedAt: new Date() });

    const assigned = await createEmployee(tenant, { firstName: 'A', surname: 'One', locationIds: [desk.id, floor.id] });
    const unassigned = await createEmployee(tenant, { firstName: 'B', surname: 'Two' });
    const orphaned = await createEmployee(tenant, { firstName: 'C', surname: 'Three' });
    await t.db.update(employees).set({ locationIds: [closed.id] }).where(eq(employees.id, orphaned.id));

    const locationsOf = async (employeeId: number, query = '') => {
      const res = await t.request('GET', `${tenant.base}/employee/${employeeId}/location${query}`, { auth: tenant.manager.auth });
      expect(res.status, res.text).toBe(200);
      return (res.body as unknown[]).map((item) => UkLocationModel.parse(item));
    };
    const own = await locationsOf(assigned.id);
    expect(own).toEqual([
      {
        id: floor.id,
        parentId: root.id,
        name: 'Floor 2',
        externalId: null,
        externalAccountingLocationId: null,
        source: null,
        fullyQualifiedName: 'Head office/Floor 2',
        isGlobal: false,
        isRollupReportingLocation: false,
        generalLedgerMappingCode: null,
        defaultShiftConditionIds: [5],
        state: 'LDN',
      },
      expect.objectContaining({ id: desk.id, fullyQualifiedName: 'Head office/Floor 2/Desk 9' }),
    ]);
    expect((await locationsOf(unassigned.id)).map((l) => l.id)).toEqual([anywhere.id]);
    expect((await locationsOf(orphaned.id)).map((l) => l.id)).toEqual([anywhere.id]);
    expect((await locationsOf(assigned.id, "?$filter=name eq 'Desk 9'")).map((l) => l.id)).toEqual([desk.id]);
    expect((await locationsOf(assigned.id, '?$orderby=name desc&$top=1')).map((l) => l.name)).toEqual(['Floor 2']);
  });

  it('splits live work types from shift conditions', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const other = await createTenant(t, { employees: 0 });
    const ordinary = await addWorkType(tenant, {
      name: 'Ordinary',
      mappingType: 'PayCategory',
      payCategoryId: 12,
      shortCode: 'ORD',
      employmentTypes: ['FullTime', 'Casual'],
      accruesLeave: true,
    });
    const unmapped = await addWorkType(tenant, { name: 'Training' });
    const night = await addWorkType(tenant, { name: 'Night', mappingType: 'ShiftCondition' });
    await addWorkType(tenant, { name: 'Retired', mappingType: 'PayCategory', deletedAt: new Date() });
    await addWorkType(tenant, { name: 'Retired night', mappingType: 'ShiftCondition', deletedAt: new Date() });
    await addWorkType(other, { name: 'Foreign' });
    const employee = await createEmployee(tenant, { firstName: 'W', surname: 'T' });

    const get = async (kind: string, query = '') => {
      const res = await t.request('GET', `${tenant.base}/employee/${employee.id}/${kind}${query}`, { auth: tenant.manager.auth });
      expect(res.status, res.text).toBe(200);
      return (res.body as unknown[]).map((item) => UkWorkTypeModel.parse(item));
    };
    const types = await get('worktype');
    expect(types.map((w) => w.id)).toEqual([ordinary.id, unmapped.id]);
    expect(types[0]).toEqual({
      employmentTypes: ['FullTime', 'Casual'],
      id: ordinary.id,
      name: 'Ordinary',
      payCategoryId: 12,
      leaveCategoryId: null,
      externalId: null,
      source: null,
      accruesLeave: true,
      mappingType: 'PayCategory',
      shortCode: 'ORD',
    });
    // A shift condition applies only when set up against the employee or their location.
    expect(await get('shiftcondition')).toEqual([]);
    await t.db.update(employees).set({ workTypeIds: [night.id] }).where(eq(employees.id, employee.id));
    const conditions = await get('shiftcondition');
    expect(conditions.map((w) => w.id)).toEqual([night.id]);
    expect(conditions[0]?.mappingType).toBe('ShiftCondition');
    expect((await get('worktype', "?$filter=name eq 'Training'")).map((w) => w.id)).toEqual([unmapped.id]);
    expect(await get('shiftcondition', "?$filter=name eq 'Training'")).toEqual([]);
  });

  it("offers an employee only their own work types, and the shift conditions of them and their locations", async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const picking = await addWorkType(tenant, { name: 'Picking' });
    await addWorkType(tenant, { name: 'Driving' });
    const night = await addWorkType(tenant, { name: 'Night', mappingType: 'ShiftCondition' });
    const cold = await addWorkType(tenant, { name: 'Cold store', mappingType: 'ShiftCondition' });
    await addWorkType(tenant, { name: 'Wet', mappingType: 'ShiftCondition' });
    const store = await t.request('POST', `${tenant.base}/location`, { auth: tenant.manager.auth, json: { name: 'Store', defaultShiftConditionIds: [cold.id] } });
    const storeId = (store.body as { id: number }).id;
    const employee = await createEmployee(tenant, { firstName: 'P', surname: 'Q', locationIds: [storeId], workTypeIds: [picking.id, night.id] });
    expect(employee.workTypeIds).toEqual([picking.id, night.id]);
    const ids = async (kind: string) => {
      const res = await t.request('GET', `${tenant.base}/employee/${employee.id}/${kind}`, { auth: tenant.manager.auth });
      expect(res.status, res.text).toBe(200);
      return (res.body as Array<{ id: number }>).map((w) => w.id);
    };
    expect(await ids('worktype')).toEqual([picking.id]);
    expect(await ids('shiftcondition')).toEqual([night.id, cold.id]);
    const refused = await t.request('POST', `${tenant.base}/employee/unstructured`, { auth: tenant.manager.auth, json: { firstName: 'R', surname: 'S', workTypeIds: [999999] } });
    expect(refused.body).toMatchObject({ code: 'invalid-reference', errors: [{ field: 'workTypeIds' }] });
  });
});

describe('employee tenancy and permissions', () => {
  it("hides another business's employees on every route", async () => {
    const mine = await createTenant(t, { employees: 0 });
    const theirs = await createTenant(t, { employees: 0 });
    const secret = await createEmployee(theirs, { firstName: 'Secretive', surname: 'Person' });
    const paths: Array<[string, string]> = [
      ['GET', `${theirs.base}/employee/details`],
      ['GET', `${theirs.base}/employee/unstructured`],
      ['GET', `${theirs.base}/employee/unstructured/${secret.id}`],
      ['GET', `${theirs.base}/employee/${secret.id}/location`],
      ['POST', `${theirs.base}/employee/grantkioskaccess/${secret.id}`],
      // Their employee id under my own business is just as unknown.
      ['GET', `${mine.base}/employee/unstructured/${secret.id}`],
      ['GET', `${mine.base}/employee/${secret.id}/location`],
      ['GET', `${mine.base}/employee/${secret.id}/worktype`],
      ['GET', `${mine.base}/employee/${secret.id}/shiftcondition`],
      ['POST', `${mine.base}/employee/grantkioskaccess/${secret.id}`],
      ['POST', `${mine.base}/employee/revokekioskaccess/${secret.id}`],
    ];
    for (const [method, path] of paths) {
      const res = await t.request(method, path, { auth: mine.manager.auth });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.text).not.toContain('Secretive');
    }
    const posted = await t.request('POST', `${theirs.base}/employee/unstructured`, {
      auth: mine.manager.auth,
      json: { firstName: 'Planted', surname: 'Spy' },
    });
    expect(posted.status).toBe(404);
    const [row] = await t.db.select({ on: employees.isKioskEnabled }).from(employees).where(eq(employees.id, secret.id));
    expect(row?.on).toBe(false);
  });

  it('answers 401 without credentials', async () => {
    const tenant = await createTenant(t, { employees: 1 });
    const id = tenant.employees[0]?.id ?? 0;
    for (const [method, path] of [
      ['GET', `${tenant.base}/employee/details`],
      ['POST', `${tenant.base}/employee/unstructured`],
      ['GET', `${tenant.base}/employee/unstructured/${id}`],
      ['POST', `${tenant.base}/employee/revokekioskaccess/${id}`],
      ['GET', `${tenant.base}/employee/${id}/worktype`],
    ] as const) {
      const res = await t.request(method, path, method === 'POST' ? { json: { firstName: 'a', surname: 'b' } } : {});
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('lets restricted users read but not create or switch kiosk access', async () => {
    const tenant = await createTenant(t, { employees: 1 });
    const id = tenant.employees[0]?.id ?? 0;
    const user = await ensureUser(t.db, { email: `restricted-${randomUUID().slice(0, 8)}@example.test`, name: 'R' });
    await t.db.insert(businessAccess).values({
      businessId: tenant.businessId,
      userId: user.id,
      accessType: 'Restricted',
      model: accessModel(user.name, user.email, 'Restricted'),
    });
    const auth = basicAuth(await issueApiKey(t.db, user.id, 'tests'));
    expect((await t.request('GET', `${tenant.base}/employee/details`, { auth })).status).toBe(200);
    expect((await t.request('GET', `${tenant.base}/employee/${id}/location`, { auth })).status).toBe(200);
    const create = await t.request('POST', `${tenant.base}/employee/unstructured`, { auth, json: { firstName: 'a', surname: 'b' } });
    expect(create.status).toBe(403);
    expect((await t.request('POST', `${tenant.base}/employee/revokekioskaccess/${id}`, { auth })).status).toBe(403);
  });

  it('refuses ids that are not whole numbers', async () => {
    const tenant = await createTenant(t, { employees: 0 });
    const res = await t.request('GET', `${tenant.base}/employee/unstructured/abc`, { auth: tenant.manager.auth });
    expect(res.status).toBe(400);
    expect((res.body as Problem).errors?.map((e) => e.field)).toContain('param.employeeId');
  });
});

describe('employee OpenAPI', () => {
  it("declares the contract's employee operations", async () => {
    const res = await t.request('GET', '/api/v2/openapi.json');
    const doc = res.body as { paths: Record<string, Record<string, { operationId: string }>> };
    const B = '/api/v2/business/{businessId}';
    const ids = [
      doc.paths[`${B}/employee/details`]?.get,
      doc.paths[`${B}/employee/grantkioskaccess/{employeeId}`]?.post,
      doc.paths[`${B}/employee/revokekioskaccess/{employeeId}`]?.post,
      doc.paths[`${B}/employee/{employeeId}/location`]?.get,
      doc.paths[`${B}/employee/{employeeId}/worktype`]?.get,
      doc.paths[`${B}/employee/{employeeId}/shiftcondition`]?.get,
      doc.paths[`${B}/employee/unstructured`]?.post,
      doc.paths[`${B}/employee/unstructured/{employeeId}`]?.get,
    ].map((operation) => operation?.operationId);
    expect(ids).toEqual([
      'employee.listBasicDetailsForEmployees',
      'employee.grantKioskAccess',
      'employee.revokeKioskAccess',
      'employee.listEmployeeLocations',
      'employee.getEmployeeWorkTypes',
      'employee.getEmployeeShiftConditions',
      'employee.createUnstructuredEmployee',
      'employee.getUnstructuredEmployee',
    ]);
  });
});
