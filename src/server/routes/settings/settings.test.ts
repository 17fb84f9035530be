import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmployeePortalSettingsModel, UkBusinessTimesheetSettingsModel } from '../../../contract/generated/models';
import { DEFAULT_PORTAL_SETTINGS, DEFAULT_TIMESHEET_SETTINGS } from '../../services/businesses/settings';
import { createTenant, restrictedUserAuth } from '../../testing/fixtures';
import { startTestService, type ApiResult, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const PORTAL: EmployeePortalSettingsModel = {
  allowEmployeeLeaveSelfService: true,
  allowEmployeeSelfEditing: true,
  timesheetSetting: 'EditKioskOrWorkZoneClockOnOff',
  allowEmployeeToSetUnavailability: true,
  allowEmployeeBankAccountSelfService: false,
  allowEmployeeSatisfactionSurvey: true,
  allowEmployeesToViewAllApprovedLeave: false,
  unavailabilityCutOff: 3,
  allowEmployeesToUploadProfilePicture: true,
  allowEmployeeExpensesSelfService: false,
  allowEmployeeOverrideTaxCodes: false,
  showPayDaysInEmployeeCalendar: true,
  enableWorkZoneClockOn: true,
  requirePhoto: true,
  allowEmployeeShiftSelection: true,
  clockOnWindowMinutes: 15,
  clockOffWindowMinutes: 10,
  clockOnReminderNotificationMinutes: 5,
  clockOffReminderNotificationMinutes: null,
  sendEmployeeDetailsUpdateNotifications: true,
};

const TIMESHEETS: UkBusinessTimesheetSettingsModel = {
  requireStartAndStopTimes: false,
  requireWorkType: true,
  canSetRequireWorkTypeSetting: true,
  requireLocation: true,
  includeAllTimesheetNotesInPayRun: true,
  timesheetRejectionNotifications: false,
  managersCanCreateTimesheetsForEmployeesThatAreNotEnabled: true,
  timesheetsEnabled: true,
  approveIfMatchesRosterShift: true,
  allowPaidBreaks: true,
  hasMaximumPaidBreakDuration: true,
  maximumPaidBreakDuration: 30,
};

const fieldsOf = (res: ApiResult) => (res.body as { errors: Array<{ field: string }> }).errors.map((e) => e.field);

/** A new business's settings are the defaults; a saved body is answered and read back as sent. */
async function savedFromDefaults(resource: string, method: 'POST' | 'PUT', defaults: unknown, body: unknown) {
  const tenant = await createTenant(t);
  const url = `${tenant.base}/${resource}`;
  const initial = await t.request('GET', url, { auth: tenant.manager.auth });
  expect(initial.status).toBe(200);
  expect(initial.body).toEqual(defaults);
  const saved = await t.request(method, url, { auth: tenant.manager.auth, json: body });
  expect(saved.status, saved.text).toBe(200);
  expect(saved.body).toEqual(body);
  expect((await t.request('GET', url, { auth: tenant.manager.auth })).body).toEqual(body);
  return { tenant, url };
}

describe('business settings', () => {
  it('starts from the defaults and saves employee portal settings with POST', async () => {
    const { tenant, url } = await savedFromDefaults('employeeportalsettings', 'POST', DEFAULT_PORTAL_SETTINGS, PORTAL);

    // The body replaces the settings: left-out fields take their type defaults, as the SDK means.
    const partial = await t.request('POST', url, { auth: tenant.manager.auth, json: { RequirePhoto: true, clockOnWindowMinutes: 20 } });
    expect(partial.status, partial.text).toBe(200);
    expect(partial.body).toEqual({
      ...PORTAL,
      allowEmployeeLeaveSelfService: false,
      allowEmployeeSelfEditing: false,
      timesheetSetting: 'Disabled',
      allowEmployeeToSetUnavailability: false,
      allowEmployeeSatisfactionSurvey: false,
      unavailabilityCutOff: 0,
      allowEmployeesToUploadProfilePicture: false,
      showPayDaysInEmployeeCalendar: false,
      enableWorkZoneClockOn: false,
      allowEmployeeShiftSelection: false,
      clockOnWindowMinutes: 20,
      clockOffWindowMinutes: null,
      clockOnReminderNotificationMinutes: null,
      sendEmployeeDetailsUpdateNotifications: false,
    });
  });

  it('starts from the defaults and saves timesheet settings with PUT', async () => {
    const { tenant, url } = await savedFromDefaults('timesheetsettings', 'PUT', DEFAULT_TIMESHEET_SETTINGS, TIMESHEETS);

    const unlimited = { ...TIMESHEETS, hasMaximumPaidBreakDuration: false, maximumPaidBreakDuration: null };
    const again = await t.request('PUT', url, { auth: tenant.manager.auth, json: unlimited });
    expect(again.body).toEqual(unlimited);
  });

  it('rejects bad settings with per-field errors and keeps the stored ones', async () => {
    const tenant = await createTenant(t);
    const portalUrl = `${tenant.base}/employeeportalsettings`;
    const timesheetUrl = `${tenant.base}/timesheetsettings`;
    const portalCases: Array<[Record<string, unknown>, string[]]> = [
      [{ ...PORTAL, clockOnWindowMinutes: -1, unavailabilityCutOff: -2 }, ['unavailabilityCutOff', 'clockOnWindowMinutes']],
      [{ ...PORTAL, clockOffReminderNotificationMinutes: -5 }, ['clockOffReminderNotificationMinutes']],
      [{ ...PORTAL, timesheetSetting: 'Sometimes' }, ['timesheetSetting']],
      [{ ...PORTAL, requirePhoto: 'yes' }, ['requirePhoto']],
      [{ ...PORTAL, clockOffWindowMinutes: 2.5 }, ['clockOffWindowMinutes']],
    ];
    for (const [json, fields] of portalCases) {
      const res = await t.request('POST', portalUrl, { auth: tenant.manager.auth, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(res.body).toMatchObject({ code: 'validation-failed' });
      expect(fieldsOf(res)).toEqual(fields);
    }
    const timesheetCases: Array<[Record<string, unknown>, string[]]> = [
      [{ ...TIMESHEETS, maximumPaidBreakDuration: null }, ['maximumPaidBreakDuration']],
      [{ ...TIMESHEETS, maximumPaidBreakDuration: -10 }, ['maximumPaidBreakDuration']],
      [{ ...TIMESHEETS, allowPaidBreaks: 1 }, ['allowPaidBreaks']],
    ];
    for (const [json, fields] of timesheetCases) {
      const res = await t.request('PUT', timesheetUrl, { auth: tenant.manager.auth, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(fieldsOf(res)).toEqual(fields);
    }
    expect((await t.request('GET', portalUrl, { auth: tenant.manager.auth })).body).toEqual(DEFAULT_PORTAL_SETTINGS);
    expect((await t.request('GET', timesheetUrl, { auth: tenant.manager.auth })).body).toEqual(DEFAULT_TIMESHEET_SETTINGS);
  });

  it("hides another business's settings and leaves them untouched", async () => {
    const mine = await createTenant(t);
    const theirs = await createTenant(t);
    const secret = { ...PORTAL, unavailabilityCutOff: 4242 };
    expect((await t.request('POST', `${theirs.base}/employeeportalsettings`, { auth: theirs.manager.auth, json: secret })).status).toBe(200);
    const attempts: Array<[string, string, unknown]> = [
      ['GET', `${theirs.base}/employeeportalsettings`, undefined],
      ['POST', `${theirs.base}/employeeportalsettings`, PORTAL],
      ['GET', `${theirs.base}/timesheetsettings`, undefined],
      ['PUT', `${theirs.base}/timesheetsettings`, TIMESHEETS],
    ];
    for (const [method, path, json] of attempts) {
      const res = await t.request(method, path, { auth: mine.manager.auth, json });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.text).not.toContain('4242');
    }
    expect((await t.request('GET', `${theirs.base}/employeeportalsettings`, { auth: theirs.manager.auth })).body).toEqual(secret);
    expect((await t.request('GET', `${theirs.base}/timesheetsettings`, { auth: theirs.manager.auth })).body).toEqual(DEFAULT_TIMESHEET_SETTINGS);
  });

  it('needs credentials, and unrestricted access to change settings', async () => {
    const tenant = await createTenant(t);
    expect((await t.request('GET', `${tenant.base}/employeeportalsettings`)).status).toBe(401);
    expect((await t.request('PUT', `${tenant.base}/timesheetsettings`, { json: TIMESHEETS })).status).toBe(401);

    const restricted = await restrictedUserAuth(t, tenant);
    const read = await t.request('GET', `${tenant.base}/timesheetsettings`, { auth: restricted });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(DEFAULT_TIMESHEET_SETTINGS);
    const portal = await t.request('POST', `${tenant.base}/employeeportalsettings`, { auth: restricted, json: PORTAL });
    expect(portal.status).toBe(403);
    const timesheets = await t.request('PUT', `${tenant.base}/timesheetsettings`, { auth: restricted, json: TIMESHEETS });
    expect(timesheets.status).toBe(403);
    expect((await t.request('GET', `${tenant.base}/employeeportalsettings`, { auth: tenant.manager.auth })).body).toEqual(DEFAULT_PORTAL_SETTINGS);
  });
});
