/**
 * Which web hook events each change raises, with what data, through the real app and database:
 * a note on its own, timesheet lines created, updated, approved, rejected and deleted (by hand and
 * by a bulk replace), an added complete shift, roster shifts created and updated. Each test's
 * business has one registration listening to everything; the events table is read back in order.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEvent } from '../../../domain/webhooks';
import { webhookEvents, webhookRegistrations } from '../../db/schema';
import { createTenant, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
  t.clock.set('2026-06-10T12:00:00Z');
});
afterAll(() => t.close());

async function listened(options: Parameters<typeof createTenant>[1] = {}): Promise<Tenant> {
  const tenant = await createTenant(t, options);
  await t.db.insert(webhookRegistrations).values({
    businessId: tenant.businessId,
    userId: tenant.manager.userId,
    id: randomUUID(),
    webHookUri: 'http://127.0.0.1:9/hook',
    secretSealed: 'unused',
    filters: ['*'],
    headers: {},
    properties: {},
  });
  return tenant;
}

async function events(tenant: Tenant): Promise<Array<{ action: WebhookEvent; data: Record<string, unknown> }>> {
  const rows = await t.db.select().from(webhookEvents).where(eq(webhookEvents.businessId, tenant.businessId)).orderBy(webhookEvents.id);
  return rows.map((row) => ({ action: row.action as WebhookEvent, data: row.data }));
}

async function call(tenant: Tenant, method: string, path: string, json?: unknown) {
  const res = await t.request(method, `${tenant.base}${path}`, { auth: tenant.manager.auth, json });
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(200);
  return res.body as Record<string, unknown>;
}

const line = (day: string, extra: Record<string, unknown> = {}) => ({ startTime: `${day}T09:00:00`, endTime: `${day}T17:00:00`, ...extra });

describe('events raised by changes', () => {
  it('timesheet lines by hand: created, updated, approved, rejected, deleted, with the line model', async () => {
    const tenant = await listened({ employees: 1 });
    const employeeId = tenant.employees[0]!.id;
    const created = await call(tenant, 'POST', '/timesheet', { employeeId, ...line('2026-06-02'), comments: 'first' });
    const id = created.id as number;
    await call(tenant, 'PUT', `/timesheet/${id}`, { employeeId, ...line('2026-06-02'), comments: 'changed' });
    await call(tenant, 'PUT', `/timesheet/${id}`, { employeeId, ...line('2026-06-02'), comments: 'changed', status: 'Approved' });
    const other = (await call(tenant, 'POST', '/timesheet', { employeeId, ...line('2026-06-03') })).id as number;
    await call(tenant, 'PUT', `/timesheet/${other}`, { employeeId, ...line('2026-06-03'), status: 'Rejected' });
    const res = await t.request('DELETE', `${tenant.base}/timesheet/${other}`, { auth: tenant.manager.auth });
    expect(res.status, res.text).toBe(200);

    const raised = await events(tenant);
    expect(raised.map((e) => e.action)).toEqual(['TimesheetCreated', 'TimesheetUpdated', 'TimesheetApproved', 'TimesheetCreated', 'TimesheetRejected', 'TimesheetDeleted']);
    expect(raised[0]?.data).toEqual({ businessId: tenant.businessId, timesheetLine: created });
    expect(raised[1]?.data).toMatchObject({ timesheetLine: { id, comments: 'changed', status: 'Submitted' } });
    expect(raised[2]?.data).toMatchObject({ timesheetLine: { id, status: 'Approved' } });
    expect(raised[5]?.data).toEqual({ businessId: tenant.businessId, timesheetLineId: other, employeeId });
  });

  it('a bulk replace: each replaced line deleted, each new line created, in one go', async () => {
    const tenant = await listened({ employees: 1 });
    const ada = String(tenant.employees[0]!.id);
    await call(tenant, 'POST', '/timesheet/bulk', { timesheets: { [ada]: [line('2026-06-01'), line('2026-06-02')] } });
    const before = (await events(tenant)).length;
    await call(tenant, 'PUT', '/timesheet/bulk', {
      fromDate: '2026-06-01T00:00:00',
      toDate: '2026-06-07T00:00:00',
      timesheets: { [ada]: [line('2026-06-04', { comments: 'replacement' })] },
    });
    const raised = await events(tenant);
    expect(raised.slice(0, before).map((e) => e.action)).toEqual(['TimesheetCreated', 'TimesheetCreated']);
    expect(raised.slice(before).map((e) => e.action)).toEqual(['TimesheetDeleted', 'TimesheetDeleted', 'TimesheetCreated']);
    expect(raised[before + 2]?.data).toMatchObject({ timesheetLine: { comments: 'replacement', startTime: '2026-06-04T09:00:00' } });
  });

  it('a note on an open shift, and an added complete shift with its punches, line and note', async () => {
    const tenant = await listened({ employees: 1 });
    const employeeId = tenant.employees[0]!.id;
    t.clock.set('2026-06-11T08:00:00Z');
    const on = await t.request('POST', `${tenant.kiosk}/clockon`, { auth: tenant.manager.auth, json: { employeeId, note: 'Early start' } });
    expect(on.status, on.text).toBe(200);
    const shiftId = (on.body as { currentShiftId: number }).currentShiftId;
    t.clock.set('2026-06-11T09:00:00Z');
    const note = await t.request('POST', `${tenant.kiosk}/shift/${shiftId}/notes`, {
      auth: tenant.manager.auth,
      json: { employeeId, type: 'Shift', visibility: 'Visible', note: 'Forklift 3 is leaking' },
    });
    expect(note.status, note.text).toBe(200);
    const off = await t.request('POST', `${tenant.kiosk}/clockoff`, { auth: tenant.manager.auth, json: { employeeId } });
    expect(off.status, off.text).toBe(200);
    const before = (await events(tenant)).length;
    const added = await t.request('POST', `${tenant.kiosk}/addshift`, {
      auth: tenant.manager.auth,
      json: {
        employeeId,
        recordedStartTimeUtc: '2026-06-09T08:00:00Z',
        recordedEndTimeUtc: '2026-06-09T12:00:00Z',
        breaks: [{ start: { recordedTimeUtc: '2026-06-09T10:00:00Z' }, end: { recordedTimeUtc: '2026-06-09T10:15:00Z' } }],
        note: 'Forgot to clock',
        isAdminInitiated: true,
      },
    });
    expect(added.status, added.text).toBe(200);

    const raised = await events(tenant);
    expect(raised.slice(0, before).map((e) => e.action)).toEqual(['ClockOn', 'ShiftNoteAdded', 'ShiftNoteAdded', 'ClockOff', 'TimesheetCreated']);
    expect(raised[1]?.data).toMatchObject({ kioskId: tenant.kioskId, shiftId, employeeId, note: { note: 'Early start', type: 'ClockOn' } });
    expect(raised[2]?.data).toMatchObject({ kioskId: tenant.kioskId, shiftId, employeeId, note: { note: 'Forklift 3 is leaking', employee: { id: employeeId } } });
    expect(raised.slice(before).map((e) => e.action)).toEqual(['ClockOn', 'StartBreak', 'EndBreak', 'ClockOff', 'ShiftNoteAdded', 'TimesheetCreated']);
    expect(raised.slice(before, before + 4).map((e) => e.data.timeUtc)).toEqual([
      '2026-06-09T08:00:00.000Z',
      '2026-06-09T10:00:00.000Z',
      '2026-06-09T10:15:00.000Z',
      '2026-06-09T12:00:00.000Z',
    ]);
  });

  it('a discarded shift raises ShiftDiscarded with the employee after it, and no timesheet event', async () => {
    const tenant = await listened({ employees: 1 });
    const employeeId = tenant.employees[0]!.id;
    t.clock.set('2026-06-12T08:00:00Z');
    for (const op of ['clockon', 'discard']) {
      const res = await t.request('POST', `${tenant.kiosk}/${op}`, { auth: tenant.manager.auth, json: { employeeId } });
      expect(res.status, res.text).toBe(200);
    }
    const raised = await events(tenant);
    expect(raised.map((e) => e.action)).toEqual(['ClockOn', 'ShiftDiscarded']);
    expect(raised[1]?.data).toMatchObject({ kioskId: tenant.kioskId, employeeId, employee: { employeeId, status: 'NotClockedOn' } });
    expect(raised[1]?.data.shiftId).toBe(raised[0]?.data.shiftId);
  });

  it('roster shifts created and updated carry the roster shift model', async () => {
    const tenant = await listened({ employees: 1 });
    const employeeId = tenant.employees[0]!.id;
    const shift = await call(tenant, 'POST', '/rostershift', { employeeId, ...line('2026-06-12') });
    const updated = await call(tenant, 'PUT', `/rostershift/${shift.id as number}`, { employeeId, ...line('2026-06-12', { endTime: '2026-06-12T18:00:00' }) });
    const raised = await events(tenant);
    expect(raised.map((e) => e.action)).toEqual(['RosterShiftCreated', 'RosterShiftUpdated']);
    expect(raised[0]?.data).toEqual({ businessId: tenant.businessId, rosterShift: shift });
    expect(raised[1]?.data).toEqual({ businessId: tenant.businessId, rosterShift: updated });
  });
});
