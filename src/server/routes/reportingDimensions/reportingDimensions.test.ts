/**
 * Reporting dimensions: lookupdata's `reportingDimensionsEnabled` follows the kiosk's
 * `timesheetDimensionsEnabled`, and with it on offers the business's dimensions and values (defined
 * through the project extension `B/reportingdimension`); a clock-on's `dimensionValueIds` are
 * refused at a kiosk without it, checked against the business's live values (one per dimension)
 * at one with it, stored with the shift and answered by the shift search as `dimensionValues`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ReportingDimensionValueBaseApiModel, UkTimeAndAttendanceLookupDataModel } from '../../../contract/generated/models';
import { createTenant, enrolDeviceAuth, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
let statements: string[] | null = null;
beforeAll(async () => {
  t = await startTestService({}, { onRows: (_rows, sql) => statements?.push(sql) });
});
afterAll(() => t.close());

describe('reporting dimensions follow the kiosk', () => {
  let tenant: Tenant;
  let device: string;
  beforeAll(async () => {
    t.clock.set('2026-09-04T08:00:00Z');
    tenant = await createTenant(t);
    device = await enrolDeviceAuth(t, tenant);
  });

  const setDimensions = async (enabled: boolean) => {
    const res = await t.request('PUT', tenant.kiosk, { auth: tenant.manager.auth, json: { name: 'Front door', timesheetDimensionsEnabled: enabled } });
    expect(res.status, res.text).toBe(200);
  };
  const lookup = async () =>
    UkTimeAndAttendanceLookupDataModel.parse((await t.request('GET', `${tenant.kiosk}/lookupdata/${tenant.employees[0]!.id}`, { auth: device })).body);
  const clockOn = (dimensionValueIds: number[] = [424242], employee = 0) =>
    t.request('POST', `${tenant.kiosk}/clockon`, { auth: device, json: { employeeId: tenant.employees[employee]!.id, dimensionValueIds } });
  const Dimension = z.object({ id: z.number(), name: z.string(), values: z.array(ReportingDimensionValueBaseApiModel) });
  const addDimension = async (target: Tenant, name: string, values: string[]) => {
    const res = await t.request('POST', `${target.base}/reportingdimension`, { auth: target.manager.auth, json: { name, values } });
    expect(res.status, res.text).toBe(200);
    return Dimension.parse(res.body);
  };

  it('says reporting dimensions are off, and refuses values, at a kiosk without them', async () => {
    await setDimensions(false);
    expect((await lookup()).reportingDimensionsEnabled).toBe(false);
    const refused = await clockOn();
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body).toMatchObject({ code: 'invalid-reference', errors: [{ field: 'dimensionValueIds' }] });
    expect(refused.text).toContain('not enabled at this kiosk');
  });

  it('says they are on at a kiosk with timesheetDimensionsEnabled, and refuses a value that does not exist', async () => {
    await setDimensions(true);
    const data = await lookup();
    expect(data).toMatchObject({ reportingDimensionsEnabled: true, reportingDimensionGroups: [], reportingDimensionValues: [] });
    const refused = await clockOn();
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body).toMatchObject({ code: 'invalid-reference', errors: [{ field: 'dimensionValueIds', message: 'Reporting dimension value 424242 does not exist.' }] });
  });

  it('offers the business\'s dimensions, accepts one value of each, stores it and answers it on the shift', async () => {
    await setDimensions(true);
    const department = await addDimension(tenant, 'Department', ['Front of house', 'Bakery']);
    const project = await addDimension(tenant, 'Project', ['Launch']);
    await addDimension(tenant, 'Empty', []);
    const [bakery, front] = [department.values.find((v) => v.name === 'Bakery')!, department.values.find((v) => v.name === 'Front of house')!];
    const data = await lookup();
    expect(data.reportingDimensionGroups).toEqual([{ value: department.id, text: 'Department' }, { value: project.id, text: 'Project' }]);
    expect(data.reportingDimensionValues).toEqual([
      { reportingDimensionId: department.id, isDeleted: false, isNoLongerAllowed: false, value: bakery.id, text: 'Bakery' },
      { reportingDimensionId: department.id, isDeleted: false, isNoLongerAllowed: false, value: front.id, text: 'Front of house' },
      { reportingDimensionId: project.id, isDeleted: false, isNoLongerAllowed: false, value: project.values[0]!.id, text: 'Launch' },
    ]);
    // Two values of one dimension: refused, naming the field.
    const both = await clockOn([bakery.id, front.id]);
    expect(both.status, both.text).toBe(400);
    expect(both.body).toMatchObject({ code: 'invalid-reference', errors: [{ field: 'dimensionValueIds' }] });
    const on = await clockOn([bakery.id, project.values[0]!.id]);
    expect(on.status, on.text).toBe(200);
    const shifts = await t.request('POST', `${tenant.base}/kiosk/shifts`, { auth: tenant.manager.auth, json: { employeeId: tenant.employees[0]!.id } });
    expect(shifts.status, shifts.text).toBe(200);
    const [shift] = z.array(z.object({ dimensionValues: z.array(ReportingDimensionValueBaseApiModel) })).parse(shifts.body);
    expect(shift?.dimensionValues).toEqual([
      { id: bakery.id, name: 'Bakery', reportingDimensionId: department.id },
      { id: project.values[0]!.id, name: 'Launch', reportingDimensionId: project.id },
    ]);
  });

  it("refuses another business's value and a removed dimension's; a kiosk without the switch refuses a real value", async () => {
    await setDimensions(true);
    const elsewhere = await createTenant(t, { employees: 0 });
    const theirs = (await addDimension(elsewhere, 'Theirs', ['Other'])).values[0]!.id;
    const gone = await addDimension(tenant, 'Gone', ['Old']);
    expect((await t.request('DELETE', `${tenant.base}/reportingdimension/${gone.id}`, { auth: tenant.manager.auth })).status).toBe(200);
    expect((await lookup()).reportingDimensionGroups?.map((g) => g.text)).not.toContain('Gone');
    for (const id of [theirs, gone.values[0]!.id]) {
      const refused = await clockOn([id], 1);
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body).toMatchObject({ code: 'invalid-reference', errors: [{ field: 'dimensionValueIds', message: `Reporting dimension value ${id} does not exist.` }] });
    }
    const real = (await addDimension(tenant, 'Shift type', ['Day'])).values[0]!.id;
    await setDimensions(false);
    expect((await lookup()).reportingDimensionGroups).toEqual([]);
    const refused = await clockOn([real], 1);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.text).toContain('not enabled at this kiosk');
  });

  it('a clock-on naming dimension values costs no statement more than one naming none (the check rides on the choices read)', async () => {
    await setDimensions(true);
    const values = (await addDimension(tenant, 'Cost centre', ['North'])).values.map((v) => v.id);
    const location = await t.request('POST', `${tenant.base}/location`, { auth: tenant.manager.auth, json: { name: 'Shop', isGlobal: true } });
    const locationId = z.object({ id: z.number() }).parse(location.body).id;
    const count = async (employee: number, dimensionValueIds: number[]) => {
      statements = [];
      try {
        const res = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: device, json: { employeeId: tenant.employees[employee]!.id, locationId, dimensionValueIds } });
        expect(res.status, res.text).toBe(200);
        return statements.length;
      } finally {
        statements = null;
      }
    };
    // Both employees are clocked off first (earlier tests clocked employee 0 on).
    for (const e of tenant.employees) await t.request('POST', `${tenant.kiosk}/clockoff`, { auth: device, json: { employeeId: e.id } });
    const plain = await count(1, []);
    const tagged = await count(0, values);
    expect(plain).toBeGreaterThan(2);
    expect(tagged).toBe(plain);
  });

  it("carries a shift's values onto its timesheet line, which can be written back; a line names only live values", async () => {
    await setDimensions(true);
    const employeeId = tenant.employees[0]!.id;
    const centre = await addDimension(tenant, 'Cost centre 2', ['South']);
    const south = centre.values[0]!.id;
    await t.request('POST', `${tenant.kiosk}/clockoff`, { auth: device, json: { employeeId } });
    t.clock.set('2026-09-04T09:00:00Z');
    expect((await clockOn([south])).status).toBe(200);
    t.clock.set('2026-09-04T12:00:00Z');
    const off = await t.request('POST', `${tenant.kiosk}/clockoff`, { auth: device, json: { employeeId } });
    expect(off.status, off.text).toBe(200);
    const list = await t.request('GET', `${tenant.base}/timesheet?$filter=employeeId eq ${employeeId}`, { auth: tenant.manager.auth });
    const lines = z.array(z.object({ id: z.number(), dimensionValueIds: z.array(z.number()).nullable() })).parse(list.body);
    const line = lines.find((l) => l.dimensionValueIds?.includes(south));
    expect(line, list.text).toBeDefined();
    // The dimension is removed; the line read and written back keeps its value.
    expect((await t.request('DELETE', `${tenant.base}/reportingdimension/${centre.id}`, { auth: tenant.manager.auth })).status).toBe(200);
    const read = await t.request('GET', `${tenant.base}/timesheet/${line!.id}`, { auth: tenant.manager.auth });
    const back = await t.request('PUT', `${tenant.base}/timesheet/${line!.id}`, { auth: tenant.manager.auth, json: read.body });
    expect(back.status, back.text).toBe(200);
    expect(back.body).toMatchObject({ dimensionValueIds: [south] });
    // A new line may not name the removed value, and may name a live one.
    const day = { employeeId, startTime: '2026-09-03T09:00:00', endTime: '2026-09-03T12:00:00' };
    const refused = await t.request('POST', `${tenant.base}/timesheet`, { auth: tenant.manager.auth, json: { ...day, dimensionValueIds: [south] } });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body).toMatchObject({ code: 'invalid-reference', errors: [{ field: 'dimensionValueIds' }] });
    const live = (await addDimension(tenant, 'Region', ['East'])).values[0]!.id;
    const made = await t.request('POST', `${tenant.base}/timesheet`, { auth: tenant.manager.auth, json: { ...day, dimensionValueIds: [live] } });
    expect(made.status, made.text).toBe(200);
    expect(made.body).toMatchObject({ dimensionValueIds: [live] });
  });

  it('lets only a manager of the business define dimensions', async () => {
    const res = await t.request('POST', `${tenant.base}/reportingdimension`, { auth: device, json: { name: 'Sneaky', values: ['x'] } });
    expect(res.status).toBe(403);
    const blank = await t.request('POST', `${tenant.base}/reportingdimension`, { auth: tenant.manager.auth, json: { name: 'Dup', values: ['A', 'a'] } });
    expect(blank.status, blank.text).toBe(400);
  });
});
