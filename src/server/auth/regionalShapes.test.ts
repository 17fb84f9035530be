/**
 * Regional shapes through the real app, beyond the AU run of the conformance
 * test: a body is read with the business's own region's model (an AU-only value is refused on a UK
 * business, accepted on an AU one), and for NZ, SG and MY businesses every list route the route
 * table declares a regional answer for (found from the OpenAPI document's x-regional-variants, not
 * hand-picked) answers exactly its region's model as models.json has it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REGIONAL_VARIANTS, COUNTRY_OF_REGION } from '../../domain/regions';
import { buildOpenApiDocument } from '../app';
import { loadContract } from '../testing/conformance/contract';
import { checkResponse } from '../testing/conformance/modelCheck';
import { createTenant } from '../testing/fixtures';
import { selfServiceAuth } from '../testing/selfServiceFixture';
import { startTestService, type TestService } from '../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
  t.clock.set('2026-08-03T08:00:00Z');
});
afterAll(() => t.close());

const contract = loadContract();
const Names = z.record(z.string(), z.object({ request: z.string().optional(), response: z.string().optional() }));

/** Every GET route of the document whose only path parameter is the business, with its regional answers. */
function regionalLists(): { path: string; variants: z.infer<typeof Names> }[] {
  const doc = buildOpenApiDocument();
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) => {
    const names = Names.safeParse((item?.get as Record<string, unknown> | undefined)?.['x-regional-variants']);
    const onlyBusiness = (path.match(/\{\w+\}/g) ?? []).join() === '{businessId}';
    return names.success && onlyBusiness ? [{ path, variants: names.data }] : [];
  });
}

describe('bodies are read with the business region\'s model', () => {
  it('an AU-only employment type is refused on a UK work type and accepted on an AU one', async () => {
    const uk = await createTenant(t, { employees: 0 });
    const au = await createTenant(t, { employees: 0, country: 'AU' });
    const body = { name: 'Hire', employmentTypes: ['LabourHire'] };
    const refused = await t.request('POST', `${uk.base}/worktype`, { auth: uk.manager.auth, json: body });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body).toMatchObject({ errors: [expect.objectContaining({ field: 'employmentTypes.0' })] });
    const accepted = await t.request('POST', `${au.base}/worktype`, { auth: au.manager.auth, json: body });
    expect(accepted.status, accepted.text).toBe(200);
    expect(checkResponse(contract, 'Au.AuWorkTypeModel', accepted.body)).toEqual([]);
    expect(accepted.body).toMatchObject({ name: 'Hire', awardPackageId: null, awardPackageName: null });
  });
});

