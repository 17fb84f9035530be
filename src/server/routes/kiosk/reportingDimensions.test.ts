/**
 * Issue 13, part 1 (reporting dimensions): lookupdata's `reportingDimensionsEnabled` follows the
 * kiosk's `timesheetDimensionsEnabled`; a clock-on's `dimensionValueIds` are refused at a kiosk
 * without it as not enabled, and with it as naming no existing value (no contract route defines one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UkTimeAndAttendanceLookupDataModel } from '../../../contract/generated/models';
import { createTenant, enrolDeviceAuth, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
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
  const clockOn = () => t.request('POST', `${tenant.kiosk}/clockon`, { auth: device, json: { employeeId: tenant.employees[0]!.id, dimensionValueIds: [42] } });

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
    expect(refused.body).toMatchObject({ code: 'invalid-reference', errors: [{ field: 'dimensionValueIds', message: 'Reporting dimension value 42 does not exist.' }] });
  });
});
