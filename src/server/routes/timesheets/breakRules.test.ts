/**
 * Break and rest rules (project-designed) through the real app and database: none until saved,
 * saved and read back per business, refused when malformed, handed to the business's kiosks with
 * their policy, and the California profile keeping meal punches as punched on kiosk lines while
 * the shift's own edges still round.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UkIndividualTimesheetLineModel } from '../../../contract/generated/models';
import { DeviceIdentityModel } from '../../../contract/supporting/devices';
import { NO_BREAK_RULES } from '../../../domain/breakRules';
import { NO_ROUNDING, type RoundingRules } from '../../../domain/rounding';
import { createTenant, enrolDeviceAuth } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const QUARTER: RoundingRules = {
  ...NO_ROUNDING,
  shiftStartRounding: 'RoundToNearest',
  shiftEndRounding: 'RoundToNearest',
  breakStartRounding: 'RoundToNearest',
  breakEndRounding: 'RoundToNearest',
};

describe('GET and POST B/breakrules', () => {
  it('answers no profile until one is saved, then the saved one, for this business only', async () => {
    const tenant = await createTenant(t);
    const auth = tenant.manager.auth;
    const url = `${tenant.base}/breakrules`;
    expect((await t.request('GET', url, { auth })).body).toEqual(NO_BREAK_RULES);
    const saved = await t.request('POST', url, { auth, json: { profile: 'UK', blockShortRest: true } });
    expect(saved.status, saved.text).toBe(200);
    expect((await t.request('GET', url, { auth })).body).toEqual({ profile: 'UK', blockShortRest: true });
    const other = await createTenant(t);
    expect((await t.request('GET', `${other.base}/breakrules`, { auth: other.manager.auth })).body).toEqual(NO_BREAK_RULES);
  });

  it('refuses a body that is not the model, naming the field, and keeps what was stored', async () => {
    const tenant = await createTenant(t);
    const auth = tenant.manager.auth;
    const url = `${tenant.base}/breakrules`;
    const cases: Array<[unknown, string]> = [
      [{ profile: 'FR', blockShortRest: false }, 'profile'],
      [{ profile: 'UK' }, 'blockShortRest'],
      [{ profile: 'UK', blockShortRest: 'yes' }, 'blockShortRest'],
      [{ profile: 'UK', blockShortRest: false, restHours: 8 }, 'restHours'],
    ];
    for (const [body, field] of cases) {
      const res = await t.request('POST', url, { auth, json: body });
      expect(res.status, res.text).toBe(400);
      expect(res.text).toContain(field);
    }
    expect((await t.request('GET', url, { auth })).body).toEqual(NO_BREAK_RULES);
  });

  it("reaches the business's kiosks with their policy", async () => {
    const tenant = await createTenant(t);
    const device = await enrolDeviceAuth(t, tenant);
    const before = DeviceIdentityModel.parse((await t.request('GET', '/api/v2/device', { auth: device })).body);
    expect(before.policy.breakRules).toEqual(NO_BREAK_RULES);
    await t.request('POST', `${tenant.base}/breakrules`, { auth: tenant.manager.auth, json: { profile: 'CA', blockShortRest: false } });
    const after = DeviceIdentityModel.parse((await t.request('GET', '/api/v2/device', { auth: device })).body);
    expect(after.policy.breakRules).toEqual({ profile: 'CA', blockShortRest: false });
  });
});

describe('meal punches on kiosk lines', () => {
  async function lineUnder(profile: string) {
    const tenant = await createTenant(t);
    const auth = tenant.manager.auth;
    expect((await t.request('POST', `${tenant.base}/roundingrules`, { auth, json: QUARTER })).status).toBe(200);
    expect((await t.request('POST', `${tenant.base}/breakrules`, { auth, json: { profile, blockShortRest: false } })).status).toBe(200);
    const employeeId = tenant.employees[0]!.id;
    const punch = async (op: string, at: string) => {
      t.clock.set(at);
      const res = await t.request('POST', `${tenant.kiosk}/${op}`, { auth, json: { employeeId } });
      expect(res.status, `${op}: ${res.text}`).toBe(200);
    };
    // London in June (the test kiosk's zone) is UTC+1: 09:32 on, meal 13:07 to 13:38, off 17:58.
    await punch('clockon', '2026-06-10T08:32:00Z');
    await punch('startbreak', '2026-06-10T12:07:00Z');
    await punch('endbreak', '2026-06-10T12:38:00Z');
    await punch('clockoff', '2026-06-10T16:58:00Z');
    const list = await t.request('GET', `${tenant.base}/timesheet`, { auth });
    const [line] = (list.body as Array<{ id: number }>);
    const res = await t.request('GET', `${tenant.base}/timesheet/${line!.id}`, { auth });
    return UkIndividualTimesheetLineModel.parse(res.body);
  }

  it('keeps them as punched under the California profile, rounding only the shift', async () => {
    expect(await lineUnder('CA')).toMatchObject({
      startTime: '2026-06-10T09:30:00',
      endTime: '2026-06-10T18:00:00',
      breaks: [{ startTime: '2026-06-10T13:07:00', endTime: '2026-06-10T13:38:00' }],
    });
  });

  it('rounds them under a profile that allows it', async () => {
    expect(await lineUnder('UK')).toMatchObject({
      startTime: '2026-06-10T09:30:00',
      endTime: '2026-06-10T18:00:00',
      breaks: [{ startTime: '2026-06-10T13:00:00', endTime: '2026-06-10T13:45:00' }],
    });
  });
});
