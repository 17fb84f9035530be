/**
 * Attestations at clock-off through the real app and database: the business setting (saved, read
 * back, refused when malformed, sent to kiosks with their policy); the kiosk's answers after the
 * clock-off, found by its punch, kept with the shift and line and the wording's version, replayed
 * harmlessly; an answer reporting a missed break holds a roster-approved line for a manager;
 * the ShiftAttested event, the CSV export's column, the managers' list, and damaged stored answers.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttestationModel, AttestationSettingsModel } from '../../../contract/supporting/attestations';
import { DeviceIdentityModel } from '../../../contract/supporting/devices';
import { clockShifts, rosterShifts, shiftAttestations, timesheetLines, webhookEvents } from '../../db/schema';
import { listAttestations } from '../../services/shifts/shiftAttestations';
import { createTenant, enrolDeviceAuth, type Tenant } from '../../testing/fixtures';
import { insertRegistration } from '../../testing/webhookFixture';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

const START = '2026-06-04T08:00:00Z';
const END = '2026-06-04T16:00:00Z';
const MISSED = [{ question: 'MealBreak', version: 1, answer: 'NotAble' }];
const TOOK_IT = [{ question: 'MealBreak', version: 1, answer: 'Yes' }];

/** A tenant with an enrolled device; `shift` clocks someone on and off through it (at those instants) and returns the clock-off's key and time. */
async function fixture(settings: Record<string, unknown> = {}) {
  const tenant = await createTenant(t);
  const auth = tenant.manager.auth;
  if (Object.keys(settings).length > 0) {
    const res = await t.request('PUT', `${tenant.base}/timesheetsettings`, { auth, json: settings });
    expect(res.status, res.text).toBe(200);
  }
  const device = await enrolDeviceAuth(t, tenant);
  const employeeId = tenant.employees[0]!.id;
  const punch = async (op: string, at: string, key = randomUUID()) => {
    t.clock.set(at);
    const res = await t.request('POST', `${tenant.kiosk}/${op}`, { auth: device, json: { employeeId, recordedTimeUtc: at }, headers: { 'idempotency-key': key } });
    expect(res.status, `${op}: ${res.text}`).toBe(200);
    return res.body as { currentShiftId: number | null };
  };
  const shift = async (on: string, off: string, rosterId?: number) => {
    const shiftId = (await punch('clockon', on)).currentShiftId!;
    if (rosterId !== undefined) await t.db.update(clockShifts).set({ rosterShiftId: rosterId }).where(eq(clockShifts.id, shiftId));
    const punchKey = randomUUID();
    await punch('clockoff', off, punchKey);
    return { shiftId, punchKey, clockOffRecordedTimeUtc: off };
  };
  const submit = (json: object, key = randomUUID()) => t.request('POST', `${tenant.kiosk}/attestations`, { auth: device, json, headers: { 'idempotency-key': key } });
  const line = async (shiftId: number) => {
    const [row] = await t.db.select().from(timesheetLines).where(eq(timesheetLines.clockShiftId, shiftId));
    return row!;
  };
  return { tenant, auth, device, employeeId, shift, submit, line };
}

async function rosterShift(tenant: Tenant, employeeId: number) {
  const [row] = await t.db
    .insert(rosterShifts)
    .values({ businessId: tenant.businessId, employeeId, locationId: null, ianaTimeZone: 'Europe/London', startUtc: new Date(START), endUtc: new Date(END), token: randomUUID(), published: true })
    .returning();
  return row!.id;
}