describe('regional work type fields are kept', () => {
  it("an AU work type's award package and AU-only employment type read back on create, get, list and update; a UK answer stays the UK model", async () => {
    const au = await createTenant(t, { employees: 1, country: 'AU' });
    const auth = au.manager.auth;
    const body = { name: 'Hire', employmentTypes: ['LabourHire', 'Casual'], awardPackageId: 42, awardPackageName: 'Retail award' };
    const created = await t.request('POST', `${au.base}/worktype`, { auth, json: body });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject(body);
    const id = (created.body as { id: number }).id;
    const byId = await t.request('GET', `${au.base}/worktype/${id}`, { auth });
    expect(byId.body).toMatchObject(body);
    expect(checkResponse(contract, 'Au.AuWorkTypeModel', byId.body)).toEqual([]);
    const list = await t.request('GET', `${au.base}/worktype`, { auth });
    expect(list.body).toEqual([expect.objectContaining(body)]);
    // An employee's own list (all work types while none is set up against them) shows them too.
    const mine = await t.request('GET', `${au.base}/employee/${au.employees[0]!.id}/worktype`, { auth });
    expect(mine.body).toEqual([expect.objectContaining(body)]);
    const changed = { ...body, employmentTypes: ['SuperannuationIncomeStream'], awardPackageId: 7, awardPackageName: null };
    const updated = await t.request('PUT', `${au.base}/worktype/${id}`, { auth, json: changed });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject(changed);
    expect((await t.request('GET', `${au.base}/worktype/${id}`, { auth })).body).toMatchObject(changed);

    // The same body on a UK business: the award package is not part of its model, nor in its answer.
    const uk = await createTenant(t, { employees: 0 });
    const ukCreated = await t.request('POST', `${uk.base}/worktype`, { auth: uk.manager.auth, json: { ...body, employmentTypes: ['Casual'] } });
    expect(ukCreated.status, ukCreated.text).toBe(200);
    const ukList = await t.request('GET', `${uk.base}/worktype`, { auth: uk.manager.auth });
    expect(checkResponse(contract, 'UkWorkTypeModel', (ukList.body as unknown[])[0])).toEqual([]);
    expect((ukList.body as object[])[0]).not.toHaveProperty('awardPackageId');
  });

  it("an AU employee's self-service work types carry the award package", async () => {
    const au = await createTenant(t, { employees: 1, country: 'AU' });
    const employeeId = au.employees[0]!.id;
    const body = { name: 'Hire', employmentTypes: ['LabourHire'], awardPackageId: 42, awardPackageName: 'Retail award' };
    expect((await t.request('POST', `${au.base}/worktype`, { auth: au.manager.auth, json: body })).status).toBe(200);
    const { auth } = await selfServiceAuth(t, au, employeeId);
    const res = await t.request('GET', `/api/v2/ess/${employeeId}/lookup/worktype`, { auth });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([expect.objectContaining(body)]);
  });

  it("an MY work type's MY-only employment type is shown back", async () => {
    const my = await createTenant(t, { employees: 0, country: 'MY' });
    const auth = my.manager.auth;
    const created = await t.request('POST', `${my.base}/worktype`, { auth, json: { name: 'Office', employmentTypes: ['Permanent', 'Intern'] } });
    expect(created.status, created.text).toBe(200);
    const id = (created.body as { id: number }).id;
    expect((await t.request('GET', `${my.base}/worktype/${id}`, { auth })).body).toMatchObject({ employmentTypes: ['Permanent', 'Intern'] });
    expect((await t.request('GET', `${my.base}/worktype`, { auth })).body).toEqual([expect.objectContaining({ employmentTypes: ['Permanent', 'Intern'] })]);
  });

  it("an NZ work type's applyingPieceRate is kept", async () => {
    const nz = await createTenant(t, { employees: 0, country: 'NZ' });
    const auth = nz.manager.auth;
    const created = await t.request('POST', `${nz.base}/worktype`, { auth, json: { name: 'Picking', applyingPieceRate: true } });
    expect(created.status, created.text).toBe(200);
    const id = (created.body as { id: number }).id;
    expect((await t.request('GET', `${nz.base}/worktype/${id}`, { auth })).body).toMatchObject({ applyingPieceRate: true });
    expect((await t.request('GET', `${nz.base}/worktype`, { auth })).body).toEqual([expect.objectContaining({ applyingPieceRate: true })]);
  });
});

describe("an AU location's country is kept", () => {
  it('reads back on create, get (and as a nested location), list and update; a UK location never carries it', async () => {
    const au = await createTenant(t, { employees: 1, country: 'AU' });
    const auth = au.manager.auth;
    const parent = await t.request('POST', `${au.base}/location`, { auth, json: { name: 'Sydney', country: 'Australia', isGlobal: true } });
    expect(parent.status, parent.text).toBe(200);
    expect(parent.body).toMatchObject({ name: 'Sydney', country: 'Australia' });
    const parentId = (parent.body as { id: number }).id;
    const child = await t.request('POST', `${au.base}/location`, { auth, json: { name: 'Dock', parentId, country: 'AU' } });
    expect(child.body).toMatchObject({ country: 'AU' });
    const byId = await t.request('GET', `${au.base}/location/${parentId}`, { auth });
    expect(byId.body).toMatchObject({ country: 'Australia', nestedLocations: [expect.objectContaining({ name: 'Dock', country: 'AU' })] });
    expect(checkResponse(contract, 'Au.AuSingleLocationModel', byId.body)).toEqual([]);
    const list = await t.request('GET', `${au.base}/location`, { auth });
    expect(list.body).toEqual([expect.objectContaining({ country: 'Australia' }), expect.objectContaining({ country: 'AU' })]);
    // An employee at no location has the global ones.
    const mine = await t.request('GET', `${au.base}/employee/${au.employees[0]!.id}/location`, { auth });
    expect(mine.body).toEqual([expect.objectContaining({ name: 'Sydney', country: 'Australia' })]);
    const updated = await t.request('PUT', `${au.base}/location/${parentId}`, { auth, json: { name: 'Sydney', country: 'New South Wales, Australia' } });
    expect(updated.status, updated.text).toBe(200);
    expect((await t.request('GET', `${au.base}/location/${parentId}`, { auth })).body).toMatchObject({ country: 'New South Wales, Australia' });

    const uk = await createTenant(t, { employees: 0 });
    const ukCreated = await t.request('POST', `${uk.base}/location`, { auth: uk.manager.auth, json: { name: 'Leeds', country: 'UK' } });
    expect(ukCreated.status, ukCreated.text).toBe(200);
    const ukRead = await t.request('GET', `${uk.base}/location/${(ukCreated.body as { id: number }).id}`, { auth: uk.manager.auth });
    expect(ukRead.body).not.toHaveProperty('country');
    expect(checkResponse(contract, 'UkSingleLocationModel', ukRead.body)).toEqual([]);
  });
});

