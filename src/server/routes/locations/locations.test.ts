import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UkLocationModel, UkSingleLocationModel } from '../../../contract/generated/models';
import { locations } from '../../db/schema';
import { createTenant, restrictedUserAuth, type Tenant } from '../../testing/fixtures';
import { startTestService, type ApiResult, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

async function createLocation(tenant: Tenant, json: Record<string, unknown>): Promise<UkLocationModel> {
  const res = await t.request('POST', `${tenant.base}/location`, { auth: tenant.manager.auth, json });
  expect(res.status, res.text).toBe(200);
  return UkLocationModel.parse(res.body);
}

async function createWorkType(tenant: Tenant, json: Record<string, unknown>): Promise<number> {
  const res = await t.request('POST', `${tenant.base}/worktype`, { auth: tenant.manager.auth, json });
  expect(res.status, res.text).toBe(200);
  return (res.body as { id: number }).id;
}

function fieldsOf(res: ApiResult): string[] {
  return (res.body as { errors: Array<{ field: string }> }).errors.map((e) => e.field);
}

describe('locations', () => {
  it('creates, reads, lists, updates and deletes locations, with path names and child locations', async () => {
    const tenant = await createTenant(t);
    const condition = await createWorkType(tenant, { name: 'Night', mappingType: 'ShiftCondition' });
    const sydney = await createLocation(tenant, { name: ' Sydney ', externalId: 'SYD', state: 'NSW', isGlobal: true });
    expect(sydney).toEqual({
      id: sydney.id,
      parentId: null,
      name: 'Sydney',
      externalId: 'SYD',
      externalAccountingLocationId: null,
      source: null,
      fullyQualifiedName: 'Sydney',
      isGlobal: true,
      isRollupReportingLocation: false,
      generalLedgerMappingCode: null,
      defaultShiftConditionIds: [],
      state: 'NSW',
    });
    const warehouse = await createLocation(tenant, {
      name: 'Warehouse',
      parentId: sydney.id,
      fullyQualifiedName: 'ignored',
      defaultShiftConditionIds: [condition, condition],
    });
    expect(warehouse).toMatchObject({ parentId: sydney.id, fullyQualifiedName: 'Sydney/Warehouse', defaultShiftConditionIds: [condition] });
    const bay = await createLocation(tenant, { name: 'Bay 1', parentId: warehouse.id });
    expect(bay.fullyQualifiedName).toBe('Sydney/Warehouse/Bay 1');

    const read = await t.request('GET', `${tenant.base}/location/${sydney.id}`, { auth: tenant.manager.auth });
    expect(read.status).toBe(200);
    const single = UkSingleLocationModel.parse(read.body);
    expect(single).toEqual({ ...sydney, nestedLocations: [warehouse] });

    const list = await t.request('GET', `${tenant.base}/location`, { auth: tenant.manager.auth });
    expect(list.body).toEqual([sydney, warehouse, bay]);

    const renamed = await t.request('PUT', `${tenant.base}/location/${sydney.id}`, {
      auth: tenant.manager.auth,
      json: { ...sydney, name: 'Melbourne', state: 'VIC' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toEqual({ ...sydney, name: 'Melbourne', state: 'VIC', fullyQualifiedName: 'Melbourne' });
    const child = await t.request('GET', `${tenant.base}/location/${bay.id}`, { auth: tenant.manager.auth });
    expect(child.body).toMatchObject({ fullyQualifiedName: 'Melbourne/Warehouse/Bay 1', nestedLocations: [] });

    const moved = await t.request('PUT', `${tenant.base}/location/${bay.id}`, {
      auth: tenant.manager.auth,
      json: { ...bay, parentId: null },
    });
    expect(moved.body).toMatchObject({ parentId: null, fullyQualifiedName: 'Bay 1' });

    const removed = await t.request('DELETE', `${tenant.base}/location/${bay.id}`, { auth: tenant.manager.auth });
    expect(removed.status).toBe(200);
    expect(removed.text).toBe('');
    const after = await t.request('GET', `${tenant.base}/location`, { auth: tenant.manager.auth });
    expect((after.body as UkLocationModel[]).map((l) => l.name)).toEqual(['Melbourne', 'Warehouse']);
  });

  it('filters, orders and pages the list with OData', async () => {
    const tenant = await createTenant(t);
    const north = await createLocation(tenant, { name: 'North' });
    await createLocation(tenant, { name: 'Depot', parentId: north.id });
    await createLocation(tenant, { name: 'South', state: 'QLD' });
    const names = async (query: string) => {
      const res = await t.request('GET', `${tenant.base}/location?${query}`, { auth: tenant.manager.auth });
      expect(res.status, res.text).toBe(200);
      return (res.body as UkLocationModel[]).map((l) => l.fullyQualifiedName);
    };
    expect(await names("$filter=fullyQualifiedName eq 'North/Depot'")).toEqual(['North/Depot']);
    expect(await names(`$filter=parentId eq null&$orderby=name desc`)).toEqual(['South', 'North']);
    expect(await names(`$filter=ParentId eq ${north.id} or State eq 'QLD'`)).toEqual(['North/Depot', 'South']);
    expect(await names('$orderby=name&$top=2&$skip=1')).toEqual(['North', 'South']);
    const bad = await t.request('GET', `${tenant.base}/location?$orderby=country`, { auth: tenant.manager.auth });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'unsupported-query' });
  });

  it('rejects bad locations with per-field errors', async () => {
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    const theirLocation = await createLocation(other, { name: 'Theirs' });
    const theirCondition = await createWorkType(other, { name: 'Their night', mappingType: 'ShiftCondition' });
    const plainWorkType = await createWorkType(tenant, { name: 'Packing', mappingType: 'PayCategory' });
    const condition = await createWorkType(tenant, { name: 'Cold store', mappingType: 'ShiftCondition' });
    const deleted = await createLocation(tenant, { name: 'Closed' });
    await t.request('DELETE', `${tenant.base}/location/${deleted.id}`, { auth: tenant.manager.auth });

    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{}, 'name', 'validation-failed'],
      [{ name: '   ' }, 'name', 'validation-failed'],
      [{ name: 'x', parentId: 999999 }, 'parentId', 'invalid-reference'],
      [{ name: 'x', parentId: theirLocation.id }, 'parentId', 'invalid-reference'],
      [{ name: 'x', parentId: deleted.id }, 'parentId', 'invalid-reference'],
      [{ name: 'x', defaultShiftConditionIds: [condition, plainWorkType] }, 'defaultShiftConditionIds.1', 'invalid-reference'],
      [{ name: 'x', defaultShiftConditionIds: [theirCondition] }, 'defaultShiftConditionIds.0', 'invalid-reference'],
      [{ name: 'x', defaultShiftConditionIds: ['one'] }, 'defaultShiftConditionIds.0', 'validation-failed'],
      [{ name: 'x', isGlobal: 'yes' }, 'isGlobal', 'validation-failed'],
      [{ name: 'x', parentId: 1.5 }, 'parentId', 'validation-failed'],
    ];
    for (const [json, field, code] of cases) {
      const res = await t.request('POST', `${tenant.base}/location`, { auth: tenant.manager.auth, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(res.body, JSON.stringify(json)).toMatchObject({ code });
      expect(fieldsOf(res), JSON.stringify(json)).toContain(field);
    }
    const list = await t.request('GET', `${tenant.base}/location`, { auth: tenant.manager.auth });
    expect(list.body).toEqual([]);
  });

  it('refuses a parent that would make a cycle', async () => {
    const tenant = await createTenant(t);
    const top = await createLocation(tenant, { name: 'Top' });
    const middle = await createLocation(tenant, { name: 'Middle', parentId: top.id });
    const leaf = await createLocation(tenant, { name: 'Leaf', parentId: middle.id });
    for (const parentId of [top.id, leaf.id, middle.id]) {
      const res = await t.request('PUT', `${tenant.base}/location/${top.id}`, {
        auth: tenant.manager.auth,
        json: { name: 'Top', parentId },
      });
      expect(res.status, `parent ${parentId}`).toBe(400);
      expect(fieldsOf(res)).toEqual(['parentId']);
    }
    const sideways = await t.request('PUT', `${tenant.base}/location/${leaf.id}`, {
      auth: tenant.manager.auth,
      json: { name: 'Leaf', parentId: top.id },
    });
    expect(sideways.status).toBe(200);
    expect(sideways.body).toMatchObject({ fullyQualifiedName: 'Top/Leaf' });
  });

  it('soft-deletes, and refuses to delete a location that still has children', async () => {
    const tenant = await createTenant(t);
    const parent = await createLocation(tenant, { name: 'Parent' });
    const child = await createLocation(tenant, { name: 'Child', parentId: parent.id });

    const refused = await t.request('DELETE', `${tenant.base}/location/${parent.id}`, { auth: tenant.manager.auth });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'conflict' });

    expect((await t.request('DELETE', `${tenant.base}/location/${child.id}`, { auth: tenant.manager.auth })).status).toBe(200);
    const parentNow = await t.request('GET', `${tenant.base}/location/${parent.id}`, { auth: tenant.manager.auth });
    expect(parentNow.body).toMatchObject({ nestedLocations: [] });
    expect((await t.request('DELETE', `${tenant.base}/location/${parent.id}`, { auth: tenant.manager.auth })).status).toBe(200);

    const [row] = await t.db.select().from(locations).where(eq(locations.id, parent.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.name).toBe('Parent');

    for (const [method, json] of [['GET', undefined], ['PUT', { name: 'Back' }], ['DELETE', undefined]] as const) {
      const res = await t.request(method, `${tenant.base}/location/${parent.id}`, { auth: tenant.manager.auth, json });
      expect(res.status, method).toBe(404);
    }
    const list = await t.request('GET', `${tenant.base}/location`, { auth: tenant.manager.auth });
    expect(list.body).toEqual([]);
  });

  it("hides another business's locations and leaves them untouched", async () => {
    const mine = await createTenant(t);
    const theirs = await createTenant(t);
    const secret = await createLocation(theirs, { name: 'Secret vault' });
    const attempts: Array<[string, string, unknown]> = [
      ['GET', `${theirs.base}/location`, undefined],
      ['POST', `${theirs.base}/location`, { name: 'Intruder' }],
      ['GET', `${theirs.base}/location/${secret.id}`, undefined],
      ['PUT', `${theirs.base}/location/${secret.id}`, { name: 'Hacked' }],
      ['DELETE', `${theirs.base}/location/${secret.id}`, undefined],
      ['GET', `${mine.base}/location/${secret.id}`, undefined],
      ['PUT', `${mine.base}/location/${secret.id}`, { name: 'Hacked' }],
      ['DELETE', `${mine.base}/location/${secret.id}`, undefined],
    ];
    for (const [method, path, json] of attempts) {
      const res = await t.request(method, path, { auth: mine.manager.auth, json });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.text).not.toContain('Secret vault');
    }
    const still = await t.request('GET', `${theirs.base}/location`, { auth: theirs.manager.auth });
    expect(still.body).toEqual([secret]);
  });

  it('needs credentials, and unrestricted access to change locations', async () => {
    const tenant = await createTenant(t);
    const site = await createLocation(tenant, { name: 'Site' });
    const anonymous = await t.request('GET', `${tenant.base}/location`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 'unauthenticated' });
    expect((await t.request('POST', `${tenant.base}/location`, { json: { name: 'x' } })).status).toBe(401);

    const restricted = await restrictedUserAuth(t, tenant);
    const read = await t.request('GET', `${tenant.base}/location/${site.id}`, { auth: restricted });
    expect(read.status).toBe(200);
    for (const [method, path, json] of [
      ['POST', `${tenant.base}/location`, { name: 'x' }],
      ['PUT', `${tenant.base}/location/${site.id}`, { name: 'x' }],
      ['DELETE', `${tenant.base}/location/${site.id}`, undefined],
    ] as const) {
      const res = await t.request(method, path, { auth: restricted, json });
      expect(res.status, method).toBe(403);
    }
    const list = await t.request('GET', `${tenant.base}/location`, { auth: tenant.manager.auth });
    expect(list.body).toEqual([site]);
  });

  it('applies a create once per Idempotency-Key', async () => {
    const tenant = await createTenant(t);
    const send = (name: string) =>
      t.request('POST', `${tenant.base}/location`, {
        auth: tenant.manager.auth,
        json: { name },
        headers: { 'idempotency-key': 'location-create-1' },
      });
    const first = await send('Once');
    const again = await send('Once');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await send('Different')).status).toBe(422);
    const list = await t.request('GET', `${tenant.base}/location`, { auth: tenant.manager.auth });
    expect((list.body as UkLocationModel[]).map((l) => l.name)).toEqual(['Once']);
  });
});