describe('the attestation setting', () => {
  it('asks nothing until saved; is saved whole, read back and sent to kiosks with their policy', async () => {
    const f = await fixture();
    const empty = await t.request('GET', `${f.tenant.base}/attestationsettings`, { auth: f.auth });
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body).toEqual({ rules: [] });
    const rules = { rules: [{ question: 'MealBreak', askWhen: 'MealBreakMissed', hours: 0 }, { question: 'Injury', askWhen: 'ShiftLongerThan', hours: 4 }] };
    const saved = await t.request('POST', `${f.tenant.base}/attestationsettings`, { auth: f.auth, json: rules });
    expect(saved.status, saved.text).toBe(200);
    expect(AttestationSettingsModel.parse((await t.request('GET', `${f.tenant.base}/attestationsettings`, { auth: f.auth })).body)).toEqual(rules);
    const identity = DeviceIdentityModel.parse((await t.request('GET', '/api/v2/device', { auth: f.device })).body);
    expect(identity.policy.attestations).toEqual(rules);
  });

  it('refuses an unknown question, trigger or length, and an unknown field', async () => {
    const f = await fixture();
    for (const rule of [
      { question: 'Lunch', askWhen: 'Always', hours: 0 },
      { question: 'MealBreak', askWhen: 'Sometimes', hours: 0 },
      { question: 'MealBreak', askWhen: 'ShiftLongerThan', hours: 25 },
      { question: 'MealBreak', askWhen: 'Always', hours: 0, extra: true },
    ]) {
      const res = await t.request('POST', `${f.tenant.base}/attestationsettings`, { auth: f.auth, json: { rules: [rule] } });
      expect(res.status, JSON.stringify(rule)).toBe(400);
    }
    expect((await t.request('GET', `${f.tenant.base}/attestationsettings`, { auth: f.auth })).body).toEqual({ rules: [] });
  });
});