describe('regional settings are kept', () => {
  it("an AU business's portal and timesheet flags round-trip; a UK business's answers never carry them", async () => {
    const au = await createTenant(t, { employees: 0, country: 'AU' });
    const uk = await createTenant(t, { employees: 0 });
    const portal = { requirePhoto: true, allowEmployeeSuperFundSelfService: true, canSpecifyHigherClassification: true };
    const timesheet = { requireWorkType: true, allowToSelectHigherClassification: true };
    for (const tenant of [au, uk]) {
      const auth = tenant.manager.auth;
      expect((await t.request('POST', `${tenant.base}/employeeportalsettings`, { auth, json: portal })).status).toBe(200);
      expect((await t.request('PUT', `${tenant.base}/timesheetsettings`, { auth, json: timesheet })).status).toBe(200);
    }
    const read = async (tenant: typeof au, path: string) => (await t.request('GET', `${tenant.base}/${path}`, { auth: tenant.manager.auth })).body;
    expect(await read(au, 'employeeportalsettings')).toMatchObject(portal);
    expect(await read(au, 'timesheetsettings')).toMatchObject(timesheet);
    expect(checkResponse(contract, 'Au.AuEmployeePortalSettingsModel', await read(au, 'employeeportalsettings'))).toEqual([]);
    expect(checkResponse(contract, 'EmployeePortalSettingsModel', await read(uk, 'employeeportalsettings'))).toEqual([]);
    expect(checkResponse(contract, 'UkBusinessTimesheetSettingsModel', await read(uk, 'timesheetsettings'))).toEqual([]);
    expect(await read(uk, 'employeeportalsettings')).toMatchObject({ requirePhoto: true });
  });
});

describe.each(REGIONAL_VARIANTS.filter((region) => region !== 'Au'))('a %s business', (region) => {
  it('answers every regional list route in its region\'s model (UK model where the region has none)', async () => {
    const tenant = await createTenant(t, { employees: 1, country: COUNTRY_OF_REGION[region] });
    const B = tenant.base;
    const auth = tenant.manager.auth;
    // Something in each list: a work type, a shift condition, a location, a group, a timesheet line.
    for (const json of [{ name: 'Packing', employmentTypes: ['Casual'] }, { name: 'Night', mappingType: 'ShiftCondition' }]) {
      expect((await t.request('POST', `${B}/worktype`, { auth, json })).status).toBe(200);
    }
    expect((await t.request('POST', `${B}/location`, { auth, json: { name: 'Depot' } })).status).toBe(200);
    const group = { name: 'All', filterCombinationStrategy: 'Or', filters: [{ filterType: 'Employee', operator: 'In', value: String(tenant.employees[0]!.id) }] };
    expect((await t.request('POST', `${B}/employeegroup`, { auth, json: group })).status).toBe(200);
    const line = { employeeId: tenant.employees[0]!.id, startTime: '2026-08-03T09:00:00', endTime: '2026-08-03T17:00:00' };
    expect((await t.request('POST', `${B}/timesheet`, { auth, json: line })).status).toBe(200);

    const lists = regionalLists();
    expect(lists.map((l) => l.path)).toEqual(expect.arrayContaining([`/api/v2/business/{businessId}/worktype`, `/api/v2/business/{businessId}/timesheet`]));
    const checked: string[] = [];
    for (const { path, variants } of lists) {
      const op = contract.operations.find((o) => o.path === path && o.method === 'GET');
      expect(op, path).toBeDefined();
      const type = variants[region]?.response ?? op?.response ?? '';
      const url = path.replace('{businessId}', String(tenant.businessId)) + (path.endsWith('/rostershift') ? '?FromDate=2026-08-01T00:00:00&ToDate=2026-08-09T00:00:00' : '');
      const res = await t.request('GET', url, { auth });
      expect(res.status, `${url}: ${res.text}`).toBe(200);
      expect(checkResponse(contract, type, res.body), `${path} as ${type}`).toEqual([]);
      checked.push(type);
    }
    // The region's own models were among them (work types and groups differ in every region).
    expect(checked.some((type) => type.includes(`${region}.`))).toBe(true);
  });
});
