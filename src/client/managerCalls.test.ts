/**
 * The manager's Roster and Timesheets calls against the real service (PGlite
 * and PostgreSQL 15): a roster shift created published and changed through the named calls, read
 * back in the business's wall clock; a line approved with the whole-line body the tab sends; the
 * approved week exported as CSV text; no corrections waiting in a new business.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMESHEET_EXPORT_COLUMNS } from '../contract/routes/timesheets';
import { lineBody } from '../app/features/manager/timesheetForms';
import { createTenant } from '../server/testing/fixtures';
import { startTestService, type TestService } from '../server/testing/testService';
import { clientFor } from './testing';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const HOUR = 3_600_000;

describe('manager roster and timesheet calls', () => {
  it('create a published roster shift, change it, and list it in the business wall clock', async () => {
    const tenant = await createTenant(t);
    const client = clientFor(t, { kind: 'apiKey', key: tenant.manager.apiKey });
    const ada = tenant.employees[0]!;
    const created = await client.roster.create(
      tenant.businessId,
      { id: 0, employeeId: ada.id, startTime: '2026-07-10T21:00:00.000Z', endTime: '2026-07-11T05:00:00.000Z', breaks: [], notes: 'night' },
      { publish: true },
      { idempotencyKey: crypto.randomUUID() },
    );
    expect(created).toMatchObject({ employeeId: ada.id, startTime: '2026-07-10T22:00:00', endTime: '2026-07-11T06:00:00', published: true, notes: 'night' });
    const changed = await client.roster.update(
      tenant.businessId,
      created.id,
      { id: created.id, employeeId: ada.id, startTime: '2026-07-10T21:00:00.000Z', endTime: '2026-07-11T06:00:00.000Z', breaks: [], notes: null },
      { publish: true, clearBreaks: true },
    );
    expect(changed.endTime).toBe('2026-07-11T07:00:00');
    const listed = await client.roster.list(tenant.businessId, { FromDate: '2026-07-06T00:00:00', ToDate: '2026-07-12', SelectAllRoles: true, PageSize: 500, CurrentPage: 1 });
    expect(listed.map((s) => [s.id, s.endTime])).toEqual([[created.id, '2026-07-11T07:00:00']]);
  });

  it('approve a line with the whole-line body and export the approved period as CSV text', async () => {
    const tenant = await createTenant(t);
    const client = clientFor(t, { kind: 'apiKey', key: tenant.manager.apiKey });
    const ada = tenant.employees[0]!;
    const now = t.clock.now().getTime();
    const added = await t.request('POST', `${tenant.kiosk}/addshift`, {
      auth: tenant.manager.auth,
      json: { employeeId: ada.id, recordedStartTimeUtc: new Date(now - 5 * HOUR).toISOString(), recordedEndTimeUtc: new Date(now - HOUR).toISOString(), isAdminInitiated: true },
    });
    expect(added.status, added.text).toBe(200);
    const [line] = await client.timesheets.list(tenant.businessId, { $filter: `employeeId eq ${ada.id}` });
    if (!line) throw new Error('no line');
    const approved = await client.timesheets.update(tenant.businessId, line.id, lineBody(line, { status: 'Approved' }), { idempotencyKey: crypto.randomUUID() });
    expect(approved).toMatchObject({ id: line.id, status: 'Approved', startTime: line.startTime, endTime: line.endTime, locationId: null });
    const day = (line.startTime ?? '').slice(0, 10);
    const csv = await client.timesheets.exportCsv(tenant.businessId, { FromDate: day, ToDate: day });
    const [header, ...rows] = csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(header).toBe(TIMESHEET_EXPORT_COLUMNS.join(','));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(new RegExp(`,Approved,${line.id},$`));
    expect(await client.shiftCorrections.list(tenant.businessId)).toEqual([]);
  });
});