describe('answers at clock-off', () => {
  it('are kept with the shift and its line with the wording version, once, whatever the key', async () => {
    const f = await fixture();
    const off = await f.shift(START, END);
    const res = await f.submit({ employeeId: f.employeeId, punchKey: off.punchKey, clockOffRecordedTimeUtc: off.clockOffRecordedTimeUtc, answers: TOOK_IT });
    expect(res.status, res.text).toBe(200);
    const attestation = AttestationModel.parse(res.body);
    const line = await f.line(off.shiftId);
    expect(attestation).toMatchObject({ shiftId: off.shiftId, timesheetLineId: line.id, clockOffUtc: new Date(END).toISOString(), answers: TOOK_IT, reportsMissedBreak: false });
    expect(line.status).toBe('Submitted');

    // The outbox's replay (same key) and a second copy under another key both answer the first.
    const replay = await f.submit({ employeeId: f.employeeId, punchKey: off.punchKey, clockOffRecordedTimeUtc: off.clockOffRecordedTimeUtc, answers: MISSED });
    expect((replay.body as AttestationModel).id).toBe(attestation.id);
    const other = await f.submit({ employeeId: f.employeeId, punchKey: randomUUID(), clockOffRecordedTimeUtc: off.clockOffRecordedTimeUtc, answers: MISSED });
    expect(other.body).toMatchObject({ id: attestation.id, answers: TOOK_IT });
    expect(await t.db.select().from(shiftAttestations).where(eq(shiftAttestations.businessId, f.tenant.businessId))).toHaveLength(1);

    const listed = await t.request('GET', `${f.tenant.base}/attestations`, { auth: f.auth });
    expect(listed.status, listed.text).toBe(200);
    expect((listed.body as AttestationModel[]).map((a) => a.id)).toEqual([attestation.id]);
    expect((await t.request('GET', `${f.tenant.base}/attestations?missedBreakOnly=true`, { auth: f.auth })).body).toEqual([]);
  });

  it('a missed break flags the line: the roster match does not approve it by itself; a taken one leaves it approved', async () => {
    const f = await fixture({ approveIfMatchesRosterShift: true });
    const first = await f.shift(START, END, await rosterShift(f.tenant, f.employeeId));
    expect((await f.line(first.shiftId)).status).toBe('Approved');
    const missed = await f.submit({ employeeId: f.employeeId, punchKey: first.punchKey, clockOffRecordedTimeUtc: first.clockOffRecordedTimeUtc, answers: MISSED });
    expect(missed.status, missed.text).toBe(200);
    expect(missed.body).toMatchObject({ reportsMissedBreak: true });
    expect(await f.line(first.shiftId)).toMatchObject({ status: 'Submitted', decidedBy: null });
    const flagged = (await t.request('GET', `${f.tenant.base}/attestations?missedBreakOnly=true`, { auth: f.auth })).body as AttestationModel[];
    expect(flagged.map((a) => a.timesheetLineId)).toEqual([(await f.line(first.shiftId)).id]);

    const [nextStart, nextEnd] = ['2026-06-05T08:00:00Z', '2026-06-05T16:00:00Z'];
    const [roster] = await t.db
      .insert(rosterShifts)
      .values({ businessId: f.tenant.businessId, employeeId: f.employeeId, ianaTimeZone: 'Europe/London', startUtc: new Date(nextStart), endUtc: new Date(nextEnd), token: randomUUID(), published: true })
      .returning();
    const second = await f.shift(nextStart, nextEnd, roster!.id);
    await f.submit({ employeeId: f.employeeId, punchKey: second.punchKey, clockOffRecordedTimeUtc: second.clockOffRecordedTimeUtc, answers: TOOK_IT });
    expect((await f.line(second.shiftId)).status).toBe('Approved');
  });

  it('refuses answers the wording does not offer, with a clear message, and keeps nothing', async () => {
    const f = await fixture();
    const off = await f.shift(START, END);
    const base = { employeeId: f.employeeId, punchKey: off.punchKey, clockOffRecordedTimeUtc: off.clockOffRecordedTimeUtc };
    const cases: [unknown, RegExp][] = [
      [[{ question: 'MealBreak', version: 2, answer: 'Yes' }], /no version 2/],
      [[{ question: 'MealBreak', version: 1, answer: 'Injured' }], /not an answer to MealBreak/],
      [[], /at least one answer/],
      [[...TOOK_IT, ...MISSED], /answered twice/],
    ];
    for (const [answers, message] of cases) {
      const res = await f.submit({ ...base, answers });
      expect(res.status, res.text).toBe(400);
      expect(res.text).toMatch(message);
    }
    expect(await t.db.select().from(shiftAttestations).where(eq(shiftAttestations.businessId, f.tenant.businessId))).toEqual([]);
  });

  it('keeps the answers without a shift when the clock-off never arrived', async () => {
    const f = await fixture();
    t.clock.set(END);
    const res = await f.submit({ employeeId: f.employeeId, punchKey: randomUUID(), clockOffRecordedTimeUtc: '2026-06-04T15:00:00Z', answers: MISSED });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ shiftId: null, timesheetLineId: null, reportsMissedBreak: true, clockOffUtc: '2026-06-04T15:00:00.000Z' });
  });

  it('raises ShiftAttested with the attestation, and the export writes the answers on their line', async () => {
    const f = await fixture();
    await insertRegistration(t, f.tenant, { filters: ['ShiftAttested'] });
    const off = await f.shift(START, END);
    const res = await f.submit({
      employeeId: f.employeeId,
      punchKey: off.punchKey,
      clockOffRecordedTimeUtc: off.clockOffRecordedTimeUtc,
      answers: [...MISSED, { question: 'Injury', version: 1, answer: 'NoInjury' }],
    });
    const attestation = AttestationModel.parse(res.body);
    const events = await t.db.select().from(webhookEvents).where(eq(webhookEvents.businessId, f.tenant.businessId));
    expect(events.map((e) => e.action)).toEqual(['ShiftAttested']);
    expect(events[0]?.data).toMatchObject({ businessId: f.tenant.businessId, shiftId: off.shiftId, employeeId: f.employeeId, attestation: { id: attestation.id, reportsMissedBreak: true } });

    const line = await f.line(off.shiftId);
    await t.db.update(timesheetLines).set({ status: 'Approved' }).where(eq(timesheetLines.id, line.id));
    const csv = await t.request('GET', `${f.tenant.base}/timesheet/export?FromDate=2026-06-04&ToDate=2026-06-04`, { auth: f.auth });
    expect(csv.status, csv.text).toBe(200);
    const [header, row] = csv.text.trim().split('\r\n');
    expect(header?.split(',').at(-1)).toBe('attestations');
    expect(row?.split(',').slice(-2)).toEqual([String(line.id), 'MealBreak v1: NotAble; Injury v1: NoInjury']);
  });

  it('says which stored attestation is damaged instead of passing it on', async () => {
    const f = await fixture();
    const off = await f.shift(START, END);
    const res = await f.submit({ employeeId: f.employeeId, punchKey: off.punchKey, clockOffRecordedTimeUtc: off.clockOffRecordedTimeUtc, answers: TOOK_IT });
    const id = (res.body as AttestationModel).id;
    await t.db.update(shiftAttestations).set({ answers: [{ question: 'MealBreak', version: 9, answer: 'Yes' }] }).where(eq(shiftAttestations.id, id));
    await expect(listAttestations(t.db, f.tenant.businessId, false, { limit: 10, offset: 0 })).rejects.toThrow(`Stored answers of attestation ${id} are not valid`);
  });
});
