/**
 * My hours through the real app: the person's own lines of this week and last week at the kiosk,
 * a dispute queued from the tablet (replayed harmlessly), the manager's list and reply, the reply
 * read; and every manager's add, change and delete of a line kept with before and after, shown to
 * the person until acknowledged or disputed, with the raw punches untouched.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LineChangeModel, LineDisputeModel, MyHoursModel } from '../../../contract/supporting/myHours';
import { clockShifts, lineChanges } from '../../db/schema';
import { createTenant, enrolDeviceAuth, type Tenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
  // Saturday 28 November 2026, 10:00 in London: this week began Monday 23rd, last week Monday 16th.
  t.clock.set('2026-11-28T10:00:00Z');
});
afterAll(() => t.close());

interface World {
  tenant: Tenant;
  device: string;
  ada: number;
  bob: number;
}

async function world(): Promise<World> {
  const tenant = await createTenant(t);
  const device = await enrolDeviceAuth(t, tenant);
  return { tenant, device, ada: tenant.employees[0]!.id, bob: tenant.employees[1]!.id };
}

async function addLine(w: World, employeeId: number, startTime: string, endTime: string): Promise<number> {
  const res = await t.request('POST', `${w.tenant.base}/timesheet`, { auth: w.tenant.manager.auth, json: { employeeId, startTime, endTime } });
  expect(res.status, res.text).toBe(200);
  return (res.body as { id: number }).id;
}

async function hours(w: World, employeeId: number): Promise<MyHoursModel> {
  const res = await t.request('GET', `${w.tenant.kiosk}/staff/${employeeId}/hours`, { auth: w.device });
  expect(res.status, res.text).toBe(200);
  return MyHoursModel.parse(res.body);
}

const dispute = (w: World, json: Record<string, unknown>, key = randomUUID()) =>
  t.request('POST', `${w.tenant.kiosk}/linedisputes`, {
    auth: w.device,
    json: { disputeKey: randomUUID(), raisedUtc: '2026-11-28T09:59:00Z', ...json },
    headers: { 'idempotency-key': key },
  });

describe('my hours at the kiosk', () => {
  it("shows only the person's own lines of this week and last week, in the kiosk's zone", async () => {
    const w = await world();
    const tuesday = await addLine(w, w.ada, '2026-11-24T09:00:00', '2026-11-24T17:00:00');
    const lastWeek = await addLine(w, w.ada, '2026-11-16T08:00:00', '2026-11-16T12:30:00');
    await addLine(w, w.ada, '2026-11-15T09:00:00', '2026-11-15T17:00:00'); // the Sunday before: out of the window
    await addLine(w, w.bob, '2026-11-24T10:00:00', '2026-11-24T18:00:00'); // someone else's
    const mine = await hours(w, w.ada);
    expect(mine.lines.map((l) => l.id)).toEqual([lastWeek, tuesday]);
    expect(mine.lines[1]).toMatchObject({ startLocal: '2026-11-24T09:00:00', endLocal: '2026-11-24T17:00:00', status: 'Submitted' });
    expect(mine).toMatchObject({ fromUtc: '2026-11-16T00:00:00.000Z', toUtc: '2026-11-30T00:00:00.000Z', ianaTimeZone: 'Europe/London' });
  });

  it('answers 404 for someone who cannot use this kiosk', async () => {
    const w = await world();
    const other = await world();
    const res = await t.request('GET', `${w.tenant.kiosk}/staff/${other.ada}/hours`, { auth: w.device });
    expect(res.status, res.text).toBe(404);
  });

  it('takes a dispute of their own line once, lists it for managers, and carries the reply back until read', async () => {
    const w = await world();
    const line = await addLine(w, w.ada, '2026-11-24T09:00:00', '2026-11-24T17:00:00');
    const disputeKey = randomUUID();
    const first = await dispute(w, { employeeId: w.ada, timesheetLineId: line, note: '  I left at 16:30  ', disputeKey });
    expect(first.status, first.text).toBe(200);
    const raised = LineDisputeModel.parse(first.body);
    expect(raised).toMatchObject({ status: 'Open', note: 'I left at 16:30', timesheetLineId: line, raisedUtc: '2026-11-28T09:59:00.000Z', reply: null });
    expect(raised.line).toMatchObject({ startLocal: '2026-11-24T09:00:00', endLocal: '2026-11-24T17:00:00' });

    // The outbox sends it again under another key (a lost answer): the same dispute answers.
    const again = await dispute(w, { employeeId: w.ada, timesheetLineId: line, note: 'I left at 16:30', disputeKey });
    expect(again.status, again.text).toBe(200);
    expect(LineDisputeModel.parse(again.body).id).toBe(raised.id);

    const open = await t.request('GET', `${w.tenant.base}/linedisputes`, { auth: w.tenant.manager.auth });
    expect(open.status, open.text).toBe(200);
    expect((open.body as LineDisputeModel[]).map((d) => d.id)).toEqual([raised.id]);

    const resolve = (reply: string) => t.request('POST', `${w.tenant.base}/linedisputes/${raised.id}/resolve`, { auth: w.tenant.manager.auth, json: { reply } });
    const seenBeforeReply = await t.request('POST', `${w.tenant.kiosk}/linedisputes/${raised.id}/seen`, { auth: w.device, json: { employeeId: w.ada } });
    expect(seenBeforeReply.status, seenBeforeReply.text).toBe(409);
    expect((await resolve('   ')).status).toBe(400);
    const resolved = await resolve('Fixed: 16:30.');
    expect(resolved.status, resolved.text).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'Resolved', reply: 'Fixed: 16:30.', resolvedBy: w.tenant.manager.email });
    expect((await resolve('Again')).status).toBe(409);
    const none = await t.request('GET', `${w.tenant.base}/linedisputes`, { auth: w.tenant.manager.auth });
    expect(none.body).toEqual([]);

    const withReply = await hours(w, w.ada);
    expect(withReply.disputes).toMatchObject([{ id: raised.id, reply: 'Fixed: 16:30.', replySeenUtc: null }]);
    // Bob's record carries nothing of Ada's.
    expect((await hours(w, w.bob)).disputes).toEqual([]);
    const seen = await t.request('POST', `${w.tenant.kiosk}/linedisputes/${raised.id}/seen`, { auth: w.device, json: { employeeId: w.ada } });
    expect(seen.status, seen.text).toBe(200);
    expect(LineDisputeModel.parse(seen.body).replySeenUtc).toBe('2026-11-28T10:00:00.000Z');
    // Bob cannot read Ada's reply as his.
    const notBobs = await t.request('POST', `${w.tenant.kiosk}/linedisputes/${raised.id}/seen`, { auth: w.device, json: { employeeId: w.bob } });
    expect(notBobs.status).toBe(404);
  });

  it("refuses another person's line, an empty note and a dispute naming nothing", async () => {
    const w = await world();
    const bobs = await addLine(w, w.bob, '2026-11-24T09:00:00', '2026-11-24T17:00:00');
    expect((await dispute(w, { employeeId: w.ada, timesheetLineId: bobs, note: 'Not mine' })).status).toBe(404);
    expect((await dispute(w, { employeeId: w.bob, timesheetLineId: bobs, note: '   ' })).status).toBe(400);
    expect((await dispute(w, { employeeId: w.bob, note: 'Which one?' })).status).toBe(400);
    expect((await dispute(w, { employeeId: w.bob, timesheetLineId: bobs, note: 'x'.repeat(501) })).status).toBe(400);
  });
});

describe('no silent edits', () => {
  it("keeps each manager's add, change and delete with who, when, before and after, until the person answers", async () => {
    const w = await world();
    const line = await addLine(w, w.ada, '2026-11-24T09:00:00', '2026-11-24T17:00:00');
    const url = `${w.tenant.base}/timesheet/${line}`;
    const put = (json: Record<string, unknown>) => t.request('PUT', url, { auth: w.tenant.manager.auth, json: { employeeId: w.ada, startTime: '2026-11-24T09:00:00', ...json } });
    expect((await put({ endTime: '2026-11-24T16:30:00' })).status).toBe(200);
    // A decision leaves the hours as they are: nothing for the person to read.
    expect((await put({ endTime: '2026-11-24T16:30:00', status: 'Approved' })).status).toBe(200);

    const history = await t.request('GET', `${url}/changes`, { auth: w.tenant.manager.auth });
    expect(history.status, history.text).toBe(200);
    const changes = (history.body as unknown[]).map((c) => LineChangeModel.parse(c));
    expect(changes.map((c) => c.action)).toEqual(['Added', 'Changed']);
    expect(changes[1]).toMatchObject({
      changedBy: w.tenant.manager.email,
      changedUtc: '2026-11-28T10:00:00.000Z',
      before: { startLocal: '2026-11-24T09:00:00', endLocal: '2026-11-24T17:00:00' },
      after: { startLocal: '2026-11-24T09:00:00', endLocal: '2026-11-24T16:30:00' },
      acknowledgedUtc: null,
    });

    const shown = await hours(w, w.ada);
    expect(shown.changes.map((c) => c.id)).toEqual(changes.map((c) => c.id));
    const ack = await t.request('POST', `${w.tenant.kiosk}/linechanges/${changes[1]!.id}/acknowledge`, { auth: w.device, json: { employeeId: w.ada } });
    expect(ack.status, ack.text).toBe(200);
    expect(LineChangeModel.parse(ack.body).acknowledgedUtc).toBe('2026-11-28T10:00:00.000Z');
    const notBobs = await t.request('POST', `${w.tenant.kiosk}/linechanges/${changes[0]!.id}/acknowledge`, { auth: w.device, json: { employeeId: w.bob } });
    expect(notBobs.status).toBe(404);

    // Unapproved again, then deleted: the deletion stays readable and can be disputed by the change.
    expect((await put({ endTime: '2026-11-24T16:30:00', status: 'Submitted' })).status).toBe(200);
    const gone = await t.request('DELETE', url, { auth: w.tenant.manager.auth });
    expect(gone.status, gone.text).toBe(200);
    const afterDelete = await t.request('GET', `${url}/changes`, { auth: w.tenant.manager.auth });
    const deletion = (afterDelete.body as LineChangeModel[]).at(-1);
    expect(deletion).toMatchObject({ action: 'Deleted', after: null, before: { endLocal: '2026-11-24T16:30:00' } });
    const disputed = await dispute(w, { employeeId: w.ada, lineChangeId: deletion!.id, note: 'I did work that day' });
    expect(disputed.status, disputed.text).toBe(200);
    expect(disputed.body).toMatchObject({ timesheetLineId: null, lineChangeId: deletion!.id, line: { endLocal: '2026-11-24T16:30:00' } });
    // Disputing a change answers it.
    const [answered] = await t.db.select().from(lineChanges).where(eq(lineChanges.id, deletion!.id));
    expect(answered?.acknowledgedUtc).not.toBeNull();
  });

  it('keeps the changes of a bulk replacement: each replaced line deleted, each new line added', async () => {
    const w = await world();
    const old = await addLine(w, w.ada, '2026-11-24T09:00:00', '2026-11-24T17:00:00');
    const replaced = await t.request('PUT', `${w.tenant.base}/timesheet/bulk`, {
      auth: w.tenant.manager.auth,
      json: {
        fromDate: '2026-11-23T00:00:00',
        toDate: '2026-11-29T00:00:00',
        timesheets: { [String(w.ada)]: [{ startTime: '2026-11-24T09:00:00', endTime: '2026-11-24T15:00:00' }] },
      },
    });
    expect(replaced.status, replaced.text).toBe(200);
    const changes = (await hours(w, w.ada)).changes;
    expect(changes.map((c) => [c.action, c.before?.endLocal ?? null, c.after?.endLocal ?? null])).toEqual([
      ['Added', null, '2026-11-24T17:00:00'],
      ['Deleted', '2026-11-24T17:00:00', null],
      ['Added', null, '2026-11-24T15:00:00'],
    ]);
    expect(changes[1]!.timesheetLineId).toBe(old);
  });

  it("edits the line of a kiosk shift, never the shift's raw punches, and records no change for the person's own punches", async () => {
    const w = await world();
    t.clock.set('2026-11-27T09:00:00Z');
    expect((await t.request('POST', `${w.tenant.kiosk}/clockon`, { auth: w.device, json: { employeeId: w.ada } })).status).toBe(200);
    t.clock.set('2026-11-27T17:00:00Z');
    expect((await t.request('POST', `${w.tenant.kiosk}/clockoff`, { auth: w.device, json: { employeeId: w.ada } })).status).toBe(200);
    t.clock.set('2026-11-28T10:00:00Z');
    const before = await hours(w, w.ada);
    expect(before.changes).toEqual([]);
    const line = before.lines[0]!;
    const edit = await t.request('PUT', `${w.tenant.base}/timesheet/${line.id}`, {
      auth: w.tenant.manager.auth,
      json: { employeeId: w.ada, startTime: '2026-11-27T09:00:00', endTime: '2026-11-27T16:00:00' },
    });
    expect(edit.status, edit.text).toBe(200);
    const after = await hours(w, w.ada);
    expect(after.changes).toMatchObject([{ action: 'Changed', before: { endLocal: '2026-11-27T17:00:00' }, after: { endLocal: '2026-11-27T16:00:00' } }]);
    const [shift] = await t.db.select().from(clockShifts).where(eq(clockShifts.timesheetLineId, line.id));
    expect(shift?.endUtc?.toISOString()).toBe('2026-11-27T17:00:00.000Z');
  });
});
