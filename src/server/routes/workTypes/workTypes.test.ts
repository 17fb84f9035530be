import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UkWorkTypeModel } from '../../../contract/generated/models';
import { workTypes } from '../../db/schema';
import { createTenant, restrictedUserAuth, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

async function createWorkType(tenant: Tenant, json: Record<string, unknown>): Promise<UkWorkTypeModel> {
  const res = await t.request('POST', `${tenant.base}/worktype`, { auth: tenant.manager.auth, json });
  expect(res.status, res.text).toBe(200);
  return UkWorkTypeModel.parse(res.body);
}

describe('work types', () => {
  it('creates, reads, lists, updates and soft-deletes a work type', async () => {
    const tenant = await createTenant(t);
    const created = await createWorkType(tenant, {
      name: ' Picking ',
      employmentTypes: [0, 'Casual', 2, 'Casual'],
      payCategoryId: 41,
      externalId: 'PK',
      accruesLeave: true,
      mappingType: 'PayCategory',
      shortCode: 'PICK',
    });
    expect(created).toEqual({
      employmentTypes: ['Unknown', 'Casual', 'PartTime'],
      id: created.id,
      name: 'Picking',
      payCategoryId: 41,
      leaveCategoryId: null,
      externalId: 'PK',
      source: null,
      accruesLeave: true,
      mappingType: 'PayCategory',
      shortCode: 'PICK',
    });
    const bare = await createWorkType(tenant, { name: 'Bare' });
    expect(bare).toEqual({
      employmentTypes: [],
      id: bare.id,
      name: 'Bare',
      payCategoryId: null,
      leaveCategoryId: null,
      externalId: null,
      source: null,
      accruesLeave: false,
      mappingType: null,
      shortCode: null,
    });

    const read = await t.request('GET', `${tenant.base}/worktype/${created.id}`, { auth: tenant.manager.auth });
    expect(read.body).toEqual(created);
    const list = await t.request('GET', `${tenant.base}/worktype`, { auth: tenant.manager.auth });
    expect(list.body).toEqual([created, bare]);

    const updated = await t.request('PUT', `${tenant.base}/worktype/${created.id}`, {
      auth: tenant.manager.auth,
      json: { ...created, name: 'Packing', employmentTypes: [4], mappingType: 'LeaveCategory', leaveCategoryId: 7 },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toEqual({ ...created, name: 'Packing', employmentTypes: ['NotApplicable'], mappingType: 'LeaveCategory', leaveCategoryId: 7 });

    const removed = await t.request('DELETE', `${tenant.base}/worktype/${created.id}`, { auth: tenant.manager.auth });
    expect(removed.status).toBe(200);
    expect(removed.text).toBe('');
    const [row] = await t.db.select().from(workTypes).where(eq(workTypes.id, created.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.name).toBe('Packing');
    for (const [method, json] of [['GET', undefined], ['PUT', { name: 'Back' }], ['DELETE', undefined]] as const) {
      const res = await t.request(method, `${tenant.base}/worktype/${created.id}`, { auth: tenant.manager.auth, json });
      expect(res.status, method).toBe(404);
    }
    const after = await t.request('GET', `${tenant.base}/worktype`, { auth: tenant.manager.auth });
    expect(after.body).toEqual([bare]);
  });

  it('filters, orders and pages the list with OData (shift conditions by mappingType)', async () => {
    const tenant = await createTenant(t);
    await createWorkType(tenant, { name: 'Ordinary', mappingType: 'PrimaryPayCategory' });
    await createWorkType(tenant, { name: 'Night', mappingType: 'ShiftCondition' });
    await createWorkType(tenant, { name: 'Cold', mappingType: 'ShiftCondition' });
    const names = async (query: string) => {
      const res = await t.request('GET', `${tenant.base}/worktype?${query}`, { auth: tenant.manager.auth });
      expect(res.status, res.text).toBe(200);
      return (res.body as UkWorkTypeModel[]).map((w) => w.name);
    };
    expect(await names("$filter=mappingType eq 'ShiftCondition'")).toEqual(['Night', 'Cold']);
    expect(await names("$filter=MappingType ne 'ShiftCondition' or name eq 'Cold'&$orderby=name desc")).toEqual(['Ordinary', 'Cold']);
    expect(await names('$orderby=name&$top=1&$skip=1')).toEqual(['Night']);
    const bad = await t.request('GET', `${tenant.base}/worktype?$filter=startswith(name,'N')`, { auth: tenant.manager.auth });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'unsupported-query' });
  });

  it('rejects bad work types with per-field errors', async () => {
    const tenant = await createTenant(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'name'],
      [{ name: '  ' }, 'name'],
      [{ name: 'x', employmentTypes: [5] }, 'employmentTypes.0'],
      [{ name: 'x', employmentTypes: ['FullTime', 'Contractor'] }, 'employmentTypes.1'],
      [{ name: 'x', mappingType: 'Bonus' }, 'mappingType'],
      [{ name: 'x', accruesLeave: 'yes' }, 'accruesLeave'],
      [{ name: 'x', payCategoryId: 'abc' }, 'payCategoryId'],
    ];
    for (const [json, field] of cases) {
      const res = await t.request('POST', `${tenant.base}/worktype`, { auth: tenant.manager.auth, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(res.body).toMatchObject({ code: 'validation-failed' });
      expect((res.body as { errors: Array<{ field: string }> }).errors.map((e) => e.field), JSON.stringify(json)).toContain(field);
    }
    const list = await t.request('GET', `${tenant.base}/worktype`, { auth: tenant.manager.auth });
    expect(list.body).toEqual([]);
  });

  it('stops locations using a shift condition that is deleted or no longer a shift condition', async () => {
    const tenant = await createTenant(t);
    const night = await createWorkType(tenant, { name: 'Night', mappingType: 'ShiftCondition' });
    const cold = await createWorkType(tenant, { name: 'Cold', mappingType: 'ShiftCondition' });
    const wet = await createWorkType(tenant, { name: 'Wet', mappingType: 'ShiftCondition' });
    const created = await t.request('POST', `${tenant.base}/location`, {
      auth: tenant.manager.auth,
      json: { name: 'Yard', defaultShiftConditionIds: [night.id, cold.id, wet.id] },
    });
    expect(created.status, created.text).toBe(200);
    const yard = created.body as { id: number };
    const defaults = async () => {
      const res = await t.request('GET', `${tenant.base}/location/${yard.id}`, { auth: tenant.manager.auth });
      return (res.body as { defaultShiftConditionIds: number[] }).defaultShiftConditionIds;
    };

    const renamed = await t.request('PUT', `${tenant.base}/worktype/${wet.id}`, { auth: tenant.manager.auth, json: { ...wet, name: 'Rain' } });
    expect(renamed.status).toBe(200);
    expect(await defaults()).toEqual([night.id, cold.id, wet.id]);

    const remapped = await t.request('PUT', `${tenant.base}/worktype/${night.id}`, {
      auth: tenant.manager.auth,
      json: { ...night, mappingType: 'PayCategory' },
    });
    expect(remapped.status).toBe(200);
    expect(await defaults()).toEqual([cold.id, wet.id]);

    expect((await t.request('DELETE', `${tenant.base}/worktype/${cold.id}`, { auth: tenant.manager.auth })).status).toBe(200);
    expect(await defaults()).toEqual([wet.id]);

    const echoed = await t.request('GET', `${tenant.base}/location/${yard.id}`, { auth: tenant.manager.auth });
    const resaved = await t.request('PUT', `${tenant.base}/location/${yard.id}`, { auth: tenant.manager.auth, json: echoed.body });
    expect(resaved.status, resaved.text).toBe(200);
  });

  it("hides another business's work types and leaves them untouched", async () => {
    const mine = await createTenant(t);
    const theirs = await createTenant(t);
    const secret = await createWorkType(theirs, { name: 'Secret overtime' });
    const attempts: Array<[string, string, unknown]> = [
      ['GET', `${theirs.base}/worktype`, undefined],
      ['POST', `${theirs.base}/worktype`, { name: 'Intruder' }],
      ['GET', `${theirs.base}/worktype/${secret.id}`, undefined],
      ['PUT', `${theirs.base}/worktype/${secret.id}`, { name: 'Hacked' }],
      ['DELETE', `${theirs.base}/worktype/${secret.id}`, undefined],
      ['GET', `${mine.base}/worktype/${secret.id}`, undefined],
      ['PUT', `${mine.base}/worktype/${secret.id}`, { name: 'Hacked' }],
      ['DELETE', `${mine.base}/worktype/${secret.id}`, undefined],
    ];
    for (const [method, path, json] of attempts) {
      const res = await t.request(method, path, { auth: mine.manager.auth, json });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.text).not.toContain('Secret overtime');
    }
    const still = await t.request('GET', `${theirs.base}/worktype`, { auth: theirs.manager.auth });
    expect(still.body).toEqual([secret]);
  });

  it('needs credentials, and unrestricted access to change work types', async () => {
    const tenant = await createTenant(t);
    const packing = await createWorkType(tenant, { name: 'Packing' });
    expect((await t.request('GET', `${tenant.base}/worktype`)).status).toBe(401);
    expect((await t.request('DELETE', `${tenant.base}/worktype/${packing.id}`)).status).toBe(401);

    const restricted = await restrictedUserAuth(t, tenant);
    const list = await t.request('GET', `${tenant.base}/worktype`, { auth: restricted });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([packing]);
    for (const [method, path, json] of [
      ['POST', `${tenant.base}/worktype`, { name: 'x' }],
      ['PUT', `${tenant.base}/worktype/${packing.id}`, { name: 'x' }],
      ['DELETE', `${tenant.base}/worktype/${packing.id}`, undefined],
    ] as const) {
      const res = await t.request(method, path, { auth: restricted, json });
      expect(res.status, method).toBe(403);
      expect(res.body).toMatchObject({ code: 'forbidden' });
    }
    const read = await t.request('GET', `${tenant.base}/worktype/${packing.id}`, { auth: tenant.manager.auth });
    expect(read.body).toEqual(packing);
  });
});
